// How the BSP simulation deals N nodes out to p processes: contiguous
// blocks, as even as possible, the first N mod p blocks one node larger.
#pragma once

namespace bsproute {

// The first node of process s's block (s = p: one past the last node).
int block_first(int nodes, int p, int s);
// The process whose block holds `node`.
int block_owner(int nodes, int p, int node);

}  // namespace bsproute
