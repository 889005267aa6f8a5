// Includes bsp.hpp and nothing else (tests/header: compiled below C++20 it must stop with one
// #error line).
#include <bsp.hpp>

int main() { return 0; }
