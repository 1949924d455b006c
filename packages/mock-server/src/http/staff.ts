/**
 * The staff console's page (server only: the in-browser demo does not serve it), and the body
 * parsers of its JSON API under /__mock/staff/. The API itself is in dev-endpoints.ts, shared with
 * the demo.
 */
import express, { type Router } from 'express';
import { STAFF_BODY_LIMIT_BYTES } from './dev-endpoints';
import { STAFF_CSS, STAFF_FAVICON, STAFF_HTML, STAFF_JS } from './staff-page';

export function staffRouter(): Router {
  const router = express.Router();
  router.use(
    express.json({ limit: STAFF_BODY_LIMIT_BYTES }),
    express.urlencoded({ extended: false, limit: STAFF_BODY_LIMIT_BYTES }),
  );

  router.get('/', (_req, res) => {
    res.type('html').send(STAFF_HTML);
  });
  router.get('/staff.js', (_req, res) => {
    res.type('text/javascript').send(STAFF_JS);
  });
  router.get('/staff.css', (_req, res) => {
    res.type('text/css').send(STAFF_CSS);
  });
  router.get('/favicon.svg', (_req, res) => {
    res.type('image/svg+xml').send(STAFF_FAVICON);
  });

  return router;
}
