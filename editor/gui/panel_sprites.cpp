// The Sprites view: a WAD's .SWD (or a level's sprites) page by page with every sprite texture
// outlined, and the sprite sequences; a sequence's textures are highlighted when it is picked.
#include <imgui.h>

#include <algorithm>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/words.h"
#include "model/catalog.h"

namespace wadsmith::gui {

void drawSprites(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.sprites;
  const auto sprites = s.sprites();
  if (!sprites) {
    ImGui::TextDisabled("No sprites (.SWD) in this document.");
    return;
  }
  const auto& images = s.spritePageImages();
  ImGui::TextWrapped("%s on %s, %s", counted(sprites->textures.size(), "sprite texture").c_str(),
                     counted(sprites->pages.pages.size(), "page").c_str(), counted(sprites->sequences.size(), "sequence").c_str());
  for (const auto& q : sprites->sequences) {
    const std::string label = std::to_string(q.spriteId) + "  " + catalog::spriteSequenceLabel(static_cast<std::uint32_t>(q.spriteId)) + "  (" +
                              (sequenceLength(q) >= 0 ? counted(static_cast<std::size_t>(sequenceLength(q)), "texture")
                                                          : std::to_string(sequenceLength(q)) + " textures") + " from " + std::to_string(q.offset) + ")";
    if (selectable(label.c_str(), panel.sequence == q.spriteId)) {
      panel.sequence = q.spriteId;
      if (q.offset >= 0 && static_cast<std::size_t>(q.offset) < sprites->textures.size()) panel.page = sprites->textures[static_cast<std::size_t>(q.offset)].tile;
    }
  }
  const int pages = static_cast<int>(images.size());
  if (pages == 0) return;
  const auto [origin, k] = pageView("Sprite page", panel.page, pages, 120 * app.uiScale, [&](int p) {
    return app.renderer->imageTexture(images[static_cast<std::size_t>(p)]);
  });
  auto* draw = ImGui::GetWindowDrawList();
  const SpriteSequence* picked = panel.sequence ? sprites->sequence(*panel.sequence) : nullptr;
  for (std::size_t i = 0; i < sprites->textures.size(); ++i) {
    const auto& t = sprites->textures[i];
    if (t.tile != panel.page) continue;
    const bool in = picked && static_cast<int>(i) >= picked->offset && static_cast<int>(i) < picked->offset + sequenceLength(*picked);
    draw->AddRect(ImVec2(origin.x + t.x * k, origin.y + t.y * k),
                  ImVec2(origin.x + (t.x + spriteWidth(t)) * k, origin.y + (t.y + spriteHeight(t)) * k),
                  in ? IM_COL32(255, 140, 30, 255) : IM_COL32(80, 200, 255, 140), 0, 0, in ? 2.0f : 1.0f);
  }
}

}  // namespace wadsmith::gui
