#include "io/file_io.h"

#include <stdexcept>
#include <string>

#include "io/file_set.h"
#include "io/native_file.h"
#include "io/utf8_path.h"

namespace wadsmith {

std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path) {
  const std::string name = utf8Name(path);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(name + ": is a directory, not a file");
  native::OsError err;
  auto f = native::File::openRead(path, err);
  if (err) throw std::runtime_error(name + ": cannot open: " + err.text());
  // A FIFO or a device never ends (/dev/zero) or blocks; only files on disk are documents.
  if (!f.isRegular()) throw std::runtime_error(name + ": not a regular file (" + f.kindName() + ")");
  std::vector<std::uint8_t> bytes;
  bytes.reserve(static_cast<std::size_t>(f.sizeHint()));
  std::uint8_t buf[1 << 16];
  while (std::size_t n = f.read(buf, err)) bytes.insert(bytes.end(), buf, buf + n);
  if (err) throw std::runtime_error(name + ": read error at byte " + std::to_string(bytes.size()) + ": " + err.text());
  return bytes;
}

void writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  FileSet set;
  set.add(path, std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  set.commit();
}

}  // namespace wadsmith
