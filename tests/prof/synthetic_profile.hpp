// Profiles made up by hand, in the file format libbsp writes (docs/bspprof.md),
// so that the models can be checked against answers computed on paper.
#pragma once

#include <string>
#include <vector>

namespace bspprof::testing {

struct Edge {
  int partner;
  const char* kind;  // put, hpput, get, hpget, send
  long bytes;
  long count;
  long small = -1;  // of count, the small ones; -1: not written, as in older profiles
  long apart = -1;  // of small, those apart (no run); -1: not written, as in older profiles
};

// One process in one superstep: it computes for w seconds from `begin`, and
// its sync takes no time; what it sends or gets is `edges`.
struct Step {
  double w;
  std::vector<Edge> edges;
};

// steps[s][q]: process q in superstep s; each process's supersteps follow each
// other without gaps, all starting at time 0.
inline std::string profile_text(const std::vector<std::vector<Step>>& steps, bool complete = true) {
  const int p = static_cast<int>(steps.front().size());
  auto ns = [](double s) { return std::to_string(static_cast<long long>(s * 1e9 + 0.5)); };
  std::string out = "{\"schema\":\"superstep-profile/1\",\"complete\":";
  out += complete ? "true" : "false";
  out += ",\"run\":{\"process\":0,\"nprocs\":" + std::to_string(p) +
         ",\"program\":\"synthetic\",\"host\":\"h\",\"date\":\"d\",\"remote_reads\":true,"
         "\"begin_ns\":0},\"processes\":[";
  for (int q = 0; q < p; ++q) {
    out += q ? ",{" : "{";
    out += "\"pid\":" + std::to_string(q) + ",\"ended\":true,\"supersteps\":[";
    double t = 0;
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const Step& st = steps[s][q];
      out += s ? ",{" : "{";
      out += "\"s\":" + std::to_string(s) + ",\"t\":[" + ns(t) + "," + ns(t + st.w) + "," +
             ns(t + st.w) + "," + ns(t + st.w) +
             "],\"site\":\"synthetic.c:" + std::to_string(10 + s) + "\",\"reg\":[0,0],\"edges\":[";
      for (std::size_t e = 0; e < st.edges.size(); ++e) {
        const Edge& ed = st.edges[e];
        out += (e ? ",[" : "[") + std::to_string(ed.partner) + ",\"" + ed.kind + "\"," +
               std::to_string(ed.bytes) + "," + std::to_string(ed.count) +
               (ed.small >= 0 ? "," + std::to_string(ed.small) : std::string()) +
               (ed.small >= 0 && ed.apart >= 0 ? "," + std::to_string(ed.apart) : std::string()) +
               "]";
      }
      out += "]}";
      t += st.w;
    }
    out += "]}";
  }
  return out + "]}";
}

}  // namespace bspprof::testing
