#!/bin/sh
# replace_socket_fd.sh VALUE program [arguments...]: runs the program, in process 0 with
# BSP_UDP_SOCKET_FD replaced as a stale or mistyped value would have it. VALUE "null": the
# socket bsprun handed down is closed and the variable names a descriptor open on /dev/null,
# not a socket (process 0 must ignore it and bind the port itself); else VALUE itself.
value=$1
shift
if [ "${BSP_UDP_RANK:-}" = 0 ] && [ -n "${BSP_UDP_SOCKET_FD:-}" ]; then
  if [ "$value" = null ]; then
    eval "exec ${BSP_UDP_SOCKET_FD}>&-"
    exec 9</dev/null
    BSP_UDP_SOCKET_FD=9
    sleep 0.2 # bsprun closes its own copy of the socket right after starting the processes
  else
    BSP_UDP_SOCKET_FD=$value
  fi
  export BSP_UDP_SOCKET_FD
fi
exec "$@"
