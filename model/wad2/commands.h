// wad2 animation commands against TR's command words: W2Cmd (version 1) packs sound and
// flipeffect conditions in p2's high bits as TR does; W2Cmd2 keeps them in p3 (sound: 1 land,
// 2 water, 3 quicksand, 4 underwater; flipeffect: 1 left foot, 2 right foot).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/wad2/document.h"

namespace wadsmith::wad2 {

// A command with its conditions in p3 (TombLib's ConvertLegacyConditions for W2Cmd).
Command conditionsInP3(Command c);

// TR's words for a command (frames made absolute from `frameStart`, conditions packed back),
// or none with `why` set when a classic command list cannot hold it.
std::vector<std::uint16_t> trCommandWords(const Command& c, std::int64_t frameStart, std::string& why);

}  // namespace wadsmith::wad2
