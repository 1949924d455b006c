/**
 * Browser journeys against the real product: the README's run command (`pnpm start`: build the portal,
 * start the mock bank) on its own port, driven in Debian's Chromium. Nothing here downloads a browser.
 */
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  // One bank behind one server: tests reset it, so they run one at a time.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../test-results/e2e-report', open: 'never' }]],
  use: {
    baseURL: BASE,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'pnpm start',
    cwd: '..',
    url: `${BASE}/__mock/health`,
    env: { PORT: String(PORT), MOCK_PUBLIC_URL: `${BASE}/` },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
