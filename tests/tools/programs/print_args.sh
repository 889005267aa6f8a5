#!/bin/sh
# Plays mpirun for bsprun --engine mpi tests: prints the arguments it was given.
printf "%s\n" "$*"
