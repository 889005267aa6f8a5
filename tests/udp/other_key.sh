#!/bin/sh
# other_key.sh program [arguments...]: runs the program, in process 1 with a
# key of another run (BSP_UDP_KEY), as a process of an earlier run on the same
# port would have it.
if [ "${BSP_UDP_RANK:-}" = 1 ]; then
  BSP_UDP_KEY=0123456789abcdef
  export BSP_UDP_KEY
fi
exec "$@"
