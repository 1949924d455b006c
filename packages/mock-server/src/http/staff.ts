/**
 * The staff console: what bank staff do and the portal does not show. A JSON API under
 * /__mock/staff/ and a small page that uses it.
 */
import express, { type Router } from 'express';
import { z } from 'zod';
import { fromCents, type Bank } from '../bank/bank';
import { refuse } from '../bank/errors';
import type { User } from '../bank/model';
import { STAFF_CSS, STAFF_HTML, STAFF_JS } from './staff-page';

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

  const upload = (id: string) => `/__mock/uploads/${id}`;

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
    const b = bank();
    const users = b.allUsers();
    const email = new Map(users.map((u) => [u.id, u.email]));
    res.json({
      currency: b.catalogue.currency,
      customers: users.map((u) => ({
        id: u.id,
        email: u.email,
        fullname: u.fullname,
        role: u.role,
        emailVerified: u.emailVerified,
        kyc: u.kyc,
        plan: u.plan,
        hasPin: Boolean(u.pinHash),
        notice: u.notice ?? null,
        balance: fromCents(b.balanceCents(u.id)),
      })),
      kyc: users
        .filter((u) => u.kyc === 'Pending Verification')
        .map((u) => ({
          userId: u.id,
          email: u.email,
          fullname: u.fullname,
          documentType: u.kycCase?.documentType ?? null,
          country: u.kycCase?.country ?? null,
          documents: (u.kycCase?.documents ?? []).map(upload),
          submittedAt: u.kycCase ? new Date(u.kycCase.submittedAt).toISOString() : null,
        })),
      requests: b
        .allRequests()
        .filter((r) => r.status === 'pending')
        .sort((x, y) => y.createdAt - x.createdAt)
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          email: email.get(r.userId) ?? null,
          type: r.type,
          amount: fromCents(r.amountCents),
          plan: r.plan ?? null,
          purpose: r.purpose ?? null,
          payee: r.transfer ? `${r.transfer.accountHolder}, ${r.transfer.bank} ${r.transfer.accountNumber}` : null,
          proof: r.proof ? upload(r.proof) : null,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
    });
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
