#!/usr/bin/env bash
# The test command (`pnpm test`), in two stages. First lint, typecheck and the unit tests side by side,
# through concurrently (each one's output shown whole, then its table of each step's time and exit code);
# then the browser tests (scripts/e2e.sh) on their own. Both stages always run to their end, and the command
# fails when any step failed. The browser tests run alone because, beside three CPU-bound checks on two
# cores, both sides were starved into time-outs (tests that start a server, the long keyboard journey).
set -u
concurrently --group --timings --success all --names lint,typecheck,unit --prefix name --pad-prefix \
  'pnpm lint' 'pnpm typecheck' 'pnpm test:unit'
checks=$?
pnpm test:e2e
e2e=$?
rc=$((checks != 0 || e2e != 0))
echo "=== checks exit ${checks}, browser tests exit ${e2e}; total: ${SECONDS} s, exit ${rc}"
exit "$rc"
