#!/usr/bin/env bash
# Builds a scratch root for the editor's measurements (docs/progress/6.md): a copy of the Line
# Duel fixture (so --touch may edit it), the two scenarios, and a 2,000-line script to open.
#   bash editor/bench/make_root.sh /tmp/edroot
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../../tests/support"
R="${1:?usage: make_root.sh DIR}"
rm -rf "$R"
mkdir -p "$R/scripts" "$R/cards" "$R/scenarios"
cp -r "$src/scripts/duel" "$R/scripts/"
cp -r "$src/cards/duel" "$R/cards/"
cp "$src/scenarios/duel_demo.json" "$R/scenarios/"          # its root ".." is $R again
sed 's|"root": "../../tests/support"|"root": ".."|' "$here/long_duel.json" > "$R/scenarios/long_duel.json"
{
  echo "-- A 2,000-line script for the editor's frame-time measurement (not loaded by the game)."
  echo "local M = {}"
  for i in $(seq 1 399); do
    echo "function M.helper_$i(ctx, a, b)"
    echo "  local total = (a or 0) + (b or 0) * $i  -- arithmetic the designer might write"
    echo "  if total > $((i * 3)) then return total - $i end"
    echo "  return total"
    echo "end"
  done
  echo "-- end of helpers"
  echo "-- (padding to 2,000 lines)"
  echo "return M"
} > "$R/scripts/duel/long.lua"
echo "root ready: $R ($(wc -l < "$R/scripts/duel/long.lua") lines in scripts/duel/long.lua)"
