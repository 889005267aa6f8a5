#!/usr/bin/env bash
# check_manual_covers.sh HEADER MANROOT TOOL...: every function HEADER declares
# (the 20 primitives, bsp_vabort, and the call-site forms bsp_sync_at, bsp_put_at, bsp_hpput_at,
# bsp_get_at, bsp_hpget_at, bsp_send_at and bsp_push_reg_at) has a section 3 page, HEADER itself has
# one, and every TOOL has a section 1 page.
set -uo pipefail
header=$1 root=$2
shift 2
missing=0
primitives=$(grep -oE '^(void|int|double) \*?bsp_[a-z_]+\(' "$header" | sed -E 's/.*(bsp_[a-z_]+)\(/\1/' | sort -u)
count=$(wc -w <<<"$primitives")
if [ "$count" -ne 30 ]; then
  echo "FAILED: found $count functions in $header, expected the 20 primitives, bsp_vabort, the seven *_at forms and the two calls of teams"
  missing=1
fi
for name in $primitives "$(basename "$header")"; do
  [ -f "$root/man3/$name.3" ] || { echo "FAILED: no manual page man3/$name.3"; missing=1; }
done
for tool in "$@"; do
  [ -f "$root/man1/$tool.1" ] || { echo "FAILED: no manual page man1/$tool.1"; missing=1; }
done
[ $missing -eq 0 ] && echo PASS
exit $missing
