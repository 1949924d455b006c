/**
 * The staff console: what bank staff do and the portal does not show. A JSON API under
 * /__mock/staff/ and a small page that uses it.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Bank } from '../bank/bank';
import { refuse } from '../bank/errors';
import type { User } from '../bank/model';
import { STAFF_CSS, STAFF_HTML, STAFF_JS } from './staff-page';
import { staffState } from './staff-state';

const required = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${field}: is required` : `${field}: must be text`,
});
const NoticeSchema = z.strictObject({
  head: z.string(required('head')).trim().min(1, 'head: is required').max(200, 'head: must be at most 200 characters'),
  body: z
    .string(required('body'))
    .trim()
    .min(1, 'body: is required')
    .max(2000, 'body: must be at most 2000 characters'),
});

export function staffRouter(bank: () => Bank): Router {
  const router = express.Router();
  router.use(express.json({ limit: '16kb' }), express.urlencoded({ extended: false, limit: '16kb' }));

  /** A customer by id or by e-mail address. */
  const customer = (key: string): User =>
    key.includes('@') ? (bank().findByEmail(key) ?? refuse('not_found', 'No such customer')) : bank().user(key);

  router.get('/', (_req, res) => {
    res.type('html').send(STAFF_HTML);
  });
  router.get('/staff.js', (_req, res) => {
    res.type('text/javascript').send(STAFF_JS);
  });
  router.get('/staff.css', (_req, res) => {
    res.type('text/css').send(STAFF_CSS);
  });

  router.get('/state', (_req, res) => {
    res.json(staffState(bank()));
  });

  router.post('/kyc/:user/:decision', (req, res) => {
    const { decision } = req.params;
    if (decision !== 'approve' && decision !== 'decline') refuse('not_found', 'Use approve or decline');
    const user = customer(req.params.user);
    bank().decideKyc(user.id, decision === 'approve');
    res.json({ ok: true, email: user.email, kyc: user.kyc });
  });

  router.post('/requests/:id/:decision', (req, res) => {
    const { decision } = req.params;
    if (decision !== 'confirm' && decision !== 'decline') refuse('not_found', 'Use confirm or decline');
    const request = bank().decideRequest(req.params.id, decision === 'confirm');
    res.json({ ok: true, id: request.id, status: request.status });
  });

  router.put('/customers/:user/notice', (req, res) => {
    const parsed = NoticeSchema.safeParse(req.body);
    if (!parsed.success) refuse('invalid', parsed.error.issues.map((i) => i.message).join('; '));
    const user = customer(req.params.user);
    bank().setNotice(user.id, parsed.data);
    res.json({ ok: true, email: user.email, notice: user.notice ?? null });
  });

  router.delete('/customers/:user/notice', (req, res) => {
    const user = customer(req.params.user);
    bank().setNotice(user.id, undefined);
    res.json({ ok: true, email: user.email, notice: null });
  });

  return router;
}
