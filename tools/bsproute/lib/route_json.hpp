// bsproute's results as JSON (toolkit::Json), one function per command.
#pragma once

#include <vector>

#include "campaign.hpp"
#include "efficiency.hpp"
#include "superstep_internal/json.hpp"
#include "laws.hpp"
#include "transputer.hpp"

namespace bsproute {

toolkit::Json run_json(const CampaignResult& result);
toolkit::Json grid_json(const GridResult& result);
toolkit::Json transputer_json(const std::vector<TransputerCase>& cases);
toolkit::Json efficiency_json(const std::vector<EfficiencyCurve>& dma,
                              const std::vector<EfficiencyCurve>& crossbar,
                              const EfficiencyModel& model);

}  // namespace bsproute
