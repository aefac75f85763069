// A source whose parts read fine but do not fit together (a reference to a missing fragment, a
// vertex index past its mesh...). Worded like the readers' ParseError so a user sees one form:
// "FILE: section S at byte N: what is wrong". The model layer cannot include io/, hence its own
// type.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace wadsmith::foreign {

class ConvertError : public std::runtime_error {
 public:
  ConvertError(const std::string& file, const std::string& section, std::uint64_t offset, const std::string& what)
      : std::runtime_error(file + ": section " + section + " at byte " + std::to_string(offset) + ": " + what) {}
  // For choices the caller made (a model name the file does not have...).
  explicit ConvertError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace wadsmith::foreign
