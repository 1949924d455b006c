import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tools',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    // No DOM: these tests run in plain Node.
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
