// The door to profiler/profile_files.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../profiler/profile_files.hpp"
