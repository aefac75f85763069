// Where the program and the user's files are, and the command line as UTF-8, on Linux and
// Windows alike.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace wadsmith::platform {

// The arguments after the program name, UTF-8 (on Windows read as UTF-16 from the OS: the
// narrow argv is in the ANSI code page and loses every character outside it).
std::vector<std::string> commandLine(int argc, char** argv);
// Keeps the large buffers of documents in the heap, reused from one file to the next, on huge
// pages where the system allows them (Linux with glibc; a no-op elsewhere). A document is a few
// buffers of megabytes; glibc maps each afresh and unmaps it when freed, and the page faults of
// touching them again cost more than reading and writing the bytes. Call first thing in main.
void tuneHeapForLargeBuffers();
// Console output as UTF-8 (Windows' console otherwise shows file names in the OEM code page).
void useUtf8Console();
// The editor started by a double-click or a file dropped on the .exe got a console window of its
// own; close it. A console shared with a shell stays.
void closeOwnConsole();

std::filesystem::path executablePath();  // empty when unknown
std::filesystem::path homeDirectory();    // HOME; USERPROFILE on Windows
// The user's settings folder for WadSmith: %APPDATA%\WadSmith on Windows, else
// $XDG_CONFIG_HOME/wadsmith or ~/.config/wadsmith.
std::filesystem::path configDirectory();
// Roots the file browser offers besides the current path: the drives (C:\, D:\ ...) on Windows,
// nothing on Linux (everything is under /).
std::vector<std::filesystem::path> driveRoots();

}  // namespace wadsmith::platform
