import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      // The test command's own helpers, in plain Node.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
    reporters: ['default', './scripts/vitest-summary.ts'],
    allowOnly: false,
  },
});
