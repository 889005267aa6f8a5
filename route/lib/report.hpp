// bsproute's plain-text tables, one function per command.
#pragma once

#include <string>
#include <vector>

#include "campaign.hpp"
#include "efficiency.hpp"
#include "laws.hpp"
#include "transputer.hpp"

namespace bsproute {

std::string run_report(const CampaignResult& result);
std::string grid_report(const GridResult& result);
std::string transputer_report(const std::vector<TransputerCase>& cases,
                              double bytes_per_microsecond, double routing_delay_us);
std::string efficiency_report(const std::vector<EfficiencyCurve>& dma,
                              const std::vector<EfficiencyCurve>& crossbar,
                              const EfficiencyModel& model);

}  // namespace bsproute
