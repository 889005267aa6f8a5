/* Superstep inside an MPI program.
 *
 * A program that already uses MPI can run a BSPlib part on a communicator of
 * its choice and carry on with MPI afterwards:
 *
 *     MPI_Init(&argc, &argv);
 *     ...                                     plain MPI
 *     bsp_mpi_use_communicator(MPI_COMM_WORLD);
 *     bsp_begin(bsp_nprocs());                bsp_nprocs() is the communicator's size
 *     ...                                     BSPlib, bsp_pid() is the rank in comm
 *     bsp_end();                              every process returns here
 *     ...                                     plain MPI again
 *     MPI_Finalize();
 *
 * Call it on every process of `comm`, after MPI_Init and before bsp_begin
 * (and before bsp_nprocs, which then returns the size of comm). Superstep
 * works on a duplicate of comm, so its messages never mix with the program's.
 * bsp_begin must ask for all the processes of comm. Superstep does not call
 * MPI_Finalize in this mode; bsp_abort and every misuse still stop the whole
 * job (MPI_Abort).
 *
 * This function lives in the MPI engine plugin, not in libbsp: link with
 * -lbsp_mpi (CMake: Superstep::bsp_mpi) as well as -lbsp and MPI. Programs
 * that only run under mpirun do not need this header at all.
 */
#ifndef SUPERSTEP_BSP_MPI_H
#define SUPERSTEP_BSP_MPI_H

#include <bsp.h>
/* Only MPI's C interface is used; C++ programs need not link MPI's deprecated C++ bindings. */
#if defined(__cplusplus) && !defined(OMPI_SKIP_MPICXX)
#define OMPI_SKIP_MPICXX 1
#endif
#if defined(__cplusplus) && !defined(MPICH_SKIP_MPICXX)
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

void bsp_mpi_use_communicator(MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* SUPERSTEP_BSP_MPI_H */
