#include "json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace toolkit {

namespace {

void write_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void write_number(std::string& out, double d) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  char buf[32];
  // Shortest text that reads back as the same double.
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  out.append(buf, end);
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Json parse_document() {
    Json value = parse_value();
    skip_space();
    if (pos_ != text_.size()) fail("unexpected text after the JSON value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw JsonError("JSON parse error at offset " + std::to_string(pos_) + ": " + what);
  }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }

  bool consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  void expect(char c) {
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }

  Json parse_value() {
    skip_space();
    if (pos_ >= text_.size()) fail("unexpected end of text");
    const char c = text_[pos_];
    if (c == '{') return parse_object();
    if (c == '[') return parse_array();
    if (c == '"') return Json(parse_string());
    if (consume("null")) return Json();
    if (consume("true")) return Json(true);
    if (consume("false")) return Json(false);
    return Json(parse_number());
  }

  Json parse_object() {
    expect('{');
    Json object = Json::object();
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return object;
    }
    for (;;) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a string key");
      std::string key = parse_string();
      expect(':');
      object.set(key, parse_value());
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      expect('}');
      return object;
    }
  }

  Json parse_array() {
    expect('[');
    Json array = Json::array();
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return array;
    }
    for (;;) {
      array.push_back(parse_value());
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      expect(']');
      return array;
    }
  }

  std::string parse_string() {
    ++pos_;  // opening quote
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated escape");
      c = text_[pos_++];
      switch (c) {
        case '"':
        case '\\':
        case '/':
          out += c;
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u':
          out += parse_unicode_escape();
          break;
        default:
          fail("unknown escape");
      }
    }
    if (pos_ >= text_.size()) fail("unterminated string");
    ++pos_;  // closing quote
    return out;
  }

  // \uXXXX as UTF-8 (basic multilingual plane; our writer only emits control characters).
  std::string parse_unicode_escape() {
    if (pos_ + 4 > text_.size()) fail("short \\u escape");
    unsigned code = 0;
    const auto [end, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, code, 16);
    if (ec != std::errc() || end != text_.data() + pos_ + 4) fail("bad \\u escape");
    pos_ += 4;
    std::string out;
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
    return out;
  }

  double parse_number() {
    double d = 0;
    const char* begin = text_.data() + pos_;
    const auto [end, ec] = std::from_chars(begin, text_.data() + text_.size(), d);
    if (ec != std::errc() || end == begin) fail("expected a value");
    pos_ += static_cast<std::size_t>(end - begin);
    return d;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

void write_value(std::string& out, const Json& v, bool indent, int depth);

void newline(std::string& out, bool indent, int depth) {
  if (!indent) return;
  out += '\n';
  out.append(static_cast<std::size_t>(depth) * 2, ' ');
}

// Arrays of plain numbers stay on one line: the result file holds many of them.
bool all_scalars(const Json::Array& a) {
  for (const Json& e : a)
    if (e.is_array() || e.is_object()) return false;
  return true;
}

void write_value(std::string& out, const Json& v, bool indent, int depth) {
  if (v.is_null()) {
    out += "null";
  } else if (v.is_bool()) {
    out += v.as_bool() ? "true" : "false";
  } else if (v.is_number()) {
    write_number(out, v.as_number());
  } else if (v.is_string()) {
    write_string(out, v.as_string());
  } else if (v.is_array()) {
    const Json::Array& a = v.as_array();
    const bool flat = all_scalars(a);
    out += '[';
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (i > 0) out += flat && indent ? ", " : ",";
      if (!flat) newline(out, indent, depth + 1);
      write_value(out, a[i], indent, depth + 1);
    }
    if (!flat && !a.empty()) newline(out, indent, depth);
    out += ']';
  } else {
    const Json::Object& o = v.as_object();
    out += '{';
    for (std::size_t i = 0; i < o.size(); ++i) {
      if (i > 0) out += ',';
      newline(out, indent, depth + 1);
      write_string(out, o[i].first);
      out += indent ? ": " : ":";
      write_value(out, o[i].second, indent, depth + 1);
    }
    if (!o.empty()) newline(out, indent, depth);
    out += '}';
  }
}

template <typename T>
const T& get_as(const auto& variant, const char* type) {
  if (const T* p = std::get_if<T>(&variant)) return *p;
  throw JsonError(std::string("JSON value is not ") + type);
}

}  // namespace

Json Json::numbers(const std::vector<double>& values) {
  Array a;
  a.reserve(values.size());
  for (double v : values) a.emplace_back(v);
  return Json(std::move(a));
}

Json Json::parse(std::string_view text) { return Parser(text).parse_document(); }

std::string Json::dump(bool indent) const {
  std::string out;
  write_value(out, *this, indent, 0);
  if (indent) out += '\n';
  return out;
}

bool Json::as_bool() const { return get_as<bool>(value_, "a boolean"); }
double Json::as_number() const { return get_as<double>(value_, "a number"); }
const std::string& Json::as_string() const { return get_as<std::string>(value_, "a string"); }
const Json::Array& Json::as_array() const { return get_as<Array>(value_, "an array"); }
const Json::Object& Json::as_object() const { return get_as<Object>(value_, "an object"); }

Json& Json::set(const std::string& key, Json value) {
  if (!is_object()) throw JsonError("JSON set: value is not an object");
  Object& o = std::get<Object>(value_);
  for (auto& [k, v] : o) {
    if (k == key) {
      v = std::move(value);
      return v;
    }
  }
  o.emplace_back(key, std::move(value));
  return o.back().second;
}

const Json* Json::find(std::string_view key) const {
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

const Json& Json::operator[](std::string_view key) const {
  if (const Json* v = find(key)) return *v;
  throw JsonError("JSON object has no member \"" + std::string(key) + "\"");
}

void Json::push_back(Json value) {
  if (!is_array()) throw JsonError("JSON push_back: value is not an array");
  std::get<Array>(value_).push_back(std::move(value));
}

const Json& Json::operator[](std::size_t index) const {
  const Array& a = as_array();
  if (index >= a.size())
    throw JsonError("JSON array index " + std::to_string(index) + " out of range");
  return a[index];
}

std::size_t Json::size() const {
  if (is_array()) return as_array().size();
  if (is_object()) return as_object().size();
  throw JsonError("JSON size: value is neither an array nor an object");
}

}  // namespace toolkit
