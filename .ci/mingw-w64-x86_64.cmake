# Cross-compiling for 64-bit Windows with Debian's mingw-w64, posix thread model (std::thread
# and std::mutex need it). Used by .ci/build-windows for GLFW and WadSmith alike.
#
# Libraries are found only under Debian's mingw tree (/usr/x86_64-w64-mingw32: zlib) and the
# prefix .ci/build-windows builds GLFW, Dear ImGui and the nlohmann/json config into
# ($WADSMITH_WINDOWS_PREFIX). Never /usr/include: glibc's headers would be mixed into a Windows
# build.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

if(NOT DEFINED ENV{WADSMITH_WINDOWS_PREFIX})
  message(FATAL_ERROR "WADSMITH_WINDOWS_PREFIX is not set: build with .ci/build-windows")
endif()
set(WADSMITH_WINDOWS_PREFIX $ENV{WADSMITH_WINDOWS_PREFIX})
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${WADSMITH_WINDOWS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)  # host tools (glad, pkg-config) run on Linux
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# One self-contained wadsmith.exe: libz.a rather than the zlib1.dll import library; libstdc++,
# libgcc and winpthreads linked in. (.ci/build-windows checks the DLLs the .exe imports.) The
# prefix's lib folder is searched for what static libraries name bare (Assimp's -lminizip).
set(ZLIB_USE_STATIC_LIBS ON)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -L${WADSMITH_WINDOWS_PREFIX}/lib")
