// The door to util/saved_params.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/saved_params.hpp"
