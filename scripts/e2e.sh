#!/usr/bin/env bash
# The browser tests (`pnpm test:e2e`), as timed steps: make sure Chromium is here, build the portal and the
# demo once, check the portal's JS sizes (`pnpm size`), then Playwright (which starts a mock bank per worker
# from that build; arguments go to it).
set -u
here=$(dirname "$0")
# shellcheck source=steps.sh
source "$here/steps.sh"
own_table=0
if [ -z "${STEP_TIMES:-}" ]; then
  STEP_TIMES=$(mktemp)
  own_table=1
fi
# The size check (.size-limit.ts) reads the portal just built; the browser tests run whether it holds or not.
size_rc=0
run_step 'e2e setup' bash "$here/ensure-chromium.sh" &&
  run_step build bash -c 'pnpm build && pnpm build:demo' &&
  { run_step size pnpm size || size_rc=$?; } &&
  E2E_SKIP_BUILD=1 run_step 'e2e tests' playwright test -c e2e/playwright.config.ts "$@"
rc=$?
[ "$rc" -ne 0 ] || rc=$size_rc
if [ "$own_table" = 1 ]; then
  print_steps
  rm -f "$STEP_TIMES"
fi
exit "$rc"
