#!/usr/bin/env bash
# The test command (`pnpm test`): lint, typecheck, the unit tests and the browser tests (scripts/e2e.sh) side
# by side, through concurrently: every step runs to its end, each one's output is shown whole (in this
# order), and the command fails when any step failed. It ends with concurrently's table of each step's
# time and exit code. The browser tests wait on the page much of the time: the three CPU-bound checks run
# at a lower priority and fill those waits, so the browser tests go at nearly their own pace.
set -u
concurrently --group --timings --success all --names lint,typecheck,unit,e2e --prefix name --pad-prefix \
  'nice -n 5 pnpm lint' 'nice -n 5 pnpm typecheck' 'nice -n 5 pnpm test:unit' 'pnpm test:e2e'
rc=$?
echo "=== total: ${SECONDS} s, exit ${rc}"
exit "$rc"
