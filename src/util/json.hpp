// A small JSON value: build, write (pretty-printed) and read back.
//
// The tools' result files are JSON (bspprobe's, and what its measuring child
// processes hand back; bsproute's; bspprof's profiles), and libbsp reads
// bspprobe's results with it too (BSP_PARAMS, for the level-1 collectives),
// which is why it lives in src/util. Objects keep their keys in insertion
// order so the file reads in the order the documentation describes it. Numbers are
// doubles; a non-finite number is written as null (JSON has no NaN).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace toolkit {

class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Json {
 public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;  // null
  Json(std::nullptr_t) {}
  Json(bool b) : value_(b) {}
  Json(double d) : value_(d) {}
  Json(int i) : value_(static_cast<double>(i)) {}
  Json(long i) : value_(static_cast<double>(i)) {}
  Json(long long i) : value_(static_cast<double>(i)) {}
  Json(unsigned long i) : value_(static_cast<double>(i)) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(Array a) : value_(std::move(a)) {}
  Json(Object o) : value_(std::move(o)) {}

  static Json array() { return Json(Array{}); }
  static Json object() { return Json(Object{}); }
  static Json numbers(const std::vector<double>& values);

  // Parses a complete JSON text; throws JsonError naming the offset.
  static Json parse(std::string_view text);

  // Pretty-printed with two-space indentation when indent is true.
  std::string dump(bool indent = true) const;

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(value_); }
  bool is_bool() const { return std::holds_alternative<bool>(value_); }
  bool is_number() const { return std::holds_alternative<double>(value_); }
  bool is_string() const { return std::holds_alternative<std::string>(value_); }
  bool is_array() const { return std::holds_alternative<Array>(value_); }
  bool is_object() const { return std::holds_alternative<Object>(value_); }

  // Typed access; throws JsonError when the value has another type.
  bool as_bool() const;
  double as_number() const;
  const std::string& as_string() const;
  const Array& as_array() const;
  const Object& as_object() const;

  // Object access. set() replaces an existing key or appends a new one;
  // find() returns nullptr when the key is absent; operator[] throws.
  Json& set(const std::string& key, Json value);
  const Json* find(std::string_view key) const;
  const Json& operator[](std::string_view key) const;
  bool contains(std::string_view key) const { return find(key) != nullptr; }

  // Array access.
  void push_back(Json value);
  const Json& operator[](std::size_t index) const;
  std::size_t size() const;  // elements of an array or members of an object

 private:
  std::variant<std::nullptr_t, bool, double, std::string, Array, Object> value_{nullptr};
};

}  // namespace toolkit
