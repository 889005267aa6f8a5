// The door to util/bsp_params.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/bsp_params.hpp"
