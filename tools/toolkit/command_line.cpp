#include "command_line.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace toolkit {
namespace {

// The option the user typed as the last argument, without "=value".
std::string option_typed(const std::string& arg) { return arg.substr(0, arg.find('=')); }

std::string unexpected(const std::string& arg) {
  if (arg.size() > 1 && arg[0] == '-') return "unknown option '" + option_typed(arg) + "'";
  return "unexpected argument '" + arg + "'";
}

// CLI11's messages, in the house wording.
std::string describe(const CLI::ParseError& e, const std::vector<std::string>& args) {
  const std::string what = e.what();
  if (const auto at = what.find(" was given a disallowed flag override"); at != std::string::npos) {
    // CLI11 names the flag without its dashes: find the argument that gave it a value.
    std::string name = what.substr(0, at);
    for (const std::string& arg : args) {
      const std::string typed = option_typed(arg);
      if (typed != arg && typed.size() >= name.size() &&
          typed.compare(typed.size() - name.size(), name.size(), name) == 0)
        name = typed;
    }
    return "option '" + name + "' takes no value";
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr &&
      what.find(" missing") != std::string::npos) {
    // An option short of its value is always the last argument: CLI11 takes the next
    // argument as the value whatever it looks like.
    std::string name = args.empty() ? what : option_typed(args.back());
    return "option '" + name + "' needs a value";
  }
  return what;
}

// "--name=" is "--name" with an empty value (CLI11 would take the next argument).
std::vector<std::string> split_empty_values(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& arg : args) {
    if (arg.size() > 3 && arg.rfind("--", 0) == 0 && arg.back() == '=' &&
        arg.find('=') == arg.size() - 1) {
      out.push_back(arg.substr(0, arg.size() - 1));
      out.emplace_back();
    } else {
      out.push_back(arg);
    }
  }
  return out;
}

}  // namespace

std::string version_line(const std::string& tool) {
  return tool + " (Superstep) " + SUPERSTEP_VERSION;
}

std::string usage_error_line(const std::string& tool, const std::string& what) {
  return tool + ": " + what + "; see '" + tool + " --help'";
}

int finish(const Stop& stop) {
  std::fputs(stop.text.c_str(), stop.status == 0 ? stdout : stderr);
  return stop.status;
}

CommandLine::CommandLine(std::string tool, std::string help)
    : tool_(std::move(tool)), help_(std::move(help)), app_(tool_) {
  app_.set_help_flag();                             // the tool's own text, below
  app_.option_defaults()->disable_flag_override();  // "--flag=value" is an error
  app_.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // "-n 2 -n 3"
  app_.allow_extras();  // reported in the house wording by parse()
  app_.add_flag("-h,--help", help_given_);
  app_.add_flag("-V,--version", version_given_);
}

Stop CommandLine::usage_error(const std::string& what) const {
  return {kExitUsage, usage_error_line(tool_, what) + "\n"};
}

std::optional<Stop> CommandLine::parse(const std::vector<std::string>& args) {
  std::optional<Stop> error;
  try {
    const std::vector<std::string> split = split_empty_values(args);
    app_.parse(std::vector<std::string>(split.rbegin(), split.rend()));
  } catch (const CLI::ParseError& e) {
    error = usage_error(describe(e, args));
  } catch (const UsageError& e) {
    error = usage_error(e.what());
  }
  if (help_given_) return Stop{0, help_};
  if (version_given_) return Stop{0, version_line(tool_) + "\n"};
  if (error) return error;
  if (!app_.remaining().empty()) return usage_error(unexpected(app_.remaining().front()));
  return std::nullopt;
}

namespace {

// "a b c" -> "a, b and c"
std::string spoken_list(const std::string& words) {
  std::vector<std::string> list;
  std::istringstream in(words);
  for (std::string word; in >> word;) list.push_back(word);
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i)
    out += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + list[i];
  return out;
}

}  // namespace

void refuse_other_commands_options(const CLI::App& app, const std::string& command,
                                   const std::vector<CommandOption>& options) {
  for (const CommandOption& option : options) {
    std::istringstream in(option.commands);
    bool used = false;
    for (std::string word; in >> word;) used = used || word == command;
    if (!used && app.get_option(option.name)->count() > 0)
      throw UsageError(std::string("option '") + option.name + "' is for " +
                       spoken_list(option.commands) + ", not " + command);
  }
}

std::optional<long long> whole_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return std::nullopt;
  return v;
}

bool whole_number_in(const std::string& text, long lo, long hi, long& value) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  return !text.empty() && ec == std::errc() && ptr == end && value >= lo && value <= hi;
}

std::optional<double> decimal_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0' || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace toolkit
