// Runs the Khronos glTF validator (npm's gltf-validator, installed by .ci/setup into
// tests/gltf-validator) on files and expects 0 errors in each; skips with a message when node
// or the package is missing (no npm registry where the tests were set up).
#pragma once
#include <filesystem>
#include <vector>

namespace wadsmith::test {

void expectValidGltf(const std::vector<std::filesystem::path>& files);

}  // namespace wadsmith::test
