import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The portal's components (the demo bar's dialogs and buttons) import the web app's own paths.
  resolve: { alias: { '@': fileURLToPath(new URL('../web/src', import.meta.url)) } },
  test: {
    name: 'demo',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // One module graph per worker, reused across files: no test file relies on a fresh import (each builds
    // its own app, bank and clock), and importing the app once instead of once per file halves the time.
    isolate: false,
  },
});
