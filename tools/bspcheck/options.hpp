// bspcheck's command line: bspcheck [options] -n P -- program [args].
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bspcheck {

struct Options {
  int runs = 8;                       // --runs N: the default run and N-1 others
  std::uint64_t seed = 1;             // --seed S: the shuffles' seeds start at S
  std::vector<std::string> outputs;   // --output FILE: files compared too
  std::vector<std::string> ignore;    // --ignore REGEX: output lines left out of the comparison
  std::vector<std::string> launcher;  // --launcher 'CMD': runs 'CMD program args'
  std::string engine;                 // --engine shm|mpi|udp: bsprun's
  std::optional<int> nprocs;          // -n P
  std::vector<std::string> program;   // the program and its arguments
};

// Parsed options, or the text to print and the exit status (0 for --help
// and --version, 2 for a usage error).
struct Parsed {
  std::optional<Options> options;
  int status = 0;
  std::string text;
};
Parsed parse_options(int argc, char** argv);

}  // namespace bspcheck
