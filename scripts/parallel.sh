#!/usr/bin/env bash
# Runs each argument as a command, all at once; prints each one's output, whole, as it finishes, and exits
# non-zero when any of them failed. Used by `pnpm test` for the checks that do not need each other.
set -u
dir=$(mktemp -d)
declare -a pids names
i=0
for command in "$@"; do
  ( bash -c "$command" >"$dir/$i.log" 2>&1; echo $? >"$dir/$i.rc" ) &
  pids[$i]=$!
  names[$i]=$command
  i=$((i + 1))
done
failed=0
for j in "${!pids[@]}"; do
  wait "${pids[$j]}"
  rc=$(cat "$dir/$j.rc")
  echo "=== ${names[$j]} (exit $rc)"
  cat "$dir/$j.log"
  [ "$rc" = 0 ] || failed=1
done
rm -rf "$dir"
if [ "$failed" = 0 ]; then echo "=== all passed: $*"; else echo "=== FAILED: see above"; fi
exit "$failed"
