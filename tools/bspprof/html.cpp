#include "html.hpp"

#include <sstream>

#include "html_parts.hpp"
#include "svg_plot.hpp"

namespace bspprof {

namespace {

constexpr const char* kStyle =
    "body{font-family:Helvetica,Arial,sans-serif;margin:20px auto;max-width:1140px;"
    "padding:0 12px;color:#222;line-height:1.4}"
    "h2{margin-top:28px;border-bottom:1px solid #ddd}"
    "section,figure{margin:0}svg.chart{display:block;max-width:100%;height:auto}"
    ".caption{color:#444;font-size:14px;margin:4px 0 8px}"
    ".banner{background:#fff3cd;border:1px solid #d9a400;padding:8px 12px;margin:8px 0}"
    ".banner[data-banner=incomplete]{background:#fdd;border-color:#c00}"
    "table{border-collapse:collapse;width:100%;font-size:13px;margin:8px 0 16px}"
    "th,td{border-bottom:1px solid #e4e4e4;padding:3px 6px;text-align:right}"
    "td{white-space:nowrap}.error{color:#555}.off{color:#a00;white-space:normal}"
    "th{background:#f4f4f4;vertical-align:bottom}"
    "td:first-child,th:first-child,.site{text-align:left}"
    "td.site{white-space:normal;overflow-wrap:anywhere}";

std::string section(const char* id, const char* title, const std::string& caption,
                    const std::string& body) {
  return std::string("<section id=\"") + id + "\"><h2>" + title + "</h2>\n<p class=\"caption\">" +
         caption + "</p>\n" + body + "</section>\n";
}

}  // namespace

std::string render_html(const Assessment& a) {
  const Profile& prof = *a.profile;
  const std::string program = toolkit::xml_escape(prof.program);
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
       << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       << "<title>bspprof: " << program << "</title>\n<style>" << kStyle << "</style>\n"
       << "</head><body>\n<main>\n<h1>bspprof: " << program << "</h1>\n"
       << "<p class=\"caption\">" << prof.nprocs << " processes, " << prof.steps.size()
       << " supersteps, on " << toolkit::xml_escape(prof.host) << ", "
       << toolkit::xml_escape(prof.date) << "</p>\n"
       << run_banners(prof) << intro_text(a)
       << section("timeline", "Timeline",
                  "One lane per process. Dashed lines: where each superstep ends; above them the "
                  "superstep's number, below the axis the bsp_sync call that ends it.",
                  timeline_svg(prof))
       << section("strata", "Data sent and received",
                  std::string("Per superstep, the bytes each process sent (above the line) and "
                              "received (below it, paler), stacked by process.") +
                      (prof.nprocs > 8 ? " Processes q and q + 8 share a colour." : ""),
                  strata_svg(prof))
       << section("prediction", "Predicted and measured",
                  a.params ? "The time of each superstep as measured (dots) and as each model "
                             "predicts it (lines)."
                           : "The time of each superstep as measured.",
                  prediction_svg(a))
       << section("report", "Report",
                  "Times in the longest process of each superstep; imbalance is the longest "
                  "computation over the mean.",
                  report_tables(a));
  if (!a.teams.empty())
    html << section("teams", "Teams",
                    "Each team (bsp_team_begin) is a BSP machine of its own, predicted with the "
                    "parameters for its number of processes. It runs inside a superstep of the "
                    "enclosing machine, as part of its processes' computation there; the "
                    "predictions of that superstep charge each process its team's predicted "
                    "time in place of the time it measured in the team, so a phase of teams "
                    "costs at least the slowest team.",
                    teams_tables(a));
  html << "</main>\n</body></html>\n";
  return html.str();
}

}  // namespace bspprof
