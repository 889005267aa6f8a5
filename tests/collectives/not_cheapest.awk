# Prints each cost-model trace line whose chosen algorithm is not the cheapest of the costs the
# line prints (check_choices.sh). The trace prints three significant digits, so costs that differ
# by less print alike: the chosen one's printed cost must be the least printed. A comparison of
# names failed on "direct 13.2 us, two_phase 13.2 us, messages 13.2 us -> messages", where the
# model's unrounded costs told them apart.
{
  found = 0; least = 0; chosen = ""
  for (i = 1; i <= NF; ++i)
    if ($i ~ /^(direct|two_phase|messages)$/ && $(i + 2) ~ /^us[,]?$/) {
      cost[$i] = $(i + 1) + 0
      if (!found || cost[$i] < least) least = cost[$i]
      found = 1
    }
  for (i = 1; i <= NF; ++i) if ($i == "->") chosen = $(i + 1)
  if (!found || !(chosen in cost) || cost[chosen] > least) print
  delete cost
}
