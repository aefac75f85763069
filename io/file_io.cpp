#include "io/file_io.h"

#include <stdexcept>
#include <string>

#include "io/file_set.h"
#include "io/native_file.h"
#include "io/utf8_path.h"

namespace wadsmith {

namespace {
// An open regular file, or an error naming why not.
native::File openRegular(const std::filesystem::path& path, const std::string& name) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(name + ": is a directory, not a file");
  native::OsError err;
  auto f = native::File::openRead(path, err);
  if (err) throw std::runtime_error(name + ": cannot open: " + err.text());
  // A FIFO or a device never ends (/dev/zero) or blocks; only files on disk are documents.
  if (!f.isRegular()) throw std::runtime_error(name + ": not a regular file (" + f.kindName() + ")");
  return f;
}
}  // namespace

std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path) {
  const std::string name = utf8Name(path);
  auto f = openRegular(path, name);
  native::OsError err;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(static_cast<std::size_t>(f.sizeHint()));
  std::uint8_t buf[1 << 16];
  while (std::size_t n = f.read(buf, err)) bytes.insert(bytes.end(), buf, buf + n);
  if (err) throw std::runtime_error(name + ": read error at byte " + std::to_string(bytes.size()) + ": " + err.text());
  return bytes;
}


SharedBytes readFileShared(const std::filesystem::path& path, FileHold hold) {
  const std::string name = utf8Name(path);
  auto f = openRegular(path, name);
  const std::size_t size = static_cast<std::size_t>(f.sizeHint());
  if (hold == FileHold::Mapped)
    if (auto mapped = f.mapReadOnly(size)) return SharedBytes::ownedBy(mapped, mapped.get(), size);
  // One buffer of the file's size, read into directly; one byte more tells a file that grew.
  auto buffer = std::make_shared_for_overwrite<std::uint8_t[]>(size + 1);
  std::size_t got = 0;
  native::OsError err;
  while (got < size + 1) {
    std::size_t n = f.read(std::span(buffer.get() + got, size + 1 - got), err);
    if (err) throw std::runtime_error(name + ": read error at byte " + std::to_string(got) + ": " + err.text());
    if (n == 0) break;
    got += n;
  }
  if (got > size) return SharedBytes(readFileBytes(path));  // it grew meanwhile: read it as it is now
  const std::uint8_t* data = buffer.get();
  return SharedBytes::ownedBy(std::move(buffer), data, got);
}

void writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  // Written before this returns: the bytes need no owner.
  writeFileAtomic(path, std::vector<SharedBytes>{SharedBytes::ownedBy(nullptr, bytes.data(), bytes.size())});
}

void writeFileAtomic(const std::filesystem::path& path, std::vector<SharedBytes> pieces) {
  FileSet set;
  set.add(path, std::move(pieces));
  set.commit();
}

}  // namespace wadsmith
