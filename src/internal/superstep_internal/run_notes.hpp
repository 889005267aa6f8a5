// The door to util/run_notes.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../util/run_notes.hpp"
