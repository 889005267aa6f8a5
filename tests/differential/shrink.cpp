#include "shrink.hpp"

#include <algorithm>
#include <cstddef>
#include <set>
#include <vector>

#include "reference_model.hpp"

namespace superstep::differential {
namespace {

using model::OpKind;
using model::Program;

bool is_collective(OpKind kind) {
  return kind == OpKind::kPushReg || kind == OpKind::kPopReg || kind == OpKind::kSetTagsize;
}

// Where each op of a process's list sits: the path of the teams around it,
// each as its place among the teams entered in the same enclosing machine
// ({} outside teams; {2, 0}: in the first team entered inside the third).
// bsp_team_begin and bsp_team_end sit in the team they begin and end. The
// processes of one team agree on the paths and on what lies on each.
using Path = std::vector<int>;
std::vector<Path> paths(const std::vector<model::Op>& list) {
  std::vector<Path> out;
  Path path;
  std::vector<int> entered = {0};  // teams entered so far, per level
  for (const model::Op& op : list) {
    if (op.kind == OpKind::kTeamBegin) {
      path.push_back(entered.back()++);
      entered.push_back(0);
    }
    out.push_back(path);
    if (op.kind == OpKind::kTeamEnd && !path.empty()) {
      path.pop_back();
      entered.pop_back();
    }
  }
  return out;
}

// Erases, on every process, the ops that `pick` chooses from its list and their paths; adds the
// program to `out` if any process lost one. Returns whether one did.
template <typename Pick>
bool erase_everywhere(const Program& program, std::size_t s, Pick pick, std::vector<Program>* out) {
  Program smaller = program;
  bool any = false;
  for (auto& list : smaller.supersteps[s].ops) {
    std::vector<bool> erase = pick(list, paths(list));
    std::vector<model::Op> kept;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (!erase[i]) kept.push_back(list[i]);
    any = any || kept.size() != list.size();
    list = std::move(kept);
  }
  if (any) out->push_back(std::move(smaller));
  return any;
}

// Whole teams, from bsp_team_begin to bsp_team_end, on every process of the split.
void team_candidates(const Program& program, std::size_t s, std::vector<Program>* out) {
  std::set<Path> teams;
  for (const auto& list : program.supersteps[s].ops) {
    std::vector<Path> at = paths(list);
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i].kind == OpKind::kTeamBegin) teams.insert(at[i]);
  }
  for (const Path& team : teams)
    erase_everywhere(
        program, s,
        [&](const std::vector<model::Op>& list, const std::vector<Path>& at) {
          std::vector<bool> erase(list.size());
          for (std::size_t i = 0; i < list.size(); ++i)
            erase[i] =
                at[i].size() >= team.size() && std::equal(team.begin(), team.end(), at[i].begin());
          return erase;
        },
        out);
}

// The k-th collective call in one machine, on every process of it.
void collective_candidates(const Program& program, std::size_t s, std::vector<Program>* out) {
  std::set<Path> machines;
  for (const auto& list : program.supersteps[s].ops)
    for (const Path& path : paths(list)) machines.insert(path);
  for (const Path& machine : machines)
    for (std::size_t k = 0;; ++k) {
      bool any = erase_everywhere(
          program, s,
          [&](const std::vector<model::Op>& list, const std::vector<Path>& at) {
            std::vector<bool> erase(list.size());
            std::size_t seen = 0;
            for (std::size_t i = 0; i < list.size(); ++i)
              if (is_collective(list[i].kind) && at[i] == machine && seen++ == k) erase[i] = true;
            return erase;
          },
          out);
      if (!any) break;
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
    collective_candidates(program, s, &out);
    const auto& ops = program.supersteps[s].ops;
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
