#include "io/file_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

namespace wadsmith {

std::vector<std::uint8_t> readFileBytes(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error(path.string() + ": cannot open: " + std::strerror(errno));
  // One allocation of the file's size and one read into it (a file that grows meanwhile is
  // read on in blocks).
  std::vector<std::uint8_t> bytes;
  if (std::fseek(f, 0, SEEK_END) == 0) {
    long size = std::ftell(f);
    if (size > 0) bytes.resize(static_cast<std::size_t>(size));
    std::rewind(f);
  }
  std::size_t got = std::fread(bytes.data(), 1, bytes.size(), f);
  bytes.resize(got);
  std::uint8_t buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.insert(bytes.end(), buf, buf + n);
  bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) throw std::runtime_error(path.string() + ": read error");
  return bytes;
}

SharedBytes readFileShared(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error(path.string() + ": cannot open: " + std::strerror(errno));
  long size = std::fseek(f, 0, SEEK_END) == 0 ? std::ftell(f) : -1;
  std::rewind(f);
  if (size < 0) {  // not seekable: read it as a stream
    std::fclose(f);
    return SharedBytes(readFileBytes(path));
  }
  auto buffer = std::make_shared_for_overwrite<std::uint8_t[]>(static_cast<std::size_t>(size) + 1);
  std::size_t got = std::fread(buffer.get(), 1, static_cast<std::size_t>(size) + 1, f);
  bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) throw std::runtime_error(path.string() + ": read error: " + std::strerror(errno));
  if (got > static_cast<std::size_t>(size)) return SharedBytes(readFileBytes(path));  // it grew meanwhile
  const std::uint8_t* data = buffer.get();
  return SharedBytes::ownedBy(std::move(buffer), data, got);
}

void writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  std::filesystem::path tmp = path;
  tmp += ".tmp-" + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw std::runtime_error(tmp.string() + ": cannot create: " + std::strerror(errno));
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = std::fflush(f) == 0 && ok;
  ok = ::fsync(::fileno(f)) == 0 && ok;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    std::filesystem::remove(tmp);
    throw std::runtime_error(path.string() + ": write failed: " + std::strerror(errno));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp);
    throw std::runtime_error(path.string() + ": cannot replace: " + ec.message());
  }
}

}  // namespace wadsmith
