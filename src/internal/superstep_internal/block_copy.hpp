// The door to util/block_copy.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/block_copy.hpp"
