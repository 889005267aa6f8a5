// The words at the top of the page: warnings about the run, and how to read
// the page without the papers.
#include <cstdio>
#include <sstream>

#include "html_parts.hpp"
#include "svg_plot.hpp"
#include "units.hpp"

namespace bspprof {

using toolkit::xml_escape;

namespace {

std::string fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string banner(const char* kind, const std::string& text) {
  return std::string("<p class=\"banner\" data-banner=\"") + kind + "\">" + text + "</p>\n";
}

}  // namespace

std::string run_banners(const Profile& prof) {
  std::string out;
  if (!prof.complete) {
    std::string counts;
    for (int q = 0; q < prof.nprocs; ++q)
      counts += (q ? ", " : "") + std::to_string(prof.recorded[q]);
    out += banner("incomplete",
                  "<b>Incomplete profile:</b> the program stopped before bsp_end. Supersteps "
                  "recorded per process: " +
                      counts + "; only the supersteps every process recorded are shown.");
  }
  const int p = prof.nprocs, n = prof.processors;
  if (n > 0 && p > n)
    out += banner("oversubscribed",
                  "<b>Oversubscribed:</b> " + std::to_string(p) + " processes ran on " +
                      std::to_string(n) + " processor" + (n == 1 ? "" : "s") +
                      ", so processes took turns on the processors. The measured times include "
                      "waiting for a processor, which none of the models predicts.");
  if (n > 0 && prof.load >= 1 && prof.load + p > n)
    out += banner("loaded", "<b>Loaded machine:</b> the 1-minute load average was " +
                                fixed(prof.load, 1) + " on " + std::to_string(n) +
                                " processors when the run began: other programs competed with "
                                "its " +
                                std::to_string(p) +
                                " processes, so the measured times may include waiting for a "
                                "processor.");
  return out;
}

std::string intro_text(const Assessment& a) {
  const Profile& prof = *a.profile;
  std::ostringstream out;
  out << "<section class=\"intro\">\n<p>Where the time of this run went, superstep by superstep ("
      << prof.steps.size() << " supersteps on " << prof.nprocs
      << " processes). A <em>superstep</em> is the work up to a call of <code>bsp_sync</code>: "
         "every process computes and asks for data to be sent, then waits in "
         "<code>bsp_sync</code> until all processes have arrived and the data has moved. The "
         "charts and the table number the supersteps 0, 1, 2, &hellip; in order and name the "
         "<code>bsp_sync</code> call (file:line) that ends each.</p>\n"
      << "<p>Three cost models predict each superstep's time from what the program did "
         "(<i>w</i>: how long a process computed; <i>h</i>: the most 32-bit words a process "
         "sent or received) and from machine parameters that bspprobe measures: <i>g</i>, the "
         "time per word; <i>l</i>, the cost of the barrier; <i>L</i>, the start-up of a "
         "communication.</p>\n<ul>\n"
      << "<li><b>BSP</b> (Hill et al., <i>BSPlib: The BSP Programming Library</i>, 1998): "
         "<i>w</i> + <i>g</i>&middot;<i>h</i> + <i>l</i>, with the longest <i>w</i> and the "
         "largest <i>h</i> of any process, as every process waits for the slowest at the "
         "barrier.</li>\n"
      << "<li><b>BSPWB</b>, BSP without barriers (Roda, Rodr&iacute;guez, Morales and Almeida, "
         "<i>Predicting the execution time of message passing models</i>, 1999): the longest "
         "<i>w</i> plus the largest <i>g</i>&middot;<i>h</i> + <i>L</i> of any process; the "
         "start-up <i>L</i> takes the place of the barrier.</li>\n"
      << "<li><b>MPM</b>, the message passing machine (the same paper): as BSPWB, but a "
         "process waits only for the processes that send it data, not for all.</li>\n</ul>\n";
  if (a.params)
    out << "<p>Parameters: <i>g</i> = " << fixed(a.params->g * 1e9, 3)
        << " ns per word, <i>l</i> = " << human_time(a.params->l)
        << ", <i>L</i> = " << human_time(a.params->L) << " (" << xml_escape(a.params->source)
        << ").</p>\n"
        << "<p>A model's <b>error</b> is (predicted &minus; measured) / measured: positive when "
           "the model predicted more time than the run took (too slow), negative when it "
           "predicted less (too fast).</p>\n";
  else
    out << "<p>bspprof had no machine parameters for this run, so the page shows what was "
           "measured and predicts nothing.</p>\n";
  out << "</section>\n";
  return out.str();
}

}  // namespace bspprof
