// The door to util/cpu_relax.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/cpu_relax.hpp"
