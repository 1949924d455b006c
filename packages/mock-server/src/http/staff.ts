/**
 * The server's part of the staff API under /__mock/staff/: the body parsers of its requests (JSON or a
 * form, within {@link STAFF_BODY_LIMIT_BYTES}), and the way from the staff address to the admin area of
 * the portal (`GET /__mock/staff/` redirects to `/wp-user/admin/`, where staff sign in). The API itself
 * is in dev-endpoints.ts, shared with the in-browser demo.
 */
import express, { type RequestHandler, type Router } from 'express';
import { refuse } from '../bank/errors';
import { STAFF_BODY_LIMIT_BYTES } from './dev-endpoints';

/** Where the portal's admin area is. */
export const ADMIN_AREA_PATH = '/wp-user/admin/';

/**
 * A JSON text sent with a form's content type (`curl -d '{"name":"x"}'` without a `Content-Type`): the form
 * reader makes it one field named by the whole text. Said as what it is, not as an unknown field.
 */
const jsonSentAsForm: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const names =
    typeof body === 'object' && body !== null && req.is('application/x-www-form-urlencoded') ? Object.keys(body) : [];
  if (names.length === 1 && /^\s*[[{]/u.test(names[0] ?? ''))
    refuse('invalid', 'This body is JSON sent as a form: send it with the header Content-Type: application/json');
  next();
};

/**
 * How every developer endpoint with a body reads it: JSON or a form, within {@link STAFF_BODY_LIMIT_BYTES},
 * and a JSON text sent as a form refused as such.
 */
export const staffBodyParsers = (): RequestHandler[] => [
  express.json({ limit: STAFF_BODY_LIMIT_BYTES }),
  express.urlencoded({ extended: false, limit: STAFF_BODY_LIMIT_BYTES }),
  jsonSentAsForm,
];

export function staffRouter(): Router {
  const router = express.Router();
  router.use(staffBodyParsers());
  router.get('/', (_req, res) => {
    res.redirect(ADMIN_AREA_PATH);
  });
  return router;
}
