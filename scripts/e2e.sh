#!/usr/bin/env bash
# The browser tests (`pnpm test:e2e`), as timed steps: make sure Chromium is here, build the portal and the
# demo once, check the portal's JS sizes (`pnpm size`), then Playwright (which starts one mock bank for the
# run from that build, each test in a sandbox of its own there; arguments go to it). Ends with a table of
# each step's seconds (wall clock and CPU of its processes) and exit status.
set -u
here=$(dirname "$0")
steps=$(mktemp)
trap 'rm -f "$steps"' EXIT

# Sets CPU to the CPU seconds (user + system) of this shell's finished child processes so far. Not through a
# pipe or $(...): `times` must run in this shell to see its children.
cpu_so_far() {
  local file
  file=$(mktemp)
  times >"$file"
  CPU=$(awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, /m|s/); total += part[1] * 60 + part[2] }
    printf "%.1f", total
  }' "$file")
  rm -f "$file"
}

# Runs a command as a named step (its output as it comes), adds its row to the table, and returns its exit
# status.
run_step() {
  local name=$1 start=$EPOCHREALTIME cpu rc
  shift
  cpu_so_far
  cpu=$CPU
  "$@"
  rc=$?
  cpu_so_far
  awk -v name="$name" -v a="$start" -v b="$EPOCHREALTIME" -v c="$cpu" -v d="$CPU" -v rc="$rc" \
    'BEGIN { printf "%s\t%.1f\t%.1f\t%s\n", name, b - a, d - c, rc }' >>"$steps"
  return "$rc"
}

# The size check (.size-limit.ts) reads the portal just built; the browser tests run whether it holds or not.
size_rc=0
run_step 'e2e setup' bash "$here/ensure-chromium.sh" &&
  run_step build bash -c 'pnpm build && pnpm build:demo' &&
  { run_step size pnpm size || size_rc=$?; } &&
  E2E_SKIP_BUILD=1 run_step 'e2e tests' playwright test -c e2e/playwright.config.ts "$@"
rc=$?
[ "$rc" -ne 0 ] || rc=$size_rc
echo
echo '=== steps'
{
  printf 'step\tseconds\tcpu s\texit\n'
  cat "$steps"
} | awk -F'\t' '{ printf "%-20s %8s %8s %5s\n", $1, $2, $3, $4 }'
exit "$rc"
