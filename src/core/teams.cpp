// Teams (bsp.h, bsp_team_begin): a BSP machine made of some of the processes
// of the enclosing one, with its own registrations, queue, tag size and
// supersteps, over the engine's split(). Entering ends the enclosing
// superstep (a sync of the enclosing machine, so that nothing of it is under
// way while the team runs); leaving ends the team as bsp_end ends a machine
// (every process of the team, registrations of the team popped, nothing in
// flight), after which the enclosing machine's next superstep goes on where
// entering left it. Profiled, a team records its own supersteps (Recorder::team), and the
// enclosing superstep it runs in counts its time as computation.
#include "core/collective_error.hpp"
#include "core/runtime.hpp"
#include "util/errors.hpp"
#include "util/text_format.hpp"

namespace superstep {

void Runtime::enter_team(int colour, int key) {
  if (colour < 0)
    usage_error("bsp_team_begin",
                "colour is %d; pass 0 or more (the processes that pass the same colour form "
                "a team)",
                colour);
  const unsigned long long called_in = superstep_;
  if (profile_) profile_->ended_by("bsp_team_begin");
  run_sync(SyncKind::kSync);
  Engine* engine = engine_->split(colour, key);
  if (!engine)
    fatal_collective(
        format("superstep: error in bsp_team_begin, superstep %llu: the engine this program "
               "runs on has no teams; run it on the shared-memory (the default), MPI or udp "
               "engine",
               called_in));
  const TeamStart start{profile_.get(), colour, superstep_};
  team_.reset(new Runtime(engine, shared_area_min_asked_, bulk_messages_, staging_stores_,
                          check_choices_, &start));
  team_->enclosing_ = this;
  team_->activate();
}

void Runtime::leave_team() {
  if (!enclosing_)
    usage_error("bsp_team_end",
                "called outside a team; call it once for every bsp_team_begin, on every "
                "process of the team");
  run_sync(SyncKind::kEnd);
  release_all_areas();
  engine_->finish();
  Runtime* outer = enclosing_;
  outer->activate();
  outer->team_.reset();  // frees this runtime and its engine: touch no member after
}

}  // namespace superstep
