// Texture sources for the converters: an EverQuest archive, a directory of picture files, or
// several searched in order. Pictures are recognised by content (BMP or PCX); one that does
// not read is reported, not fatal: its faces become solid colours like a missing one.
#pragma once
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "io/pfs_archive.h"
#include "model/foreign/texture_source.h"

namespace wadsmith::foreign {

class ArchiveTextures : public TextureSource {
 public:
  explicit ArchiveTextures(eq::PfsArchive archive) : archive_(std::move(archive)) {}
  std::optional<Bitmap> find(const std::string& name) const override;
  std::string describe() const override;
  std::vector<std::string> problems() const override { return problems_; }

 private:
  eq::PfsArchive archive_;
  mutable std::vector<std::string> problems_;
};

class DirectoryTextures : public TextureSource {
 public:
  explicit DirectoryTextures(std::filesystem::path dir) : dir_(std::move(dir)) {}
  // `name` itself, else with .bmp or .pcx added, compared without regard to case.
  std::optional<Bitmap> find(const std::string& name) const override;
  std::string describe() const override { return dir_.generic_string(); }
  std::vector<std::string> problems() const override { return problems_; }

 private:
  std::filesystem::path dir_;
  mutable std::vector<std::string> problems_;
};

class TextureChain : public TextureSource {
 public:
  void add(std::unique_ptr<TextureSource> s) { sources_.push_back(std::move(s)); }
  bool empty() const { return sources_.empty(); }
  std::optional<Bitmap> find(const std::string& name) const override;
  std::string describe() const override;
  std::vector<std::string> problems() const override;

 private:
  std::vector<std::unique_ptr<TextureSource>> sources_;
};

// A picture by content: BMP or PCX. Throws ParseError.
Bitmap readPicture(std::span<const std::uint8_t> bytes, const std::string& file);

// A texture source from a path: an archive when its content is PFS, else a directory.
std::unique_ptr<TextureSource> openTextureSource(const std::filesystem::path& path);

}  // namespace wadsmith::foreign
