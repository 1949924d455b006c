import { defineProject } from 'vitest/config';
import { bankShims } from './bank-shims.ts';

export default defineProject({
  // The bank runs with the browser shims here too, as in the demo build.
  plugins: [bankShims()],
  test: {
    name: 'demo',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
