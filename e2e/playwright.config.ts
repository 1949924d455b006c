/**
 * Browser journeys against the real product, driven in Debian's Chromium (nothing here downloads a
 * browser). Global setup (global-setup.ts) builds the portal and starts one mock bank for the whole run on
 * port E2E_PORT. Every test then works in a sandbox of its own on that bank, a private copy of the seeded
 * bank named in a header of each of its requests and removed when it ends (fixtures.ts), so tests never
 * reset anything and as many run at once as the machine has cores.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  // No test sees another's bank, so any test can run in any worker, beside any other.
  fullyParallel: true,
  workers: '100%',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../test-results/e2e-report', open: 'never' }]],
  use: {
    // A trace costs every test its recording on two cores, and CI keeps only the output: off unless asked
    // for (E2E_TRACE=on keeps the trace of each failed test under test-results/e2e).
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
