// The door to engines/shm/output_redirect.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../engines/shm/output_redirect.hpp"
