#include "model/wad2/commands.h"

namespace wadsmith::wad2 {

Command conditionsInP3(Command c) {
  if (c.version != 1) return c;
  const auto p2 = static_cast<std::uint16_t>(c.p2);
  if (c.type == command::kSound) {
    const int bits = p2 & 0xF000;
    c.p3 = bits == 0x4000 ? 1 : bits == 0x8000 ? 2 : bits == 0x1000 ? 3 : bits == 0x2000 ? 4 : 0;
    c.p2 = p2 & 0x0FFF;
  } else if (c.type == command::kFlipEffect) {
    const int bits = p2 & 0xC000;
    c.p3 = bits == 0x4000 ? 1 : bits == 0x8000 ? 2 : 0;
    c.p2 = p2 & 0x3FFF;
  }
  c.version = 2;
  return c;
}

std::vector<std::uint16_t> trCommandWords(const Command& given, std::int64_t frameStart, std::string& why) {
  const Command c = conditionsInP3(given);
  auto w = [](std::int64_t v) { return static_cast<std::uint16_t>(v); };
  switch (c.type) {
    case command::kSetPosition: return {1, w(c.p1), w(c.p2), w(c.p3)};
    case command::kJump: return {2, w(c.p1), w(c.p2)};
    case command::kEmptyHands: return {3};
    case command::kKill: return {4};
    case command::kSound:
    case command::kFlipEffect: {
      const std::uint16_t mask = c.p3 == 1 ? 0x4000 : c.p3 == 2 ? 0x8000 : 0;
      if (c.type == command::kSound && c.p3 > 2)
        why = "sound " + std::to_string(c.p2) + "'s condition " + std::to_string(c.p3) +
              " (TombEngine's quicksand / underwater) plays always in TR4";
      return {w(c.type), w(c.p1 + frameStart), static_cast<std::uint16_t>(w(c.p2) | mask)};
    }
    default:
      why = "command type " + std::to_string(c.type) +
            (c.type == command::kDisableInterpolation ? " (TombEngine's disable interpolation)" : "") +
            " has no TR4 counterpart: left out";
      return {};
  }
}

}  // namespace wadsmith::wad2
