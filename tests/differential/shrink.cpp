#include "shrink.hpp"

#include <cstddef>
#include <optional>
#include <vector>

#include "reference_model.hpp"

namespace superstep::differential {
namespace {

using model::OpKind;
using model::Program;

bool is_collective(OpKind kind) {
  return kind == OpKind::kPushReg || kind == OpKind::kPopReg || kind == OpKind::kSetTagsize;
}

// Deletes from a process's list the k-th team, counting those entered `depth`
// teams deep: from its bsp_team_begin to its bsp_team_end. False if there is none.
bool erase_team(std::vector<model::Op>& list, int depth, int k) {
  int level = 0, seen = 0;
  std::optional<std::size_t> begin;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].kind == OpKind::kTeamBegin && level++ == depth && seen++ == k) begin = i;
    if (list[i].kind == OpKind::kTeamEnd && --level == depth && begin) {
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(*begin),
                 list.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      return true;
    }
  }
  return false;
}

// Whole teams: the k-th team entered `depth` teams deep, on every process that has one
// (the team structure stays legal when they are the same teams).
void team_candidates(const Program& program, std::size_t s, std::vector<Program>* out) {
  for (int depth = 0;; ++depth) {
    bool any_at_depth = false;
    for (int k = 0;; ++k) {
      Program smaller = program;
      bool any = false;
      for (auto& list : smaller.supersteps[s].ops) any = erase_team(list, depth, k) || any;
      if (!any) break;
      any_at_depth = true;
      out->push_back(std::move(smaller));
    }
    if (!any_at_depth) return;
  }
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
    team_candidates(program, s, &out);
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
        if (model::is_team_structure(ops[q][i].kind)) continue;
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
