// The few file-system calls the readers and the transactional save need, on POSIX and Win32,
// with the OS's own reason for every failure (strerror / FormatMessage).
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

namespace wadsmith::native {

// An OS error number (errno on POSIX, GetLastError() on Windows); 0 is success.
struct OsError {
  int code = 0;
  explicit operator bool() const { return code != 0; }
  std::string text() const;  // the OS's wording, e.g. "No space left on device"
};
OsError diskFullError();  // ENOSPC / ERROR_DISK_FULL, for fault injection

// What is at a path, without following a final symbolic link.
enum class Kind { Missing, Regular, Directory, Symlink, Other };
Kind kindOf(const std::filesystem::path& path);

// An open file, closed when it goes out of scope.
class File {
 public:
  File() = default;
  File(File&& o) noexcept : handle_(o.handle_) { o.handle_ = kNone; }
  File& operator=(File&& o) noexcept;
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  ~File() { close(); }

  // Creates a file that did not exist (O_CREAT|O_EXCL|O_NOFOLLOW; CREATE_NEW): a name that
  // exists, a planted symbolic link included, is refused, never opened.
  static File createNew(const std::filesystem::path& path, OsError& error);
  // Opens for reading without blocking on a FIFO (it is refused afterwards by isRegular).
  static File openRead(const std::filesystem::path& path, OsError& error);

  bool isOpen() const { return handle_ != kNone; }
  bool isRegular() const;            // a regular file on disk (not a FIFO, device, directory)
  std::string kindName() const;      // "a FIFO", "a character device"... for the error
  std::uint64_t sizeHint() const;    // the size the file has now (0 when unknown)
  // Reads up to `buf.size()` bytes; returns 0 at the end. On failure returns 0 and sets error.
  std::size_t read(std::span<std::uint8_t> buf, OsError& error);
  // The first `size` bytes mapped read-only (private, pre-faulted: no copy, no zeroed pages),
  // unmapped with the last owner; null where mapping fails or the platform maps no files here.
  std::shared_ptr<const std::uint8_t> mapReadOnly(std::size_t size) const;
  OsError writeAll(std::span<const std::uint8_t> bytes);
  OsError sync();                      // to the disk (fsync / FlushFileBuffers)
  OsError copyModeFrom(const std::filesystem::path& other);  // POSIX permissions; no-op on Windows
  OsError close();

 private:
#ifdef _WIN32
  using Handle = void*;
  static inline const Handle kNone = reinterpret_cast<Handle>(static_cast<std::intptr_t>(-1));
#else
  using Handle = int;
  static constexpr Handle kNone = -1;
#endif
  explicit File(Handle h) : handle_(h) {}
  Handle handle_ = kNone;
};

// Replaces `to` by `from` in one step (rename / MoveFileExW with REPLACE_EXISTING|WRITE_THROUGH).
OsError replaceFile(const std::filesystem::path& from, const std::filesystem::path& to);
// Whether `target` can be replaced now (no error when it does not exist). On Windows a file that
// another program holds open without FILE_SHARE_DELETE, or a read-only one, cannot be; checked
// before a save's commit point so that such a file fails the save with nothing replaced.
OsError checkReplaceable(const std::filesystem::path& target);
OsError removeFile(const std::filesystem::path& path);
// Makes renames and creations in a directory durable (fsync of the directory; Windows has no
// such call and MOVEFILE_WRITE_THROUGH covers it).
OsError syncDirectory(const std::filesystem::path& dir);

unsigned long currentProcessId();
// False only when no process with that id exists (a reaped one).
bool processAlive(unsigned long pid);

}  // namespace wadsmith::native
