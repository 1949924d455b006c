/**
 * Browser journeys against the real product, driven in Debian's Chromium (nothing here downloads a
 * browser). The portal is built once (global-setup.ts); each of the two workers then starts a mock bank of
 * its own from that build on port E2E_PORT + its index (fixtures.ts) and resets it before every test, so
 * the tests run side by side.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  // Every test starts from a freshly reset bank of its worker's own, so any test can run in either worker.
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../test-results/e2e-report', open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
