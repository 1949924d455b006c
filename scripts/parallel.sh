#!/usr/bin/env bash
# Runs each argument as a command, all at once; prints each one's output, whole, as it finishes, and exits
# non-zero when any of them failed. Used by `pnpm test` for the checks that do not need each other.
# Each command is timed (wall clock and CPU): with STEP_TIMES naming a file, a row per command
# (scripts/steps.sh) is added to it; without, the table is printed at the end. A step is named after its
# command (`pnpm test:unit` -> unit).
set -u
here=$(dirname "$0")
# shellcheck source=steps.sh
source "$here/steps.sh"
dir=$(mktemp -d)
own_table=0
if [ -z "${STEP_TIMES:-}" ]; then
  STEP_TIMES="$dir/steps.tsv"
  own_table=1
fi
declare -a pids names
i=0
for command in "$@"; do
  (
    start=$EPOCHREALTIME
    bash -c "$command" >"$dir/$i.log" 2>&1
    rc=$?
    echo "$rc" >"$dir/$i.rc"
    echo "$(elapsed "$start")" >"$dir/$i.time"
    cpu_so_far
    echo "$CPU" >"$dir/$i.cpu"
  ) &
  pids[i]=$!
  names[i]=$command
  i=$((i + 1))
done
failed=0
for j in "${!pids[@]}"; do
  wait "${pids[$j]}"
  rc=$(cat "$dir/$j.rc")
  echo "=== ${names[$j]} (exit $rc, $(cat "$dir/$j.time") s)"
  cat "$dir/$j.log"
  [ "$rc" = 0 ] || failed=1
done
for j in "${!pids[@]}"; do
  record_step "$(step_name "${names[$j]}")" "$(cat "$dir/$j.time")" "$(cat "$dir/$j.cpu")" "$(cat "$dir/$j.rc")"
done
if [ "$failed" = 0 ]; then echo "=== all passed: $*"; else echo "=== FAILED: see above"; fi
[ "$own_table" = 0 ] || print_steps
rm -rf "$dir"
exit "$failed"
