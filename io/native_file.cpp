#include "io/native_file.h"

#include "io/utf8_path.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#endif

#include <algorithm>

namespace wadsmith::native {

File& File::operator=(File&& o) noexcept {
  if (this != &o) {
    close();
    handle_ = o.handle_;
    o.handle_ = kNone;
  }
  return *this;
}

#ifdef _WIN32

std::string OsError::text() const {
  wchar_t* buf = nullptr;
  DWORD n = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                           nullptr, static_cast<DWORD>(code), 0, reinterpret_cast<wchar_t*>(&buf), 0, nullptr);
  std::string s = n ? utf8Name(std::wstring(buf, n)) : "error " + std::to_string(code);
  if (buf) LocalFree(buf);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '.')) s.pop_back();
  return s;
}
static OsError lastError() { return {static_cast<int>(GetLastError())}; }
OsError diskFullError() { return {ERROR_DISK_FULL}; }

Kind kindOf(const std::filesystem::path& path) {
  DWORD a = GetFileAttributesW(path.c_str());
  if (a == INVALID_FILE_ATTRIBUTES) return Kind::Missing;
  if (a & FILE_ATTRIBUTE_REPARSE_POINT) return Kind::Symlink;
  if (a & FILE_ATTRIBUTE_DIRECTORY) return Kind::Directory;
  if (a & FILE_ATTRIBUTE_DEVICE) return Kind::Other;
  return Kind::Regular;
}

File File::createNew(const std::filesystem::path& path, OsError& error) {
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                         FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (h == INVALID_HANDLE_VALUE) error = lastError();
  return File(h);
}

File File::openRead(const std::filesystem::path& path, OsError& error) {
  // CreateFileW cannot open a directory without backup semantics; say what it is instead.
  if (kindOf(path) == Kind::Directory) {
    error = {ERROR_DIRECTORY};
    return File();
  }
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) error = lastError();
  return File(h);
}

bool File::isRegular() const { return GetFileType(handle_) == FILE_TYPE_DISK; }
std::string File::kindName() const {
  switch (GetFileType(handle_)) {
    case FILE_TYPE_PIPE: return "a pipe";
    case FILE_TYPE_CHAR: return "a character device";
    default: return "not a file on disk";
  }
}
std::uint64_t File::sizeHint() const {
  LARGE_INTEGER s;
  return GetFileSizeEx(handle_, &s) ? static_cast<std::uint64_t>(s.QuadPart) : 0;
}
std::size_t File::read(std::span<std::uint8_t> buf, OsError& error) {
  DWORD got = 0;
  DWORD want = static_cast<DWORD>(std::min<std::size_t>(buf.size(), 1u << 30));
  if (!ReadFile(handle_, buf.data(), want, &got, nullptr)) {
    error = lastError();
    return 0;
  }
  return got;
}
std::shared_ptr<const std::uint8_t> File::mapReadOnly(std::size_t size) const {
  if (size == 0) return nullptr;
  HANDLE mapping = CreateFileMappingW(handle_, nullptr, PAGE_READONLY, 0, 0, nullptr);
  if (!mapping) return nullptr;
  void* at = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, size);
  CloseHandle(mapping);  // the view keeps the mapping alive
  if (!at) return nullptr;
  return {static_cast<const std::uint8_t*>(at), [](const std::uint8_t* p) { UnmapViewOfFile(p); }};
}
OsError File::writeAll(std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    DWORD done = 0;
    DWORD want = static_cast<DWORD>(std::min<std::size_t>(bytes.size(), 1u << 30));
    if (!WriteFile(handle_, bytes.data(), want, &done, nullptr)) return lastError();
    bytes = bytes.subspan(done);
  }
  return {};
}
OsError File::sync() { return FlushFileBuffers(handle_) ? OsError{} : lastError(); }
OsError File::copyModeFrom(const std::filesystem::path&) { return {}; }
OsError File::close() {
  if (handle_ == kNone) return {};
  bool ok = CloseHandle(handle_);
  handle_ = kNone;
  return ok ? OsError{} : lastError();
}

OsError replaceFile(const std::filesystem::path& from, const std::filesystem::path& to) {
  return MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) ? OsError{}
                                                                                                    : lastError();
}
OsError checkReplaceable(const std::filesystem::path& target) {
  HANDLE h = CreateFileW(target.c_str(), DELETE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    DWORD e = GetLastError();
    return e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND ? OsError{} : OsError{static_cast<int>(e)};
  }
  bool readOnly = GetFileAttributesW(target.c_str()) & FILE_ATTRIBUTE_READONLY;
  CloseHandle(h);
  return readOnly ? OsError{ERROR_ACCESS_DENIED} : OsError{};
}
OsError removeFile(const std::filesystem::path& path) { return DeleteFileW(path.c_str()) ? OsError{} : lastError(); }
OsError syncDirectory(const std::filesystem::path&) { return {}; }

unsigned long currentProcessId() { return GetCurrentProcessId(); }
bool processAlive(unsigned long pid) {
  HANDLE h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
  if (!h) return GetLastError() == ERROR_ACCESS_DENIED;  // exists, but not ours to query
  DWORD code = 0;
  bool alive = GetExitCodeProcess(h, &code) && code == STILL_ACTIVE;
  CloseHandle(h);
  return alive;
}

#else  // POSIX

std::string OsError::text() const { return std::strerror(code); }
static OsError lastError() { return {errno}; }
OsError diskFullError() { return {ENOSPC}; }

Kind kindOf(const std::filesystem::path& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return Kind::Missing;
  if (S_ISLNK(st.st_mode)) return Kind::Symlink;
  if (S_ISDIR(st.st_mode)) return Kind::Directory;
  return S_ISREG(st.st_mode) ? Kind::Regular : Kind::Other;
}

File File::createNew(const std::filesystem::path& path, OsError& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0) error = lastError();
  return File(fd);
}

File File::openRead(const std::filesystem::path& path, OsError& error) {
  // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    error = lastError();
    return File();
  }
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    error = {EISDIR};
    return File();
  }
  // Regular files read the same without O_NONBLOCK; clear it so reads behave normally.
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return File(fd);
}

bool File::isRegular() const {
  struct stat st;
  return ::fstat(handle_, &st) == 0 && S_ISREG(st.st_mode);
}
std::string File::kindName() const {
  struct stat st;
  if (::fstat(handle_, &st) != 0) return "unknown";
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISCHR(st.st_mode)) return "a character device";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  if (S_ISDIR(st.st_mode)) return "a directory";
  return "not a regular file";
}
std::uint64_t File::sizeHint() const {
  struct stat st;
  return ::fstat(handle_, &st) == 0 && st.st_size > 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}
std::size_t File::read(std::span<std::uint8_t> buf, OsError& error) {
  while (true) {
    ssize_t n = ::read(handle_, buf.data(), buf.size());
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno == EINTR) continue;
    error = lastError();
    return 0;
  }
}
std::shared_ptr<const std::uint8_t> File::mapReadOnly(std::size_t size) const {
  if (size == 0) return nullptr;
  void* at = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, handle_, 0);
  if (at == MAP_FAILED) return nullptr;
  return {static_cast<const std::uint8_t*>(at), [size](const std::uint8_t* p) { ::munmap(const_cast<std::uint8_t*>(p), size); }};
}
OsError File::writeAll(std::span<const std::uint8_t> bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(handle_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return lastError();
    }
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
  return {};
}
OsError File::sync() { return ::fsync(handle_) == 0 ? OsError{} : lastError(); }
OsError File::copyModeFrom(const std::filesystem::path& other) {
  struct stat st;
  if (::stat(other.c_str(), &st) != 0) return {};  // no file there yet: keep the umask's mode
  return ::fchmod(handle_, st.st_mode & 07777) == 0 ? OsError{} : lastError();
}
OsError File::close() {
  if (handle_ == kNone) return {};
  int rc = ::close(handle_);
  handle_ = kNone;
  return rc == 0 ? OsError{} : lastError();
}

OsError replaceFile(const std::filesystem::path& from, const std::filesystem::path& to) {
  return ::rename(from.c_str(), to.c_str()) == 0 ? OsError{} : lastError();
}
OsError checkReplaceable(const std::filesystem::path&) { return {}; }  // rename needs only the directory
OsError removeFile(const std::filesystem::path& path) { return ::unlink(path.c_str()) == 0 ? OsError{} : lastError(); }
OsError syncDirectory(const std::filesystem::path& dir) {
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return lastError();
  int rc = ::fsync(fd);
  OsError e = rc == 0 || errno == EINVAL ? OsError{} : lastError();  // EINVAL: not syncable here
  ::close(fd);
  return e;
}

unsigned long currentProcessId() { return static_cast<unsigned long>(::getpid()); }
bool processAlive(unsigned long pid) {
  if (pid == 0 || pid > 0x7FFFFFFFul) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

#endif

}  // namespace wadsmith::native
