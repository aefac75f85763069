// The editor's panels by name, and how the tools column groups them: no ImGui here, so tests
// and scripts use the same strings.
#pragma once

namespace wadsmith::gui {

// Panel names: window titles, tab labels and `--panel` values use these strings.
namespace panel {
inline constexpr const char* kObjects = "Objects";
inline constexpr const char* kViewport = "Viewport";
inline constexpr const char* kAnimation = "Animation";
inline constexpr const char* kStateChanges = "State changes";
inline constexpr const char* kCommands = "Commands";
inline constexpr const char* kMesh = "Mesh";
inline constexpr const char* kTextures = "Textures";
inline constexpr const char* kMerge = "Merge";
inline constexpr const char* kSounds = "Sounds";
inline constexpr const char* kSprites = "Sprites";
inline constexpr const char* kHistory = "History";
inline constexpr const char* kValidation = "Validation";
// The tools column groups its eight panels under four tabs, so every tab label fits a 1280x720
// window (nine tabs side by side were cut to "Anim..."); a group of several has a second row.
struct Group {
  const char* name;
  const char* panels[3];  // nullptr ends a shorter group
};
inline constexpr Group kRightGroups[] = {{kAnimation, {kAnimation, kStateChanges, kCommands}},
                                         {kMesh, {kMesh, kTextures, kSprites}},
                                         {kSounds, {kSounds}},
                                         {kMerge, {kMerge}}};
inline constexpr const char* kBottomTabs[] = {kHistory, kValidation};
}  // namespace panel

}  // namespace wadsmith::gui
