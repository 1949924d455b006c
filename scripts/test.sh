#!/usr/bin/env bash
# The test command (`pnpm test`), in two stages. First lint, typecheck and the unit tests side by side,
# through concurrently (each one's output shown whole, then its table of each step's time and exit code);
# then the browser tests (scripts/e2e.sh) on their own. Both stages always run to their end, and the command
# fails when any step failed. The browser tests run alone because, beside three CPU-bound checks on two
# cores, both sides were starved into time-outs (tests that start a server, the long keyboard journey).
# A log's tail is often all a reader sees: when a check failed, its table and failures come again at the end.
set -u
checks_log=$(mktemp)
trap 'rm -f "$checks_log" "$checks_log.plain"' EXIT
# Into a file, then shown: --group prints each check's output only when it ends anyway, and a pipe (tee) lost
# the end of it when concurrently exited before the pipe had taken it all.
concurrently --group --timings --success all --names lint,typecheck,unit --prefix name --pad-prefix \
  'pnpm lint' 'pnpm typecheck' 'pnpm test:unit' >"$checks_log" 2>&1
checks=$?
cat "$checks_log"
pnpm test:e2e
e2e=$?
rc=$((checks != 0 || e2e != 0))
if [ "$checks" -ne 0 ]; then
  echo "=== the checks failed:"
  sed -e 's/\x1b\[[0-9;]*m//g' "$checks_log" >"$checks_log.plain"
  sed -n '/--> Timings:/,$p' "$checks_log.plain"
  # vitest's failed tests (scripts/vitest-summary.ts), TypeScript's errors, ESLint's and Prettier's complaints.
  grep -E 'vitest: FAIL|error TS[0-9]+|^\[lint *\] +(/|[0-9]+:[0-9]+ +error)|\[warn\]' "$checks_log.plain" | head -n 60
fi
echo "=== checks exit ${checks}, browser tests exit ${e2e}; total: ${SECONDS} s, exit ${rc}"
exit "$rc"
