/**
 * The server's part of the staff API under /__mock/staff/: the body parsers of its requests (JSON or a
 * form, within {@link STAFF_BODY_LIMIT_BYTES}), and the way from the staff address to the admin area of
 * the portal (`GET /__mock/staff/` redirects to `/wp-user/admin/`, where staff sign in). The API itself
 * is in dev-endpoints.ts, shared with the in-browser demo.
 */
import express, { type Router } from 'express';
import { STAFF_BODY_LIMIT_BYTES } from './dev-endpoints';

/** Where the portal's admin area is. */
export const ADMIN_AREA_PATH = '/wp-user/admin/';

export function staffRouter(): Router {
  const router = express.Router();
  router.use(
    express.json({ limit: STAFF_BODY_LIMIT_BYTES }),
    express.urlencoded({ extended: false, limit: STAFF_BODY_LIMIT_BYTES }),
  );
  router.get('/', (_req, res) => {
    res.redirect(ADMIN_AREA_PATH);
  });
  return router;
}
