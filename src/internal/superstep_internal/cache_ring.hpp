// The door to util/cache_ring.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/cache_ring.hpp"
