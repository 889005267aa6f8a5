#!/usr/bin/env bash
# check_man_page.sh MANROOT PAGE: PAGE (relative to MANROOT, e.g. man3/bsp_put.3)
# renders with man -l at 80 columns without a single warning, and says what it
# is named; where mandoc is installed, its linter finds no warning either.
set -uo pipefail
root=$1 page=$2
cd "$root" || exit 1
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
text=$(MANWIDTH=80 MAN_KEEP_FORMATTING= LC_ALL=C.UTF-8 man --warnings -l "$page" 2>"$errors")
status=$?
if [ $status -ne 0 ] || [ -s "$errors" ]; then
  echo "FAILED: man -l $page exits $status and warns:"
  cat "$errors"
  exit 1
fi
if ! grep -q '^NAME' <<<"$text"; then
  echo "FAILED: man -l $page renders no NAME section"
  exit 1
fi
# Aliases (.so) are rendered through their target above; mandoc lints sources.
if command -v mandoc >/dev/null && ! head -1 "$page" | grep -q '^\.so '; then
  if ! mandoc -Tlint -W warning "$page" >"$errors" 2>&1 || [ -s "$errors" ]; then
    echo "FAILED: mandoc -Tlint $page:"
    cat "$errors"
    exit 1
  fi
fi
echo PASS
