// 3D GameStudio models and maps to the common float form (model/imported.h). Axes change from
// A4's (x forward, y left, z up) to TR's; units scale by `scale`.
//
// MDL: a model whose word-packed frames name more than one bone becomes a movable with one
// mesh per bone group; each frame's vertices of a group are fitted with one rigid motion (least
// squares), the mesh tree is inferred from those motions (each group hangs from the neighbour
// it stays jointed to best) and each frame's residual is kept. Without bones it becomes a
// static from one frame, or a one-mesh movable keeping the rigid part of every frame.
// WMP: the blocks of one object (or of the whole map) become one static mesh.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/foreign/bitmap.h"
#include "model/foreign/gs_mdl.h"
#include "model/foreign/gs_wmp.h"
#include "model/foreign/texture_source.h"
#include "model/imported.h"

namespace wadsmith::gs {

// A4 quants are about an inch (the corpus golem is 86 quants tall): 10 makes a 72-quant human
// 720 TR units, about Lara's 762.
constexpr float kDefaultScale = 10;

struct Options {
  float scale = kDefaultScale;
  bool floor = true;           // lowest vertex (MDL: of the reference frame) on y = 0
  int frame = 0;               // MDL: the frame a static is taken from
  float framesPerSecond = 10;  // MDL frames carry no time
  bool overlay = false;        // MDL: A4's overlay mode: palette index 0 / colour 0x0000 transparent
  std::vector<std::array<std::uint8_t, 3>> palette;  // MDL: for 8-bit skins (palette.pcx); empty: grey
};

// Distinct bone indices of the word-packed frames' vertices (frame 0); one entry when the
// model has no bone vertices.
std::vector<int> mdlBoneGroups(const MdlModel& m);
// Skin `s` as an image: 8-bit through the palette (a grey ramp without one, said in `notes`),
// 16-bit as 5-6-5 (type 2) or 4-4-4-4 ARGB.
foreign::Bitmap mdlSkinBitmap(const MdlModel& m, const MdlSkin& s, const Options& o, std::vector<std::string>& notes);

// Throws foreign::ConvertError for a frame that does not exist.
imported::Model convertMdl(const MdlModel& m, const std::string& name, bool movable, const Options& options);

// "objectN" for every object that holds blocks, then "all" (every block placed by the tree).
std::vector<std::string> wmpStaticNames(const WmpMap& map);
imported::Model convertWmp(const WmpMap& map, const std::string& name, const Options& options,
                           const foreign::TextureSource& textures);

}  // namespace wadsmith::gs
