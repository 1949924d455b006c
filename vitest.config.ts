import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*'],
    reporters: ['default', './scripts/vitest-summary.ts'],
    allowOnly: false,
  },
});
