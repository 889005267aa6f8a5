#!/bin/sh
# A remote shell for the hostfile tests, called as ssh would be: HOST COMMAND.
# It runs COMMAND on this machine in a session of its own, as sshd would on
# HOST, so that signals to bsprun's processes do not reach it: what ends it is
# the session closing, as over ssh. Notes "HOST COMMAND" in
# $SUPERSTEP_AGENT_LOG when that is set. With SUPERSTEP_AGENT_NETNS_PREFIX set,
# runs COMMAND in the network namespace PREFIX<n-1> for host address a.b.c.n
# (the namespaces tests/udp/netns_setup.sh makes).
host=$1
command=$2
if [ -n "${SUPERSTEP_AGENT_LOG:-}" ]; then printf '%s %s\n' "$host" "$command" >>"$SUPERSTEP_AGENT_LOG"; fi
# A background command's standard input would be /dev/null: pass ours on through fd 3.
exec 3<&0
if [ -n "${SUPERSTEP_AGENT_NETNS_PREFIX:-}" ]; then
  setsid ip netns exec "$SUPERSTEP_AGENT_NETNS_PREFIX$((${host##*.} - 1))" sh -c "$command" <&3 3<&- &
else
  setsid sh -c "$command" <&3 3<&- &
fi
wait $!
