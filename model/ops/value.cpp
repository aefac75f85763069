#include "model/ops/value.h"

namespace wadsmith::ops {

Value::Value(const Value&) = default;
Value::Value(Value&&) noexcept = default;
Value& Value::operator=(const Value&) = default;
Value& Value::operator=(Value&&) noexcept = default;
Value::~Value() = default;

}  // namespace wadsmith::ops
