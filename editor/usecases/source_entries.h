// The registry's entries (sources.cpp lists them): each kind of source file's recogniser and
// `open`, defined beside the Source it returns.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "editor/usecases/sources.h"

namespace wadsmith::usecases {

bool looksLikeWad(std::span<const std::uint8_t> head);
bool looksLikeLevel(std::span<const std::uint8_t> head);
std::unique_ptr<Source> openDocumentSource(const std::filesystem::path& path);  // source_documents.cpp

std::unique_ptr<Source> openEqArchive(const std::filesystem::path& path);  // source_foreign.cpp
std::unique_ptr<Source> openEqWorld(const std::filesystem::path& path);
std::unique_ptr<Source> openGsModel(const std::filesystem::path& path);
std::unique_ptr<Source> openGsMap(const std::filesystem::path& path);

std::unique_ptr<Source> openGltf(const std::filesystem::path& path);  // source_scene.cpp
std::unique_ptr<Source> openAssimpScene(const std::filesystem::path& path);

}  // namespace wadsmith::usecases
