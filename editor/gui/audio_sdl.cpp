#include "editor/gui/audio_sdl.h"

#define SDL_MAIN_HANDLED  // GLFW's program: SDL must not replace main()
#include <SDL.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "editor/late_library.h"

namespace wadsmith::gui {

namespace {

// The SDL functions the editor calls. Where SDL is a shared library (Linux) it is opened when
// the first sample plays: linked in, its ~50 libraries (PulseAudio, ALSA, codecs, Wayland)
// would load with every headless command. The Windows build links SDL statically. The list is
// written once: X(Name) stands for SDL_Name.
#define WADSMITH_SDL_FUNCTIONS(X)                                                                        \
  X(SetMainReady) X(InitSubSystem) X(QuitSubSystem) X(GetError) X(GetCurrentAudioDriver) X(RWFromConstMem) \
  X(LoadWAV_RW) X(FreeWAV) X(OpenAudioDevice) X(CloseAudioDevice) X(QueueAudio) X(GetQueuedAudioSize)      \
  X(PauseAudioDevice)

struct SdlApi {
#define WADSMITH_SDL_MEMBER(name) decltype(&SDL_##name) name = nullptr;
  WADSMITH_SDL_FUNCTIONS(WADSMITH_SDL_MEMBER)
#undef WADSMITH_SDL_MEMBER
};

#ifdef WADSMITH_SDL_DLOPEN
// The API, or nullptr with `error` saying why.
const SdlApi* sdl(std::string& error) {
  static SdlApi a;
  static LateLibrary lib("libSDL2-2.0.so.0");
  static const bool bound = [] {
#define WADSMITH_SDL_BIND(name) lib.bind(a.name, "SDL_" #name);
    WADSMITH_SDL_FUNCTIONS(WADSMITH_SDL_BIND)
#undef WADSMITH_SDL_BIND
    return static_cast<bool>(lib);
  }();
  error = lib.error();
  return bound ? &a : nullptr;
}
#else
const SdlApi* sdl(std::string&) {
#define WADSMITH_SDL_LINKED(name) SDL_##name,
  static const SdlApi api{WADSMITH_SDL_FUNCTIONS(WADSMITH_SDL_LINKED)};
#undef WADSMITH_SDL_LINKED
  return &api;
}
#endif

}  // namespace

SdlAudio::~SdlAudio() {
  std::string error;
  const SdlApi* s = sdl(error);
  if (!s) return;
  if (device_) {
    // The "disk" driver (tests) writes what was queued before the program ends.
    const char* driver = s->GetCurrentAudioDriver();
    if (driver && std::string(driver) == "disk")
      for (int i = 0; i < 200 && s->GetQueuedAudioSize(device_) > 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    s->CloseAudioDevice(device_);
  }
  if (started_) s->QuitSubSystem(SDL_INIT_AUDIO);
}

std::string SdlAudio::play(std::span<const std::uint8_t> wav, const std::string& name) {
  std::string error;
  const SdlApi* s = sdl(error);
  if (!s) return "no audio: " + error;
  if (!started_) {
    s->SetMainReady();
    if (s->InitSubSystem(SDL_INIT_AUDIO) != 0) return "no audio device: " + std::string(s->GetError());
    started_ = true;
  }
  SDL_AudioSpec spec;
  Uint8* buffer = nullptr;
  Uint32 length = 0;
  // SDL decodes the WAV (PCM, and the MS-ADPCM and IMA-ADPCM of retail TR4 levels).
  SDL_RWops* rw = s->RWFromConstMem(wav.data(), static_cast<int>(wav.size()));
  if (!s->LoadWAV_RW(rw, 1, &spec, &buffer, &length)) return name + ": not a WAV SDL can play (" + s->GetError() + ")";
  if (device_) s->CloseAudioDevice(device_);  // a new sample stops the one playing
  device_ = s->OpenAudioDevice(nullptr, 0, &spec, nullptr, 0);
  if (!device_) {
    s->FreeWAV(buffer);
    return "no audio device: " + std::string(s->GetError());
  }
  s->QueueAudio(device_, buffer, length);
  s->FreeWAV(buffer);
  s->PauseAudioDevice(device_, 0);
  const int frameBytes = static_cast<int>(SDL_AUDIO_BITSIZE(spec.format) / 8) * spec.channels;
  char text[160];
  std::snprintf(text, sizeof text, "playing %s (%d Hz, %.2f s) on %s", name.c_str(), spec.freq,
                frameBytes ? static_cast<double>(length) / frameBytes / spec.freq : 0.0, s->GetCurrentAudioDriver());
  return text;
}

}  // namespace wadsmith::gui
