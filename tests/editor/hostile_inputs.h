// Hostile inputs made from good files: what a user's disk, a broken tool or an attacker can hand
// the program. Each mutant is named by what was done to which bytes, so a failure says which.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace wadsmith::test {

struct Mutant {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

// How many mutants: Full for the fixtures (every section boundary, every count and first-index
// field of the first, middle and last record of every table, at 0, 1, 0x7FFF and the field's
// maximum, every owner's run made to overlap, 48 bit-flip patterns); Sampled for the large
// corpus files: one mutant of each kind, those most likely to multiply work (a count at its
// maximum, each kind of repeated and overlapping run), the middle section's boundaries, 2
// bit-flip patterns, and for levels the bomb and a level data chunk declaring 1,030 times its
// size (under the sanitizers, ten times slower, only the repeated and overlapping runs). All
// chosen deterministically, so a failure reproduces.
enum class Depth { Full, Sampled };

// A WAD: truncations at every section boundary (and a byte either side), each table's count at
// 0, 1, one more and 0xFFFFFFFF, record fields as above, overlapping and repeated runs (every
// animation claiming the whole state change table from index 0, or from its own index; the
// same for dispatches, mesh pointers, commands and keyframe offsets), bit flips.
std::vector<Mutant> wadMutants(const std::vector<std::uint8_t>& wad, Depth depth);

// A TR4 level: truncations at every top-level section boundary, chunk sizes at 0, 1, their
// maximum and 1,030 times the compressed size, the level data chunk's tables mutated as a WAD's
// (then deflated again), the level data chunk replaced by a zlib bomb (far more zeros than it
// declares), bit flips of the outer file.
std::vector<Mutant> levelMutants(const std::vector<std::uint8_t>& level, Depth depth);

// Any file, knowing nothing of its format (the other readers: EverQuest, 3D GameStudio,
// pictures...): truncations at every power of two and 16 evenly spaced points, every aligned
// 16- and 32-bit word of the first 64 bytes (where headers keep counts and offsets) at 0, 1 and
// its maximum, 48 bit-flip patterns.
std::vector<Mutant> genericMutants(const std::vector<std::uint8_t>& bytes);

// WADs made to multiply work: every owner claiming the same huge run, or each a different
// overlapping one (state changes, dispatches, command lists, keyframes, mesh pointers), valid
// in every other respect: readers accept them and `save` writes them back unchanged.
std::vector<Mutant> multiplyingWads();

}  // namespace wadsmith::test
