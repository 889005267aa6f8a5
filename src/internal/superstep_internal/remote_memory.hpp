// The door to engines/shm/remote_memory.hpp for tools, benchmarks and apps (never installed; DESIGN.md, "The door").
#pragma once
#include "../../engines/shm/remote_memory.hpp"
