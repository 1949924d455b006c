#!/usr/bin/env bash
# The test command (`pnpm test`): lint, typecheck, the unit tests and the browser tests (scripts/e2e.sh) side
# by side; exits non-zero when any of them failed, and ends with a table of each step's seconds and exit
# status. The browser tests wait on the page much of the time: the three CPU-bound checks run at a lower
# priority and fill those waits, so the browser tests go at nearly their own pace.
set -u
here=$(dirname "$0")
# shellcheck source=steps.sh
source "$here/steps.sh"
start=$EPOCHREALTIME
STEP_TIMES=$(mktemp)
export STEP_TIMES
bash "$here/parallel.sh" 'nice -n 5 pnpm lint' 'nice -n 5 pnpm typecheck' 'nice -n 5 pnpm test:unit' 'pnpm test:e2e'
rc=$?
print_steps "$start" "$rc"
rm -f "$STEP_TIMES"
exit "$rc"
