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
// would load with every headless command. The Windows build links SDL statically.
struct SdlApi {
  decltype(&SDL_SetMainReady) SetMainReady = nullptr;
  decltype(&SDL_InitSubSystem) InitSubSystem = nullptr;
  decltype(&SDL_QuitSubSystem) QuitSubSystem = nullptr;
  decltype(&SDL_GetError) GetError = nullptr;
  decltype(&SDL_GetCurrentAudioDriver) GetCurrentAudioDriver = nullptr;
  decltype(&SDL_RWFromConstMem) RWFromConstMem = nullptr;
  decltype(&SDL_LoadWAV_RW) LoadWAV_RW = nullptr;
  decltype(&SDL_FreeWAV) FreeWAV = nullptr;
  decltype(&SDL_OpenAudioDevice) OpenAudioDevice = nullptr;
  decltype(&SDL_CloseAudioDevice) CloseAudioDevice = nullptr;
  decltype(&SDL_QueueAudio) QueueAudio = nullptr;
  decltype(&SDL_GetQueuedAudioSize) GetQueuedAudioSize = nullptr;
  decltype(&SDL_PauseAudioDevice) PauseAudioDevice = nullptr;
};

#ifdef WADSMITH_SDL_DLOPEN
// The API, or nullptr with `error` saying why.
const SdlApi* sdl(std::string& error) {
  static SdlApi a;
  static LateLibrary lib("libSDL2-2.0.so.0");
  static const bool bound = [] {
    lib.bind(a.SetMainReady, "SDL_SetMainReady").bind(a.InitSubSystem, "SDL_InitSubSystem");
    lib.bind(a.QuitSubSystem, "SDL_QuitSubSystem").bind(a.GetError, "SDL_GetError");
    lib.bind(a.GetCurrentAudioDriver, "SDL_GetCurrentAudioDriver").bind(a.RWFromConstMem, "SDL_RWFromConstMem");
    lib.bind(a.LoadWAV_RW, "SDL_LoadWAV_RW").bind(a.FreeWAV, "SDL_FreeWAV");
    lib.bind(a.OpenAudioDevice, "SDL_OpenAudioDevice").bind(a.CloseAudioDevice, "SDL_CloseAudioDevice");
    lib.bind(a.QueueAudio, "SDL_QueueAudio").bind(a.GetQueuedAudioSize, "SDL_GetQueuedAudioSize");
    lib.bind(a.PauseAudioDevice, "SDL_PauseAudioDevice");
    return static_cast<bool>(lib);
  }();
  error = lib.error();
  return bound ? &a : nullptr;
}
#else
const SdlApi* sdl(std::string&) {
  static const SdlApi api{SDL_SetMainReady,   SDL_InitSubSystem,    SDL_QuitSubSystem,      SDL_GetError,
                          SDL_GetCurrentAudioDriver, SDL_RWFromConstMem, SDL_LoadWAV_RW,   SDL_FreeWAV,
                          SDL_OpenAudioDevice, SDL_CloseAudioDevice, SDL_QueueAudio,      SDL_GetQueuedAudioSize,
                          SDL_PauseAudioDevice};
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
