# Sourced by the udp engine's namespace tests (bash): makes K network
# namespaces ${prefix}0..K-1 joined by a bridge (in a hub namespace of its own,
# so the host's network is untouched) with veth pairs; namespace i has the
# address $subnet.(i+1) on its v0. Removes everything when the script exits,
# however it ends. Exits 77 (CTest's skip) with a message where namespaces
# cannot be made: that needs root and iproute2.
#
#   K=4; source netns_setup.sh    sets prefix, hub and subnet
skip() {
  echo "SKIPPED: $*" >&2
  exit 77
}
[ "$(id -u)" = 0 ] || skip "network namespaces need root (run as root, as CI does)"
command -v ip >/dev/null || skip "iproute2's ip is not installed (scripts/install-deps.sh)"

prefix=ssu$$n
hub=${prefix}hub
subnet=10.$((100 + $$ % 100)).$(($$ / 100 % 250)).
subnet=${subnet%.}
netns_cleanup() {
  for ((i = 0; i < K; i++)); do
    for pid in $(ip netns pids "${prefix}$i" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
    ip netns del "${prefix}$i" 2>/dev/null
  done
  ip netns del "$hub" 2>/dev/null
}
trap netns_cleanup EXIT
trap 'exit 130' INT TERM

ip netns add "$hub" 2>/dev/null || skip "cannot create network namespaces here (ip netns add failed)"
ip -n "$hub" link add br0 type bridge || skip "cannot create a bridge"
ip -n "$hub" link set br0 up
ip -n "$hub" link set lo up
for ((i = 0; i < K; i++)); do
  ns=${prefix}$i
  ip netns add "$ns" || skip "cannot create namespace $ns"
  ip link add v0 netns "$ns" type veth peer name h$i netns "$hub" || skip "cannot create veth pairs"
  ip -n "$hub" link set h$i master br0
  ip -n "$hub" link set h$i up
  ip -n "$ns" addr add "$subnet.$((i + 1))/24" dev v0
  ip -n "$ns" link set v0 up
  ip -n "$ns" link set lo up
done
