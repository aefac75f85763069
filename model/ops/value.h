// The arguments of an operation as plain data: null, true / false, a number, a text, a list or
// named values. Scripts and the crash journal give them as JSON (editor/ turns JSON into these);
// the model reads them without knowing where they came from.
#pragma once
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace wadsmith::ops {

class Value {
 public:
  using List = std::vector<Value>;
  using Named = std::map<std::string, Value, std::less<>>;

  Value() = default;
  // Out of line: GCC 12 inlining the variant's copies warns about the map alternative
  // (-Warray-bounds, -Wmaybe-uninitialized false positives).
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;
  ~Value();
  Value(bool b) : data_(b) {}
  template <class T>
    requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
  Value(T number) : data_(static_cast<double>(number)) {}
  Value(std::string text) : data_(std::move(text)) {}
  Value(const char* text) : data_(std::string(text)) {}
  Value(List list) : data_(std::move(list)) {}
  Value(Named named) : data_(std::move(named)) {}

  bool isNull() const { return std::holds_alternative<std::monostate>(data_); }
  bool isBool() const { return std::holds_alternative<bool>(data_); }
  bool isNumber() const { return std::holds_alternative<double>(data_); }
  bool isText() const { return std::holds_alternative<std::string>(data_); }
  bool isList() const { return std::holds_alternative<List>(data_); }
  bool isNamed() const { return std::holds_alternative<Named>(data_); }
  // The value as that kind; the caller checked it is one (else std::bad_variant_access).
  bool boolean() const { return std::get<bool>(data_); }
  double number() const { return std::get<double>(data_); }
  const std::string& text() const { return std::get<std::string>(data_); }
  const List& list() const { return std::get<List>(data_); }
  const Named& named() const { return std::get<Named>(data_); }

  friend bool operator==(const Value&, const Value&) = default;

 private:
  std::variant<std::monostate, bool, double, std::string, List, Named> data_;
};

// An operation's arguments by key.
using Args = Value::Named;

}  // namespace wadsmith::ops
