/**
 * A stand-in host for the check's tests, built from the contract's own decoder (the run against the
 * real mock bank is in packages/mock-server/src/http/conformance.test.ts).
 */
import { decode, receiveForm, type Decoded } from '@ebank/contract';

export interface Received {
  readonly contentType: string;
  readonly decoded: ReturnType<typeof decode>;
  readonly fields: Record<string, unknown>;
}
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}
export type Answers = (decoded: Decoded) => Answer | string | undefined;

export const TOKEN = 'good-token';
export const json = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
export const refusal = (message: string) => ({ error: true, message, code: 'refused' });

/**
 * A host that reads each request the way the mock does (the contract's `decode`), signs in anyone
 * with the token above, answers what `answers` says and refuses the rest in the error shape.
 */
export function standIn(answers: Answers = () => undefined) {
  const received: Received[] = [];
  const fetchImpl: typeof fetch = async (url, init) => {
    const request = new Request(url, init);
    const { fields, files } = await receiveForm(await request.formData());
    const decoded = decode(Object.fromEntries(new URL(request.url).searchParams), fields, files);
    received.push({ contentType: request.headers.get('content-type') ?? '', decoded, fields });
    if (!decoded.ok) return json(400, refusal(decoded.message));
    if (decoded.operation.auth === 'user' && decoded.token !== TOKEN) return json(401, refusal('Please log in'));
    const answer = answers(decoded);
    if (typeof answer === 'string') return new Response(answer, { status: 200 });
    if (answer) return json(answer.status, answer.body);
    if (decoded.name === 'login')
      return json(200, { role: 'user', jwt: TOKEN, verification_status: 'Verified', message: 'Welcome Back' });
    return json(400, refusal(`${decoded.name} is not in this stand-in`));
  };
  const sent = () => received.flatMap((r) => (r.decoded.ok ? [r.decoded.name] : []));
  return { fetch: fetchImpl, received, sent };
}
