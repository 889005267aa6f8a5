// bsproute's results as JSON (nlohmann-json through superstep_internal), one function per
// command.
#pragma once

#include <vector>

#include "campaign.hpp"
#include "efficiency.hpp"
#include "laws.hpp"
#include "superstep_internal/json_text.hpp"
#include "transputer.hpp"

namespace bsproute {

using superstep::Json;

Json run_json(const CampaignResult& result);
Json grid_json(const GridResult& result);
Json transputer_json(const std::vector<TransputerCase>& cases);
Json efficiency_json(const std::vector<EfficiencyCurve>& dma,
                     const std::vector<EfficiencyCurve>& crossbar, const EfficiencyModel& model);

}  // namespace bsproute
