// Where the editor plays a sample: an interface so the session stays free of any audio library
// (the GUI gives it SDL's audio, editor/gui/audio_sdl.h; tests give it a recorder). Playing
// never throws: without a device the answer says why, and the editor goes on.
#pragma once
#include <cstdint>
#include <span>
#include <string>

namespace wadsmith::session {

class AudioOut {
 public:
  virtual ~AudioOut() = default;
  // Starts playing a WAV file's bytes; returns what happened ("playing NAME (22050 Hz, 0.4 s)"
  // or "no audio device: REASON").
  virtual std::string play(std::span<const std::uint8_t> wav, const std::string& name) = 0;
};

}  // namespace wadsmith::session
