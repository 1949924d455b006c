import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    // No DOM: these tests run in plain Node.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One module graph per worker, reused across files: no test file relies on a fresh import (each builds
    // its own app, bank and clock), and importing the app once instead of once per file halves the time.
    isolate: false,
  },
});
