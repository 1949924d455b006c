import express from 'express';

/** Builds the mock bank's HTTP app. No side effects: only `main.ts` listens. */
export function createApp() {
  const app = express();
  app.disable('x-powered-by');
  app.get('/__mock/health', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}
