#include "editor/gui/audio_sdl.h"

#define SDL_MAIN_HANDLED  // GLFW's program: SDL must not replace main()
#include <SDL.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace wadsmith::gui {

SdlAudio::~SdlAudio() {
  if (device_) {
    // The "disk" driver (tests) writes what was queued before the program ends.
    const char* driver = SDL_GetCurrentAudioDriver();
    if (driver && std::string(driver) == "disk")
      for (int i = 0; i < 200 && SDL_GetQueuedAudioSize(device_) > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    SDL_CloseAudioDevice(device_);
  }
  if (started_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

std::string SdlAudio::play(std::span<const std::uint8_t> wav, const std::string& name) {
  if (!started_) {
    SDL_SetMainReady();
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return "no audio device: " + std::string(SDL_GetError());
    started_ = true;
  }
  SDL_AudioSpec spec;
  Uint8* buffer = nullptr;
  Uint32 length = 0;
  // SDL decodes the WAV (PCM, and the MS-ADPCM and IMA-ADPCM of retail TR4 levels).
  SDL_RWops* rw = SDL_RWFromConstMem(wav.data(), static_cast<int>(wav.size()));
  if (!SDL_LoadWAV_RW(rw, 1, &spec, &buffer, &length)) return name + ": not a WAV SDL can play (" + SDL_GetError() + ")";
  if (device_) SDL_CloseAudioDevice(device_);  // a new sample stops the one playing
  device_ = SDL_OpenAudioDevice(nullptr, 0, &spec, nullptr, 0);
  if (!device_) {
    SDL_FreeWAV(buffer);
    return "no audio device: " + std::string(SDL_GetError());
  }
  SDL_QueueAudio(device_, buffer, length);
  SDL_FreeWAV(buffer);
  SDL_PauseAudioDevice(device_, 0);
  const int frameBytes = static_cast<int>(SDL_AUDIO_BITSIZE(spec.format) / 8) * spec.channels;
  char text[160];
  std::snprintf(text, sizeof text, "playing %s (%d Hz, %.2f s) on %s", name.c_str(), spec.freq,
                frameBytes ? static_cast<double>(length) / frameBytes / spec.freq : 0.0, SDL_GetCurrentAudioDriver());
  return text;
}

}  // namespace wadsmith::gui
