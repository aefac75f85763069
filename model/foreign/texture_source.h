// Where a converter finds the pictures a model names (an EverQuest .s3d archive, a directory of
// bitmaps, a 3D GameStudio texture folder). The io layer implements it; converters only ask.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/foreign/bitmap.h"

namespace wadsmith::foreign {

class TextureSource {
 public:
  virtual ~TextureSource() = default;
  // The picture stored under `name` (a file name such as "sgrass.bmp", or a texture name
  // without extension), compared without regard to case; nullopt when there is none.
  virtual std::optional<Bitmap> find(const std::string& name) const = 0;
  // What was searched, for the notes ("gfaydark.s3d, /textures").
  virtual std::string describe() const = 0;
  // Pictures that exist but did not read, with the reader's message (their faces then are
  // solid colours, like a missing picture's).
  virtual std::vector<std::string> problems() const { return {}; }
};

// Finds nothing: listing models needs no pictures.
class NoTextures : public TextureSource {
 public:
  std::optional<Bitmap> find(const std::string&) const override { return std::nullopt; }
  std::string describe() const override { return "no texture source"; }
};

}  // namespace wadsmith::foreign
