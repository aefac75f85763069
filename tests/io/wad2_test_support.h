// What the wad2 io tests share: the files to run on, a description of where a byte sits, and a
// document with no kept bytes (so the writer encodes every record itself).
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/wad2/document.h"

namespace wadsmith::test {

// The corpus wad2 files and the fixtures' .wad2 files.
std::vector<std::filesystem::path> wad2Files();
std::string testName(const std::filesystem::path& p);

// "W2Moveables/W2Moveable/W2Mesh/W2Polys/W2Tr2 +5": the deepest chunk holding byte `at` that
// parses as chunks (a best effort for failure messages).
std::string wad2ChunkAt(const std::vector<std::uint8_t>& bytes, long at);

// Clears every record's kept chunk (unknown chunks stay).
void forgetKeptBytes(wad2::Document& doc);

}  // namespace wadsmith::test
