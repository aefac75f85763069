// Sample playback through SDL2's audio subsystem alone (GLFW keeps the window): a game tool's
// choice, packaged by Debian and built from its source for Windows. Nothing is opened before the
// first sample plays, so the editor starts and works on a machine without any audio device
// (CI, Xvfb): playing then answers "no audio device: ...". SDL_AUDIODRIVER picks the driver
// (tests play through "disk").
#pragma once
#include <cstdint>

#include "editor/session/audio_out.h"

namespace wadsmith::gui {

class SdlAudio : public session::AudioOut {
 public:
  SdlAudio() = default;
  ~SdlAudio() override;
  SdlAudio(const SdlAudio&) = delete;
  SdlAudio& operator=(const SdlAudio&) = delete;
  std::string play(std::span<const std::uint8_t> wav, const std::string& name) override;

 private:
  bool started_ = false;
  std::uint32_t device_ = 0;
};

}  // namespace wadsmith::gui
