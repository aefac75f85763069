// A document is a WAD or a TR4 level; both carry the same object tables.
#pragma once
#include <variant>

#include "model/level_document.h"
#include "model/wad_document.h"

namespace wadsmith {

using Document = std::variant<WadDocument, LevelDocument>;

inline bool isWad(const Document& d) { return std::holds_alternative<WadDocument>(d); }
inline bool isLevel(const Document& d) { return std::holds_alternative<LevelDocument>(d); }

// The object tables of either kind.
inline const ObjectTables& objectsOf(const Document& d) {
  if (const auto* w = std::get_if<WadDocument>(&d)) return w->objects;
  return std::get<LevelDocument>(d).data->objects;
}

}  // namespace wadsmith
