// Sets of ranks as bsprun passes them on its own command lines: "0-3,8,10-11".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bsprun {

std::string format_ranks(const std::vector<int>& ranks);

// Nothing when the text is not such a list.
std::optional<std::vector<int>> parse_ranks(const std::string& text);

}  // namespace bsprun
