// What libbsp asks of the MPI engine plugin (libbsp_mpi) beyond the table
// every engine plugin exports (engines/plugin_abi.hpp). Both sides include
// this header, so the names and types agree.
#pragma once

namespace superstep {

// Whether the program gave Superstep a communicator (bsp_mpi_use_communicator):
// engine selection then picks MPI without a launcher or BSP_ENGINE.
using MpiEmbeddedFn = int (*)();
inline constexpr const char* kMpiEmbeddedSymbol = "superstep_mpi_embedded";

}  // namespace superstep
