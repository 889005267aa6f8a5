#include "shrink.hpp"

#include <cstddef>
#include <vector>

#include "reference_model.hpp"

namespace superstep::differential {
namespace {

using model::OpKind;
using model::Program;

bool is_collective(OpKind kind) {
  return kind == OpKind::kPushReg || kind == OpKind::kPopReg || kind == OpKind::kSetTagsize;
}

// Every smaller program one deletion away, biggest deletions first.
std::vector<Program> candidates(const Program& program) {
  std::vector<Program> out;
  for (std::size_t s = 0; s < program.supersteps.size() && program.supersteps.size() > 1; ++s) {
    Program smaller = program;
    smaller.supersteps.erase(smaller.supersteps.begin() + static_cast<std::ptrdiff_t>(s));
    out.push_back(std::move(smaller));
  }
  for (std::size_t s = 0; s < program.supersteps.size(); ++s) {
    const auto& ops = program.supersteps[s].ops;
    // The k-th collective call of every process.
    for (std::size_t k = 0;; ++k) {
      Program smaller = program;
      bool all = true;
      for (auto& list : smaller.supersteps[s].ops) {
        std::size_t seen = 0;
        bool erased = false;
        for (std::size_t i = 0; i < list.size(); ++i)
          if (is_collective(list[i].kind) && seen++ == k) {
            list.erase(list.begin() + static_cast<std::ptrdiff_t>(i));
            erased = true;
            break;
          }
        all = all && erased;
      }
      if (!all) break;
      out.push_back(std::move(smaller));
    }
    for (std::size_t q = 0; q < ops.size(); ++q)
      for (std::size_t i = 0; i < ops[q].size(); ++i) {
        Program smaller = program;
        auto& list = smaller.supersteps[s].ops[q];
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(i));
        out.push_back(std::move(smaller));
      }
  }
  return out;
}

bool legal(const Program& program) { return !model::run_model(program).stop; }

}  // namespace

Program shrink_program(Program program, const FailurePredicate& still_fails, int max_runs) {
  int runs = 0;
  bool progress = true;
  while (progress && runs < max_runs) {
    progress = false;
    for (const Program& smaller : candidates(program)) {
      if (!legal(smaller)) continue;
      if (++runs > max_runs) break;
      if (still_fails(smaller)) {
        program = smaller;
        progress = true;
        break;
      }
    }
  }
  return program;
}

}  // namespace superstep::differential
