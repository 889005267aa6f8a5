// The door to util/text_format.hpp for tools, benchmarks and apps (never installed; DESIGN.md,
// "The door").
#pragma once
#include "../../util/text_format.hpp"
