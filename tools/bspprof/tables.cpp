#include "tables.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "superstep_internal/json_text.hpp"
#include "units.hpp"
#include "verdict.hpp"

namespace bspprof {

using superstep::Json;

namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string us(double seconds) { return fmt("%.1f", seconds * 1e6); }
std::string with_unit(double seconds) { return human_time(seconds); }
std::string pct(double p) { return fmt("%+.0f%%", p); }

// Where the superstep ends: process 0's call site (all processes usually
// share it), with its label.
const ProcessStep& first(const Profile& prof, std::size_t s) { return prof.steps[s].procs[0]; }

}  // namespace

std::string where(const ProcessStep& p) {
  std::string w = p.site.empty() ? "?" : p.site;
  if (!p.label.empty()) w += " [" + p.label + "]";
  return w;
}

namespace {

bool first_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

std::size_t characters(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), first_byte));
}

// The first `n` characters of s, and the last `n`.
std::string first_characters(const std::string& s, std::size_t n) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < s.size(); ++at)
    if (first_byte(s[at]) && seen++ == n) break;
  return s.substr(0, at);
}
std::string last_characters(const std::string& s, std::size_t n) {
  std::size_t at = s.size();
  while (n > 0 && at > 0)
    if (first_byte(s[--at])) --n;
  return s.substr(at);
}

// s in at most `width` characters, its middle replaced by `ellipsis`.
std::string cut_middle(const std::string& s, std::size_t width, const std::string& ellipsis) {
  const std::size_t e = characters(ellipsis);
  if (characters(s) <= width) return s;
  if (width <= e) return first_characters(s, width);
  const std::size_t head = (width - e) / 2;
  return first_characters(s, head) + ellipsis + last_characters(s, width - e - head);
}

}  // namespace

std::string right_aligned(const std::string& text, std::size_t width) {
  const std::size_t n = characters(text);
  return n >= width ? text : std::string(width - n, ' ') + text;
}

std::string cut_site(const std::string& site, std::size_t width, const std::string& ellipsis) {
  if (characters(site) <= width) return site;
  const std::size_t label_at = site.find(" [");
  const std::string place = site.substr(0, label_at);
  const std::string label = label_at == std::string::npos ? "" : site.substr(label_at);
  const std::size_t slash = place.rfind('/');
  const std::string folders = slash == std::string::npos ? "" : place.substr(0, slash + 1);
  const std::string file = place.substr(folders.size());
  const std::size_t e = characters(ellipsis), tail = characters(file) + characters(label);
  // The folders cut: the file, its line and the label whole.
  if (!folders.empty() && tail + e <= width)
    return first_characters(folders, width - e - tail) + ellipsis + file + label;
  // The file and its line whole, the label cut in its middle.
  if (!label.empty() && characters(file) + e + 4 <= width)
    return file + cut_middle(label, width - characters(file), ellipsis);
  return cut_middle(file + label, width, ellipsis);
}

namespace {

// The notes on the parameters and the parameters, or why there are none.
void write_params(std::ostream& out, const Assessment& a) {
  if (a.params)
    for (const std::string& note : a.params->notes) out << note << "\n";
  if (a.params)
    out << "parameters: g = " << fmt("%.3g", a.params->g * 1e9)
        << " ns/word, l = " << us(a.params->l) << " us, L = " << us(a.params->L) << " us ("
        << a.params->source << ")\n";
  else
    out << "no parameters, so no predictions: run bspprobe --save once (under a minute, "
           "on a quiet machine) to measure this machine, or give --params FILE (or --g, --l, --L)\n";
}

// The parts of report_text, in order: what ran and with which parameters; a
// row per superstep; each model's totals and where it is most wrong.
void write_heading(std::ostream& out, const Assessment& a) {
  const Profile& prof = *a.profile;
  out << "program: " << prof.program << "\nprocesses: " << prof.nprocs
      << ", supersteps: " << prof.steps.size() << ", host: " << prof.host << ", " << prof.date
      << "\n";
  if (!prof.complete) {
    out << "INCOMPLETE: the program stopped before bsp_end; supersteps recorded per process:";
    for (int q = 0; q < prof.nprocs; ++q) out << " " << prof.recorded[q];
    out << "\n";
  }
  write_params(out, a);
  out << "\n";
}

void write_step_rows(std::ostream& out, const Assessment& a, std::size_t max_rows) {
  const Profile& prof = *a.profile;
  const Prediction& pr = a.prediction;
  char line[512];
  std::snprintf(line, sizeof line, "%6s %-24s %10s %6s %10s %9s %9s %11s", "step", "site", "W us",
                "imbal", "h words", "wait us", "move us", "measured us");
  out << line;
  if (a.params)
    out << "   BSP us  err   BSPWB us  err     MPM us  err  BSP off by >10%: dominant term";
  out << "\n";
  const std::size_t rows = max_rows == 0 ? pr.steps.size() : std::min(max_rows, pr.steps.size());
  for (std::size_t s = 0; s < rows; ++s) {
    const StepPrediction& sp = pr.steps[s];
    double wait = 0, move = 0;
    for (const ProcessStep& p : prof.steps[s].procs) {
      wait = std::max(wait, p.wait());
      move = std::max(move, p.move());
    }
    const std::string site = cut_site(where(first(prof, s)), 24);
    std::snprintf(line, sizeof line, "%6zu %-24s %10s %6.2f %10.0f %9s %9s %11s", s, site.c_str(),
                  us(sp.W).c_str(), sp.mean_w > 0 ? sp.W / sp.mean_w : 1.0, sp.h, us(wait).c_str(),
                  us(move).c_str(), us(sp.measured).c_str());
    out << line;
    if (a.params)
      for (int m = 0; m < 3; ++m) {
        double v = model_step(sp, m);
        std::snprintf(line, sizeof line, " %10s %5s", us(v).c_str(),
                      pct(error_percent(v, sp.measured)).c_str());
        out << line;
      }
    if (a.params) {
      const StepVerdict v = judge_step(sp, *a.params);
      if (v.off) out << "  * " << describe(v);
    }
    out << "\n";
  }
  if (rows < pr.steps.size())
    out << "... " << pr.steps.size() - rows << " more supersteps (--max-rows 0 shows all)\n";
}

void write_model_totals(std::ostream& out, const Assessment& a) {
  const Profile& prof = *a.profile;
  const Prediction& pr = a.prediction;
  char line[512];
  out << "\nmeasured total: " << fmt("%.6f", pr.measured) << " s\n";
  for (const ModelError& e : a.models) {
    std::snprintf(line, sizeof line,
                  "%-6s predicts %.6f s (%s); per superstep: median |error| %.0f%%, worst %s "
                  "(superstep %zu)\n",
                  e.name, e.total, pct(e.total_error).c_str(), e.median_error,
                  pct(e.worst_error).c_str(), e.worst_step);
    out << line;
  }
  for (const ModelError& e : a.models) {
    out << e.name << " is most wrong at:";
    for (std::size_t s : e.most_wrong) {
      double v = model_step(pr.steps[s], static_cast<int>(&e - a.models.data()));
      out << " superstep " << s << " (" << where(first(prof, s)) << ", " << with_unit(v)
          << " predicted, " << with_unit(pr.steps[s].measured) << " measured);";
    }
    out << "\n";
  }
}

}  // namespace

std::string predict_here(const Assessment& a, const Params& par, std::size_t max_rows) {
  const Profile& prof = *a.profile;
  const Prediction& pr = a.prediction;
  std::ostringstream out;
  const std::string machine =
      par.machine.empty() ? std::string("this machine") : "this machine (" + par.machine + ")";
  out << "program: " << prof.program << ", p = " << prof.nprocs << ", " << prof.steps.size()
      << " supersteps, measured on host " << prof.host << "\n";
  for (const std::string& note : par.notes) out << note << "\n";
  out << "predicted for " << machine << " by the BSP model, with g = "
      << fmt("%.3g", par.g * 1e9) << " ns/word, l = " << human_time(par.l)
      << ", L = " << human_time(par.L) << "\n(--machine predicts for a network bsproute "
      << "describes instead)\n\n";
  char line[256];
  std::snprintf(line, sizeof line, "%6s %-24s %12s %12s %7s\n", "step", "site", "predicted",
                "measured", "error");
  out << line;
  const std::size_t rows = max_rows == 0 ? pr.steps.size() : std::min(max_rows, pr.steps.size());
  for (std::size_t s = 0; s < rows; ++s) {
    const StepPrediction& sp = pr.steps[s];
    std::snprintf(line, sizeof line, "%6zu %-24s ", s, cut_site(where(first(prof, s)), 24).c_str());
    out << line << right_aligned(human_time(sp.bsp), 12) << " "
        << right_aligned(human_time(sp.measured), 12) << " ";
    std::snprintf(line, sizeof line, "%7s\n", pct(error_percent(sp.bsp, sp.measured)).c_str());
    out << line;
  }
  if (rows < pr.steps.size())
    out << "... " << pr.steps.size() - rows << " more supersteps (--max-rows 0 shows all)\n";
  out << "\ntotal: predicted " << human_time(pr.bsp) << " on " << machine << ", measured "
      << human_time(pr.measured) << " (" << pct(error_percent(pr.bsp, pr.measured)) << ")\n";
  return out.str();
}

namespace {

// A row per team, depth first: its size, supersteps, measured time and each model's.
void write_team_rows(std::ostream& out, const Assessment& a) {
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    const Prediction& pr = t.prediction;
    char line[512];
    std::snprintf(line, sizeof line, "%-40s %9d %10zu %11s", cut_site(team_name(team), 40).c_str(),
                  team.machine.nprocs, team.machine.steps.size(), us(pr.measured).c_str());
    out << line;
    for (const ModelError& e : t.models) {
      std::snprintf(line, sizeof line, " %10s %5s", us(e.total).c_str(),
                    pct(e.total_error).c_str());
      out << line;
    }
    out << "\n";
    write_team_rows(out, t);
  }
}

// Each team as a machine of its own: which processes, its parameters, its supersteps and its
// models' totals; then the teams within it.
void write_team_reports(std::ostream& out, const Assessment& a, std::size_t max_rows) {
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    out << "\nteam " << team_name(team) << ": " << team.machine.nprocs
        << " processes (pids in the enclosing machine:";
    for (int q : team.outer_pids) out << " " << q;
    out << "), " << team.machine.steps.size() << " supersteps\n";
    write_params(out, t);
    write_step_rows(out, t, max_rows);
    write_model_totals(out, t);
    write_team_reports(out, t, max_rows);
  }
}

void write_teams(std::ostream& out, const Assessment& a, std::size_t max_rows) {
  if (a.teams.empty()) return;
  out << "\nteams (bsp_team_begin): each a BSP machine of its own, predicted with the "
         "parameters for its number of processes. A team runs inside a superstep of the "
         "enclosing machine, as part of its processes' computation there; the predictions of "
         "that superstep charge each process its team's predicted time in place of the time "
         "it measured in the team, so a phase of teams costs at least the slowest team.\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-40s %9s %10s %11s", "team (in superstep, colour)",
                "processes", "supersteps", "measured us");
  out << line;
  if (a.params) out << "   BSP us  err   BSPWB us  err     MPM us  err";
  out << "\n";
  write_team_rows(out, a);
  write_team_reports(out, a, max_rows);
}

}  // namespace

std::string report_text(const Assessment& a, std::size_t max_rows) {
  std::ostringstream out;
  write_heading(out, a);
  write_step_rows(out, a, max_rows);
  write_model_totals(out, a);
  write_teams(out, a, max_rows);
  return out.str();
}

namespace {

// The parts of report_json: the parameters (null without), each model's
// errors, a process's superstep, the supersteps.
Json params_json(const Assessment& a) {
  if (!a.params) return nullptr;
  Json p = Json::object();
  p["g"] = a.params->g;
  p["l"] = a.params->l;
  p["L"] = a.params->L;
  Json o = Json::object();
  for (int k = 0; k < kKinds; ++k) o[kKindNames[k]] = a.params->o[k];
  p["o"] = o;
  Json o_small = Json::object();
  for (int k = 0; k < kKinds; ++k) o_small[kKindNames[k]] = a.params->o_small[k];
  p["o_small"] = o_small;
  Json o_apart = Json::object();
  for (int k = 0; k < kKinds; ++k) o_apart[kKindNames[k]] = a.params->o_apart[k];
  p["o_apart"] = o_apart;
  p["g_self"] = a.params->g_self;
  p["h_operator"] = name_of(a.params->op);
  p["source"] = a.params->source;
  p["notes"] = a.params->notes;
  return p;
}

Json models_json(const Assessment& a) {
  Json models = Json::object();
  for (const ModelError& e : a.models) {
    Json m = Json::object();
    m["total"] = e.total;
    m["total_error_percent"] = e.total_error;
    m["median_step_error_percent"] = e.median_error;
    m["worst_step_error_percent"] = e.worst_error;
    m["worst_step"] = e.worst_step;
    Json wrong = Json::array();
    for (std::size_t s : e.most_wrong) wrong.push_back(s);
    m["most_wrong"] = wrong;
    models[e.name] = m;
  }
  return models;
}

Json process_json(const ProcessStep& p) {
  Json q = Json::object();
  q["w"] = p.w();
  q["wait"] = p.wait();
  q["move"] = p.move();
  Json out = Json::object(), in = Json::object();
  for (int k = 0; k < kKinds; ++k) {
    out[kKindNames[k]] = Json::array({p.out_bytes[k], p.out_count[k]});
    in[kKindNames[k]] = Json::array({p.in_bytes[k], p.in_count[k]});
  }
  q["out"] = out;
  q["in"] = in;
  q["h_max"] = h_of(p, HOperator::kMax);
  q["h_sum"] = h_of(p, HOperator::kSum);
  q["pushes"] = p.pushes;
  q["pops"] = p.pops;
  return q;
}

Json steps_json(const Assessment& a) {
  const Profile& prof = *a.profile;
  const Prediction& pr = a.prediction;
  Json steps = Json::array();
  for (std::size_t s = 0; s < pr.steps.size(); ++s) {
    const StepPrediction& sp = pr.steps[s];
    Json j = Json::object();
    j["s"] = s;
    j["site"] = first(prof, s).site;
    j["label"] = first(prof, s).label;
    j["W"] = sp.W;
    j["mean_w"] = sp.mean_w;
    j["h"] = sp.h;
    j["measured"] = sp.measured;
    if (a.params) {
      j["bsp"] = sp.bsp;
      j["bspwb"] = sp.bspwb;
      j["mpm"] = sp.mpm;
      j["message_cost"] = sp.message_cost;
      j["small_message_cost"] = sp.small_cost;
      j["self_cost"] = sp.self_cost;
      const StepVerdict v = judge_step(sp, *a.params);
      j["off"] = v.off;
      j["dominant_term"] = name_of(v.dominant);
      j["dominant_share"] = v.share;
    }
    j["messages"] = sp.messages;
    j["small_messages"] = sp.small_messages;
    Json procs = Json::array();
    for (const ProcessStep& p : prof.steps[s].procs) procs.push_back(process_json(p));
    j["processes"] = procs;
    steps.push_back(j);
  }
  return steps;
}

// The teams, depth first, each with its figures as a machine's.
Json teams_json(const Assessment& a) {
  Json teams = Json::array();
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    Json j = Json::object();
    Json path = Json::array();
    for (const auto& [in, colour] : team.path) path.push_back(Json::array({in, colour}));
    j["path"] = path;
    j["name"] = team_name(team);
    j["nprocs"] = team.machine.nprocs;
    j["outer_pids"] = team.outer_pids;
    j["supersteps"] = team.machine.steps.size();
    j["params"] = params_json(t);
    j["totals"] = Json{{"measured", t.prediction.measured}};
    j["models"] = models_json(t);
    j["steps"] = steps_json(t);
    j["teams"] = teams_json(t);
    teams.push_back(j);
  }
  return teams;
}

}  // namespace

std::string report_json(const Assessment& a) {
  const Profile& prof = *a.profile;
  Json root = Json::object();
  root["schema"] = "superstep-bspprof-report/1";
  root["program"] = prof.program;
  root["nprocs"] = prof.nprocs;
  root["complete"] = prof.complete;
  root["supersteps"] = prof.steps.size();
  root["params"] = params_json(a);
  Json totals = Json::object();
  totals["measured"] = a.prediction.measured;
  root["totals"] = totals;
  root["models"] = models_json(a);
  root["steps"] = steps_json(a);
  if (!a.teams.empty()) root["teams"] = teams_json(a);
  return root.dump(2) + "\n";
}

}  // namespace bspprof
