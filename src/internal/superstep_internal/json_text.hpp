// The door to util/json_text.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The
// door").
#pragma once
#include "../../util/json_text.hpp"
