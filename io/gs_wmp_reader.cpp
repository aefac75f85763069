#include "io/gs_wmp_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>

#include "io/parse_error.h"

namespace wadsmith::gs {

namespace {

struct Token {
  std::string text;
  std::size_t offset = 0;
  std::size_t line = 0;
};

// Words split at white space; braces and parentheses are tokens of their own; "//" starts a
// comment to the end of the line.
std::vector<Token> tokenize(std::span<const std::uint8_t> bytes) {
  std::vector<Token> out;
  std::size_t line = 1;
  for (std::size_t i = 0; i < bytes.size();) {
    char c = static_cast<char>(bytes[i]);
    if (c == '\n') {
      ++line, ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < bytes.size() && bytes[i + 1] == '/') {
      while (i < bytes.size() && bytes[i] != '\n') ++i;
      continue;
    }
    if (c == '{' || c == '}' || c == '(' || c == ')') {
      out.push_back({std::string(1, c), i, line});
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < bytes.size()) {
      char d = static_cast<char>(bytes[i]);
      if (std::isspace(static_cast<unsigned char>(d)) || d == '{' || d == '}' || d == '(' || d == ')') break;
      if (d == '/' && i + 1 < bytes.size() && bytes[i + 1] == '/') break;
      ++i;
    }
    out.push_back({std::string(reinterpret_cast<const char*>(bytes.data()) + start, i - start), start, line});
  }
  return out;
}

// A whole token as a number ("+1.5" too).
bool parseNumber(const std::string& text, double& v) {
  const char* b = text.data();
  const char* e = b + text.size();
  if (b != e && *b == '+') ++b;
  auto [p, ec] = std::from_chars(b, e, v);
  return ec == std::errc() && p == e;
}

class Parser {
 public:
  Parser(std::span<const std::uint8_t> bytes, const std::string& file) : file_(file), tokens_(tokenize(bytes)), size_(bytes.size()) {}

  WmpMap parse();

 private:
  [[noreturn]] void fail(const std::string& what) const {
    std::size_t at = pos_ < tokens_.size() ? tokens_[pos_].offset : size_;
    throw ParseError(file_, printable(section_, true), at, printable(what, true));
  }
  bool atEnd() const { return pos_ >= tokens_.size(); }
  const Token& peek() const {
    if (atEnd()) fail("unexpected end of the file");
    return tokens_[pos_];
  }
  const Token& next() {
    const Token& t = peek();
    ++pos_;
    return t;
  }
  void expect(const char* text) {
    if (peek().text != text) fail(std::string("expected '") + text + "', found '" + peek().text + "'");
    ++pos_;
  }
  double number() {
    double v = 0;
    if (!parseNumber(peek().text, v)) fail("expected a number, found '" + peek().text + "'");
    ++pos_;
    return v;
  }
  int integer(int min, int max, const char* what) {
    std::size_t at = pos_;
    double v = number();
    // The range first: casting a number as large as 1e126 is undefined.
    if (!(v >= min && v <= max) || v != std::floor(v)) {
      pos_ = at;
      fail(std::string(what) + " " + tokens_[at].text + " is not a whole number in " + std::to_string(min) + ".." +
           std::to_string(max));
    }
    return static_cast<int>(v);
  }
  bool isNumber(std::size_t at) const {
    double v;
    return at < tokens_.size() && parseNumber(tokens_[at].text, v);
  }
  Vec3d point() {
    expect("(");
    Vec3d p{number(), number(), number()};
    expect(")");
    return p;
  }
  void skipBraces() {
    expect("{");
    int depth = 1;
    while (depth > 0) {
      const auto& t = next();
      depth += t.text == "{" ? 1 : t.text == "}" ? -1 : 0;
    }
  }
  // The words after ':' up to the end of the line, as one string.
  std::string restOfLine(std::size_t line) {
    std::string s;
    while (!atEnd() && peek().line == line && peek().text != "{" && peek().text != "}") s += (s.empty() ? "" : " ") + next().text;
    return s;
  }
  void texturing(WmpTexturing& t, std::size_t line, bool axes);
  void palette(WmpMap& map);
  void wed(WmpMap& map);
  WmpBlock block();
  WmpObject object();

  std::string file_;
  std::vector<Token> tokens_;
  std::size_t size_;
  std::size_t pos_ = 0;
  std::string section_ = "header";
};

void Parser::texturing(WmpTexturing& t, std::size_t line, bool axes) {
  t.texture = next().text;
  if (axes) {
    t.hasAxes = true;
    for (auto* axis : {&t.uAxis, &t.vAxis}) {
      expect("(");
      for (auto& v : *axis) v = number();
      expect(")");
    }
  }
  // The A4 manual's plane lines give one offset fewer on some lines; what is there is read.
  double* fields[] = {&t.xOffset, &t.yOffset, &t.angle, &t.xScale, &t.yScale};
  for (double* f : fields) {
    if (!isNumber(pos_) || peek().line != line) break;
    *f = number();
  }
  if (!atEnd() && peek().text == ":" && peek().line == line) {
    ++pos_;
    t.flags = restOfLine(line);
  }
}

void Parser::palette(WmpMap& map) {
  expect("{");
  std::vector<std::uint8_t> bytes;
  while (peek().text != "}") {
    const auto& t = next();
    unsigned v = 0;
    auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v, 16);
    if (ec != std::errc() || p != t.text.data() + t.text.size() || v > 255) {
      --pos_;
      fail("palette entry '" + t.text + "' is not a hex byte");
    }
    bytes.push_back(static_cast<std::uint8_t>(v));
  }
  ++pos_;
  for (std::size_t i = 0; i + 2 < bytes.size(); i += 3) map.palette.push_back({bytes[i], bytes[i + 1], bytes[i + 2]});
}

void Parser::wed(WmpMap& map) {
  expect("{");
  while (peek().text != "}") {
    if (peek().text == "palette" && pos_ + 1 < tokens_.size() && tokens_[pos_ + 1].text == "{") {
      ++pos_;
      palette(map);
    } else if (peek().text == "{") {
      skipBraces();
    } else {
      ++pos_;
    }
  }
  ++pos_;
}

WmpBlock Parser::block() {
  WmpBlock b;
  ++pos_;  // "block"
  b.index = integer(0, 1 << 30, "block number");
  section_ = "block " + std::to_string(b.index);
  expect("{");
  if (peek().text == "vertices") {  // WED 6: a vertex list and faces that index it
    ++pos_;
    int nv = integer(0, 1 << 20, "vertex count");
    expect("faces");
    int nf = integer(0, 1 << 20, "face count");
    if (static_cast<std::size_t>(nv) * 3 > tokens_.size() - pos_) fail(std::to_string(nv) + " vertices run past the end");
    for (int i = 0; i < nv; ++i) b.vertices.push_back({number(), number(), number()});
    for (int f = 0; f < nf; ++f) {
      WmpFace face;
      std::size_t line = peek().line;
      int n = integer(3, 1 << 16, "face corner count");
      for (int k = 0; k < n; ++k) face.vertices.push_back(integer(0, nv - 1, "face vertex"));
      expect(":");
      texturing(face.texturing, line, true);
      b.faces.push_back(std::move(face));
    }
  } else {  // the A4 manual: planes of three points each
    while (peek().text == "(") {
      WmpPlane p;
      std::size_t line = peek().line;
      for (auto& pt : p.points) pt = point();
      texturing(p.texturing, line, false);
      b.planes.push_back(std::move(p));
    }
  }
  if (peek().text == "{") skipBraces();  // the block's properties
  expect("}");
  return b;
}

WmpObject Parser::object() {
  WmpObject o;
  ++pos_;  // "object"
  o.index = integer(0, 1 << 30, "object number");
  section_ = "object " + std::to_string(o.index);
  expect("{");
  o.position = point();
  o.angles = point();
  o.scale = point();
  while (peek().text != "}") {
    if (peek().text == "{") {
      skipBraces();
      continue;
    }
    std::string kind = next().text;
    // "object 2, 3": numbers with commas until the next word.
    while (!atEnd()) {
      std::string t = peek().text;
      while (!t.empty() && t.back() == ',') t.pop_back();
      if (t.empty()) {
        ++pos_;
        continue;
      }
      int v = 0;
      auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
      if (ec != std::errc() || p != t.data() + t.size()) break;
      ++pos_;
      o.members.push_back({kind, v});
    }
  }
  ++pos_;
  return o;
}

WmpMap Parser::parse() {
  WmpMap map;
  if (size_ == 0) fail("empty file");
  while (!atEnd()) {
    const std::string& word = peek().text;
    section_ = word;
    if (word == "version" && isNumber(pos_ + 1)) {
      ++pos_;
      map.version = integer(0, 1 << 30, "version");
    } else if ((word == "blocks" || word == "entities" || word == "objects") && isNumber(pos_ + 1)) {
      pos_ += 2;  // counts: the sections themselves are what is read
    } else if (word == "wed" && pos_ + 1 < tokens_.size() && tokens_[pos_ + 1].text == "{") {
      ++pos_;
      wed(map);
    } else if (word == "block" && isNumber(pos_ + 1)) {
      map.blocks.push_back(block());
    } else if (word == "object" && isNumber(pos_ + 1)) {
      map.objects.push_back(object());
    } else if (pos_ + 2 < tokens_.size() && isNumber(pos_ + 1) && tokens_[pos_ + 2].text == "{") {
      map.otherSections.push_back(word + " " + tokens_[pos_ + 1].text);
      pos_ += 2;
      skipBraces();
    } else if (pos_ + 1 < tokens_.size() && tokens_[pos_ + 1].text == "{") {
      map.otherSections.push_back(word);
      ++pos_;
      skipBraces();
    } else {
      fail("unexpected '" + word + "' (expected a section such as block N { ... })");
    }
  }
  if (map.blocks.empty() && map.objects.empty()) throw ParseError(file_, "map", 0, "no blocks and no objects");
  return map;
}

}  // namespace

bool looksLikeWmp(std::span<const std::uint8_t> bytes) {
  std::size_t i = 0;
  if (bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) i = 3;
  while (i < bytes.size() && std::isspace(bytes[i])) ++i;
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()) + i, bytes.size() - i);
  return text.starts_with("// WMP");
}

WmpMap readWmp(std::span<const std::uint8_t> bytes, const std::string& file) {
  Parser p(bytes, file);
  WmpMap map = p.parse();
  map.header.assign(bytes.begin(), std::find(bytes.begin(), bytes.end(), '\n'));
  while (!map.header.empty() && (map.header.back() == '\r' || map.header.back() == ' ')) map.header.pop_back();
  return map;
}

}  // namespace wadsmith::gs
