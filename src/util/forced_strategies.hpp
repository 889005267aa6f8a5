// BSP_FORCE: the one variable that forces a strategy the library otherwise chooses itself, for
// debugging and for tests that must take a path this machine would not (superstep(7)). Its value
// is name=word entries separated by commas, e.g. BSP_FORCE=xmem=off,share_areas=always. Each
// name takes auto (the library chooses, as when the name is missing) or one of its words:
//   xmem            off               the shared-memory engine without cross-memory attach
//   xmem_large      copy, read        how the shared-memory engine moves large transfers
//   share_areas     always, off       sharing registered areas' pages for large transfers
//   bulk_messages   always, off       large transfers apart from the streams (MPI engine)
//   staging_stores  plain, streaming  how large puts are written into the staging rings
#pragma once

namespace superstep {

enum class Strategy { kXmem, kXmemLarge, kShareAreas, kBulkMessages, kStagingStores };

// The word BSP_FORCE gives the strategy: 0 for auto (or not named), otherwise 1 + the word's
// place in the list above. Read at bsp_begin: an entry that names no strategy or no word of its
// strategy stops the program with a usage error of bsp_begin that says what to write instead.
int forced(Strategy strategy);

}  // namespace superstep
