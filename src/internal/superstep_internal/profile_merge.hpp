// The door to profiler/profile_merge.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../profiler/profile_merge.hpp"
