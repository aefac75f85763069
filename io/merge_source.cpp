#include "io/merge_source.h"

#include <stdexcept>

#include "io/document_io.h"

namespace wadsmith {

WadDocument mergeSourceOf(const Document& doc, std::vector<std::string>* notes) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return *w;
  throw std::runtime_error("merging from a TR4 level is not supported yet");
}

WadDocument loadMergeSource(const std::filesystem::path& path, std::vector<std::string>* notes) {
  return mergeSourceOf(loadDocument(path), notes);
}

}  // namespace wadsmith
