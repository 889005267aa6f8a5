#!/usr/bin/env bash
# check_api_html.sh SOURCE_DIR: docs/api is what scripts/render-manual.sh makes
# of man/ now (refresh it with: bash scripts/render-manual.sh docs/api).
# Exits 77 (skipped) where mandoc is not installed.
set -uo pipefail
src=$1
command -v mandoc >/dev/null || { echo "mandoc is not installed: skipped"; exit 77; }
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
bash "$src/scripts/render-manual.sh" "$fresh" || exit 1
if ! diff -r "$src/docs/api" "$fresh" >/dev/null; then
  echo "FAILED: docs/api is out of date with man/; run: bash scripts/render-manual.sh docs/api"
  diff -r "$src/docs/api" "$fresh" | head -20
  exit 1
fi
echo PASS
