#!/usr/bin/env bash
# Installs what Superstep needs to build and test on Debian. Run it as root, or
# as a user who may sudo (it asks for root itself).
set -euo pipefail
# man-db renders the manual pages in the tests (man -l); mandoc lints them and renders docs/api;
# FFTW is the reference the FFT application checks itself against; chromium loads bspprof's
# HTML page in a test (tests/prof/html_renders.sh); iproute2 makes the network namespaces the
# udp engine is tested across (tests/udp/netns.sh); Python 3's headers, pybind11, NumPy and pytest
# build and test the Python module (python/), and pip, setuptools, wheel and venv install it as a
# Python package offline (pip install --no-build-isolation ./python, tested in a venv); gfortran builds NPB's MPI code of MG (mpif90) for
# bench/npb.sh.
packages=(build-essential cmake pkg-config libgtest-dev libopenmpi-dev openmpi-bin valgrind man-db
  mandoc libfftw3-dev chromium iproute2 python3-dev pybind11-dev python3-numpy python3-pytest
  python3-pip python3-setuptools python3-wheel python3-venv nlohmann-json3-dev gfortran)
# CLI11 (header-only) reads every tool's and app's command line (tools/toolkit/command_line.hpp).
packages+=(libcli11-dev)
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
