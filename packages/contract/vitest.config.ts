import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    include: ['src/**/*.test.ts'],
  },
});
