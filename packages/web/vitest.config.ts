import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    // A guard against a hung test, not a speed check: the test command runs lint and typecheck beside it.
    testTimeout: 30_000,
    // Components render into a DOM; the few plain `.ts` tests run there too, at no cost.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One DOM per worker, reused across files: the setup file cleans up after every test (render
    // cleanup, timers, storage, toasts), and this cuts the suite from about 140 s to about 60 s.
    pool: 'threads',
    isolate: false,
  },
});
