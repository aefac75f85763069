// What the fuzz targets share: two inputs cut from one fuzz input, and the rule for what a
// target may let escape.
//
// Two-input targets (merge: destination and source; apply: script and file) read
//   [u32 little-endian length of the first part][the first part][the second part]
// A length past the end is taken modulo what is there, so every mutation still gives two parts
// and the fuzzer need not rediscover the framing. fuzz/run-all builds seeds in this form.
//
// Errors that a command reports in words (std::runtime_error and what derives from it: ParseError,
// EditError, MergeError, ScriptError, WriteError) are answers. A std::logic_error (out_of_range
// from .at(), length_error from a size computed from a count...) or anything else escapes and
// stops the fuzzer: it is a bug even when nothing crashed.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <utility>

namespace wadsmith::fuzz {

inline std::pair<std::span<const std::uint8_t>, std::span<const std::uint8_t>> splitInput(const std::uint8_t* data,
                                                                                         std::size_t size) {
  if (size < 4) return {{}, {data, size}};
  std::uint32_t n = static_cast<std::uint32_t>(data[0]) | static_cast<std::uint32_t>(data[1]) << 8 |
                    static_cast<std::uint32_t>(data[2]) << 16 | static_cast<std::uint32_t>(data[3]) << 24;
  const std::size_t rest = size - 4;
  const std::size_t first = n <= rest ? n : n % (rest + 1);
  return {{data + 4, first}, {data + 4 + first, rest - first}};
}

// Runs `f`, letting reported errors through as answers.
template <class F>
void answers(F&& f) {
  try {
    f();
  } catch (const std::runtime_error&) {
  }
}

}  // namespace wadsmith::fuzz
