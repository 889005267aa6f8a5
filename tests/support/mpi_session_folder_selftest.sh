#!/bin/sh
# Runs expect_run ($1) on a command that prints the folder Open MPI's session files go to
# (OMPI_MCA_orte_tmpdir_base) after checking that it exists; then checks that it was a folder
# of expect_run's own and that it is gone. Prints PASS or what went wrong.
unset OMPI_MCA_orte_tmpdir_base
out=$("$1" --stdout-regex '^/.*/expect_run_mpi\.[A-Za-z0-9]+\n$' -- \
  sh -c 'test -d "$OMPI_MCA_orte_tmpdir_base" && echo "$OMPI_MCA_orte_tmpdir_base"') || {
  echo "FAILED: expect_run gave the run no folder of its own:"
  echo "$out"
  exit 1
}
folder=$(printf '%s\n' "$out" | sed -n 's/^    \(\/.*expect_run_mpi\..*\)$/\1/p' | head -1)
[ -n "$folder" ] || { echo "FAILED: no folder in expect_run's report"; echo "$out"; exit 1; }
[ ! -e "$folder" ] || { echo "FAILED: $folder is left behind"; exit 1; }
echo PASS
