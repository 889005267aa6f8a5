// The report as HTML tables: one row per superstep, then the totals.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "html_parts.hpp"
#include "html_svg.hpp"
#include "svg_plot.hpp"
#include "tables.hpp"
#include "units.hpp"
#include "verdict.hpp"

namespace bspprof {

using toolkit::xml_escape;

namespace {

const char* const kModelNames[3] = {"BSP", "BSPWB", "MPM"};
// The BSP column's header explains the mark under a superstep's error.
const char* const kOffTitle =
    " title=\"where the BSP prediction is off by more than 10%, the largest term of the "
    "superstep (work, imbalance, h*g, messages*o, small puts*o, l, or waiting beyond "
    "the model: the measured time the model does not explain) and its share\"";

std::string percent(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f%%", p);
  return buf;
}

std::string cell(const std::string& text) { return "<td>" + text + "</td>"; }

std::string header(bool models) {
  std::ostringstream out;
  out << "<thead><tr><th>superstep</th><th class=\"site\">ended by bsp_sync at</th>"
      << "<th title=\"the longest computation of any process\">computing, longest</th>"
      << "<th title=\"longest computation / mean computation\">imbalance</th>"
      << "<th title=\"the most 32-bit words a process sent or received\">h (words)</th>"
      << "<th>waiting, longest</th><th>moving data, longest</th><th>measured</th>";
  if (models)
    for (const char* m : kModelNames)
      out << "<th" << (m == kModelNames[0] ? kOffTitle : "") << ">" << m << "<br>(error)</th>";
  out << "</tr></thead>\n";
  return out.str();
}

std::string step_row(const Assessment& a, std::size_t s) {
  const Profile& prof = *a.profile;
  const StepPrediction& sp = a.prediction.steps[s];
  double wait = 0, move = 0;
  for (const ProcessStep& p : prof.steps[s].procs) {
    wait = std::max(wait, p.wait());
    move = std::max(move, p.move());
  }
  char imbalance[32], h[32];
  std::snprintf(imbalance, sizeof imbalance, "%.2f", sp.mean_w > 0 ? sp.W / sp.mean_w : 1.0);
  std::snprintf(h, sizeof h, "%.0f", sp.h);
  std::ostringstream out;
  const ProcessStep& first = prof.steps[s].procs[0];
  out << "<tr data-step=\"" << s << "\"><td>" << s << "</td><td class=\"site\" title=\""
      << xml_escape(where(first)) << "\">" << xml_escape(short_site(first, 40)) << "</td>"
      << cell(human_time(sp.W)) << cell(imbalance) << cell(h) << cell(human_time(wait))
      << cell(human_time(move)) << cell(human_time(sp.measured));
  if (a.params) {
    // BSP off by more than 10%: the term that dominates, under its error.
    const StepVerdict verdict = judge_step(sp, *a.params);
    for (int m = 0; m < 3; ++m) {
      const double v = model_step(sp, m);
      std::string text = human_time(v) + "<br><span class=\"error\">" +
                         percent(error_percent(v, sp.measured)) + "</span>";
      if (m == 0 && verdict.off)
        text += "<br><span class=\"off\">" + xml_escape(describe(verdict)) + "</span>";
      out << cell(text);
    }
  }
  out << "</tr>\n";
  return out.str();
}

std::string totals_table(const Assessment& a) {
  const Prediction& pr = a.prediction;
  std::ostringstream out;
  out << "<table class=\"totals\"><thead><tr><th></th><th>whole run</th><th>error</th>"
      << "<th>median |error| of a superstep</th><th>worst superstep error</th>"
      << "<th class=\"site\">most wrong at (superstep: predicted / measured)</th></tr></thead>\n"
      << "<tbody><tr><td>measured</td>" << cell(human_time(pr.measured))
      << "<td></td><td></td><td></td><td></td></tr>\n";
  for (std::size_t m = 0; m < a.models.size(); ++m) {
    const ModelError& e = a.models[m];
    std::string wrong;
    for (std::size_t s : e.most_wrong)
      wrong += (wrong.empty() ? "" : "; ") + std::to_string(s) + ": " +
               human_time(model_step(pr.steps[s], static_cast<int>(m))) + " / " +
               human_time(pr.steps[s].measured);
    char median[32];
    std::snprintf(median, sizeof median, "%.0f%%", e.median_error);
    out << "<tr><td>" << e.name << " predicts</td>" << cell(human_time(e.total))
        << cell(percent(e.total_error)) << cell(median)
        << cell(percent(e.worst_error) + " (superstep " + std::to_string(e.worst_step) + ")")
        << "<td class=\"site\">" << wrong << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
  return out.str();
}

// The id of a team's heading: "team-1-0" for superstep 1, colour 0, a level more per nesting.
std::string team_anchor(const Team& team) {
  std::string id = "team";
  for (const auto& [in, colour] : team.path)
    id += "-" + std::to_string(in) + "-" + std::to_string(colour);
  return id;
}

// A row per team, depth first: its place, size, supersteps, measured time and each model's.
void team_rows(std::ostream& out, const Assessment& a) {
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    out << "<tr><td class=\"site\"><a href=\"#" << team_anchor(team) << "\">"
        << xml_escape(team_name(team)) << "</a></td>" << cell(std::to_string(team.machine.nprocs))
        << cell(std::to_string(team.machine.steps.size()))
        << cell(human_time(t.prediction.measured));
    for (const ModelError& e : t.models)
      out << cell(human_time(e.total) + "<br><span class=\"error\">" + percent(e.total_error) +
                  "</span>");
    out << "</tr>\n";
    team_rows(out, t);
  }
}

// Each team's totals and supersteps, as the machine's, under a heading; then those within it.
void team_reports(std::ostream& out, const Assessment& a) {
  for (const Assessment& t : a.teams) {
    const Team& team = *t.team;
    out << "<h3 id=\"" << team_anchor(team) << "\">Team " << xml_escape(team_name(team)) << "</h3>\n"
        << "<p class=\"caption\">" << team.machine.nprocs
        << " processes (their pids in the enclosing machine:";
    for (int q : team.outer_pids) out << " " << q;
    out << "), " << team.machine.steps.size() << " supersteps";
    if (t.params)
      out << "; predicted with the parameters for " << team.machine.nprocs
          << " processes: " << xml_escape(t.params->source);
    out << ".</p>\n" << report_tables(t);
    team_reports(out, t);
  }
}

}  // namespace

std::string teams_tables(const Assessment& a) {
  std::ostringstream out;
  out << "<table class=\"teams\"><thead><tr><th class=\"site\">team (the superstep it ran in, "
      << "its colour)</th><th>processes</th><th>supersteps</th><th>measured</th>";
  if (!a.teams.empty() && a.teams.front().params)
    for (const char* m : kModelNames) out << "<th>" << m << "<br>(error)</th>";
  out << "</tr></thead>\n<tbody>\n";
  team_rows(out, a);
  out << "</tbody></table>\n";
  team_reports(out, a);
  return out.str();
}

std::string report_tables(const Assessment& a) {
  std::ostringstream out;
  out << totals_table(a) << "<table class=\"steps\">" << header(a.params.has_value())
      << "<tbody>\n";
  for (std::size_t s = 0; s < a.prediction.steps.size(); ++s) out << step_row(a, s);
  out << "</tbody></table>\n";
  return out.str();
}

}  // namespace bspprof
