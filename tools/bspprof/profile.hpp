// A profile as bspprof reads it (docs/bspprof.md): per superstep and process,
// the moments, the computation w, the sync's waiting and moving, and the data
// in and out by kind, with each process's incoming partners (Roda et al.'s (1999)
// Gamma, formula 7).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bspprof {

// A file bspprof cannot use; what() is the one line to print.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

constexpr int kKinds = 5;
extern const char* const kKindNames[kKinds];  // put, hpput, get, hpget, send

struct ProcessStep {
  double begin = 0, enter = 0, arrive = 0, leave = 0;  // seconds since bsp_begin
  std::array<double, kKinds> out_bytes{}, in_bytes{}, out_count{}, in_count{};
  // Of the counts, the small messages: puts and hpputs of at most 16 bytes, which the
  // library joins into records (0 in profiles written before they were counted).
  std::array<double, kKinds> out_small{}, in_small{};
  // Of the small ones, those apart: each continued no run of puts to the same process (the
  // next offset of the same registration), so each is a record of its own, as the scattered
  // puts of an FFT's permutation are (0 in profiles written before they were counted).
  std::array<double, kKinds> out_apart{}, in_apart{};
  double self_bytes = 0;     // to itself: no communication, left out of h
  std::vector<int> senders;  // processes that sent it data (not itself)
  // Bytes whose data flows from this process to another (puts, hpputs and
  // sends it made, gets others made from it), per destination process.
  std::vector<std::pair<int, double>> flows;
  int pushes = 0, pops = 0;
  std::string site, label;

  double w() const { return enter - begin; }
  double wait() const { return arrive - enter; }
  double move() const { return leave - arrive; }
  double out_total() const;
  double in_total() const;
};

struct Superstep {
  std::vector<ProcessStep> procs;  // by pid
};

struct Team;

struct Profile {
  int nprocs = 0;
  bool complete = true;
  std::string program, host, date;
  int processors = 0;            // the processors process 0 could use; 0: not recorded
  double load = -1;              // the 1-minute load average when the run began; -1: not recorded
  std::vector<Superstep> steps;  // those every process recorded
  std::vector<int> recorded;     // per process: how many supersteps it recorded
  std::string source;            // where it was read from
  // The teams its processes entered (bsp_team_begin), each a machine of its own, in the order of
  // their place: the superstep they ran in, then colour. A team's own teams are its machine's.
  std::vector<Team> teams;
};

// A team (bsp_team_begin) as the profile records it: a BSP machine of some of the enclosing
// machine's processes, with supersteps of its own, which run inside one superstep of the
// enclosing machine, as part of its processes' computation there.
struct Team {
  // Per level from the outermost machine: the superstep of the enclosing machine the team ran
  // in, and the colour its processes passed to bsp_team_begin. The same on every member.
  std::vector<std::pair<std::size_t, int>> path;
  Profile machine;                // the team's processes (nprocs) and supersteps
  std::vector<int> outer_pids;    // by pid in the team: the process's pid in the enclosing machine
  std::vector<double> seconds;    // by pid in the team: from its first superstep's begin to its
                                  // last one's end
  std::size_t in() const { return path.back().first; }
  int colour() const { return path.back().second; }
};

// "superstep 1, colour 0", levels joined by " > " for a team within a team.
std::string team_name(const Team& team);

// Builds a profile from the text of a profile file; throws InputError.
Profile parse_profile(const std::string& text, const std::string& name);
// Reads FILE, or, when the program stopped before FILE was made, FILE.parts
// (then incomplete); throws InputError.
Profile load_profile(const std::string& file);

// Words of 4 bytes, as bspprobe measures g (docs/bspprobe.md).
constexpr double kWordBytes = 4;

}  // namespace bspprof
