#!/usr/bin/env bash
# Installs the Debian packages Superstep needs. Run it as root, or as a user who may sudo (it
# asks for root itself).
#   bash scripts/install-deps.sh           what building and running programs needs
#   bash scripts/install-deps.sh --tests   that, and what the tests and benchmarks need
#                                          (scripts/run-tests.sh asks for it itself)
set -euo pipefail
case "${1:-}" in
  "") tests=0 ;;
  --tests) tests=1 ;;
  *) echo "usage: bash scripts/install-deps.sh [--tests]" >&2; exit 2 ;;
esac
# The build: compilers and CMake; Open MPI for the MPI engine and mpirun; nlohmann-json (JSON:
# parameters, profiles) and CLI11 (every tool's command line), both header-only; Python 3's
# headers and pybind11 for the Python module (python/), NumPy for its array examples, and pip,
# setuptools and wheel to install it as a Python package offline
# (pip install --no-build-isolation ./python); gfortran for the Fortran interface (fortran/, bspfc)
# and NPB's MPI code of MG (mpif90) for bench/npb.sh; mandoc renders the manual as HTML.
packages=(build-essential cmake pkg-config libopenmpi-dev openmpi-bin nlohmann-json3-dev
  libcli11-dev python3-dev pybind11-dev python3-numpy python3-pip python3-setuptools python3-wheel
  gfortran mandoc)
if ((tests)); then
  # GoogleTest runs the unit tests; valgrind the memcheck tests; man-db renders the manual pages
  # in the tests (man -l) and mandoc lints them (the build renders the HTML manual with it); FFTW is the reference the
  # FFT application checks itself against; chromium loads bspprof's HTML page
  # (tests/prof/html_renders.sh); iproute2 makes the network namespaces the udp engine is tested
  # across (tests/udp/netns.sh); pytest tests the Python module and venv its installation by
  # pip.
  packages+=(libgtest-dev valgrind man-db libfftw3-dev chromium iproute2 python3-pytest
    python3-venv)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" != 0 ]; then exec sudo bash "$0" "$@"; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
