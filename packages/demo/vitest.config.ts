import { defineProject } from 'vitest/config';
import { bankShims } from './bank-shims';

export default defineProject({
  // The bank runs with the browser shims here too, as in the demo build.
  plugins: [bankShims()],
  test: {
    name: 'demo',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
