// Operation arguments (model/ops/value.h) as JSON and back: what `apply` scripts give and the
// crash journal stores.
#pragma once
#include <cmath>

#include <nlohmann/json.hpp>

#include "model/ops/value.h"

namespace wadsmith::usecases {

inline ops::Value valueOf(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::boolean: return j.get<bool>();
    case T::number_integer:
    case T::number_unsigned:
    case T::number_float: return j.get<double>();
    case T::string: return j.get<std::string>();
    case T::array: {
      ops::Value::List list;
      for (const auto& x : j) list.push_back(valueOf(x));
      return list;
    }
    case T::object: {
      ops::Args named;
      for (const auto& [key, x] : j.items()) named.emplace(key, valueOf(x));
      return named;
    }
    default: return {};
  }
}

inline nlohmann::json jsonOf(const ops::Value& v) {
  if (v.isBool()) return v.boolean();
  if (v.isText()) return v.text();
  if (v.isNumber()) {
    // Whole numbers as integers, so the journal reads as the script was written.
    const double d = v.number();
    if (d == std::floor(d) && std::abs(d) < 9.0e15) return static_cast<std::int64_t>(d);
    return d;
  }
  nlohmann::json out = v.isList() ? nlohmann::json::array() : v.isNamed() ? nlohmann::json::object() : nlohmann::json();
  if (v.isList())
    for (const auto& x : v.list()) out.push_back(jsonOf(x));
  if (v.isNamed())
    for (const auto& [key, x] : v.named()) out[key] = jsonOf(x);
  return out;
}

}  // namespace wadsmith::usecases
