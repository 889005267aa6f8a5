#!/usr/bin/env bash
# Installs what Superstep needs to build and test on Debian. Run it as root, or
# as a user who may sudo (it asks for root itself).
set -euo pipefail
packages=(build-essential cmake pkg-config libgtest-dev libopenmpi-dev openmpi-bin valgrind iproute2)
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
