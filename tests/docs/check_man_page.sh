#!/usr/bin/env bash
# check_man_page.sh SOURCE_DIR PAGE: PAGE (relative to SOURCE_DIR, e.g. man/man3/bsp_put.3)
# renders with man -l from the repository root, as README says a reader opens it, at 80
# columns without a single warning, and says what it is named; where mandoc is installed, its
# linter finds no warning either. An alias page is a symbolic link to the page that documents
# it: a roff include (.so) would be resolved against the reader's working directory.
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
if command -v mandoc >/dev/null; then
  if ! mandoc -Tlint -W warning "$page" >"$errors" 2>&1 || [ -s "$errors" ]; then
    echo "FAILED: mandoc -Tlint $page:"
    cat "$errors"
    exit 1
  fi
fi
echo PASS
