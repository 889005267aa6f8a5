// bspprof: reads a profile (BSP_PROFILE=FILE or bsprun --profile FILE),
// predicts its run time with the BSP, BSPWB and MPM cost models, and draws it
// (docs/bspprof.md). Exit status: 0, 1 for input it cannot use, 2 for a bad
// command line.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "assessment.hpp"
#include "compare.hpp"
#include "html.hpp"
#include "machine_prediction.hpp"
#include "options.hpp"
#include "params.hpp"
#include "tables.hpp"

namespace bspprof {
namespace {

// The parameters for this profile: from --params, BSP_PARAMS or the build's
// measurement (params.hpp, found_params) unless --g and --l alone give them, then
// --g/--l/--L on top.
std::optional<Params> params_for(const Options& o, int nprocs) {
  std::optional<Params> par;
  if (!o.params.empty() || !(o.g && o.l)) par = found_params(o.params, nprocs, o.op);
  if (o.g || o.l || o.L) {
    if (!par) {
      if (!(o.g && o.l))
        throw InputError("no bspprobe result found: give --params, or at least --g and --l");
      par = Params{};
      par->L = *o.l;
      par->op = o.op.value_or(HOperator::kMax);
      par->source = "command line";
    } else {
      par->source += "; overridden on the command line";
    }
    if (o.g) par->g = *o.g;
    if (o.l) par->l = *o.l;
    if (o.L) par->L = *o.L;
  }
  return par;
}

// The parameters for each team, by its size, as for a machine of that many processes.
ParamsForSize team_params_for(const Options& o) {
  return [&o](int nprocs) { return params_for(o, nprocs); };
}

void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp, std::ios::binary);
  out << text;
  out.close();
  if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw InputError("cannot write " + path);
  }
}

int run(const Options& o) {
  const HOperator op = o.op.value_or(HOperator::kMax);
  if (o.command == "compare") {
    Profile a = load_profile(o.files[0]), b = load_profile(o.files[1]);
    std::optional<Params> pa = params_for(o, a.nprocs), pb = params_for(o, b.nprocs);
    Assessment x = assess(a, pa, pa ? pa->op : op, team_params_for(o)),
               y = assess(b, pb, pb ? pb->op : op, team_params_for(o));
    std::fputs(compare_text(x, y, o.max_rows).c_str(), stdout);
    return 0;
  }
  Profile prof = load_profile(o.files[0]);
  if (o.command == "predict" && !o.machine_given) {
    std::optional<Params> par = params_for(o, prof.nprocs);
    if (!par)
      throw InputError(
          "no measured parameters of this machine: run 'bspprobe --output FILE' and give "
          "--params FILE, or predict for a network with --machine");
    std::fputs(
        predict_here(assess(prof, par, par->op, team_params_for(o)), *par, o.max_rows).c_str(),
        stdout);
    return 0;
  }
  if (o.command == "predict") {
    Machine machine = o.machine;
    if (o.l) machine.l = *o.l;
    std::fputs(machine_report(predict_on_machine(prof, machine), o.max_rows).c_str(), stdout);
    return 0;
  }
  std::optional<Params> par = params_for(o, prof.nprocs);
  Assessment a = assess(prof, par, par ? par->op : op, team_params_for(o));
  const std::string text = report_text(a, o.max_rows);
  if (!o.html.empty()) write_file(o.html, render_html(a));
  std::fputs(o.json ? report_json(a).c_str() : text.c_str(), stdout);
  if (!prof.complete)
    std::fprintf(stderr, "bspprof: %s is incomplete: the program stopped before bsp_end\n",
                 prof.source.c_str());
  return 0;
}

}  // namespace
}  // namespace bspprof

int main(int argc, char** argv) {
  const bspprof::ParsedOptions parsed =
      bspprof::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  if (parsed.stop) return toolkit::finish(*parsed.stop);
  const bspprof::Options& o = parsed.options;
  try {
    return bspprof::run(o);
  } catch (const bspprof::InputError& e) {
    std::fprintf(stderr, "bspprof: %s\n", e.what());
    return 1;
  }
}
