/**
 * The API's body parsing (form-parsers.ts) over HTTP: what is read from the bytes browsers and the
 * portal's client send, every limit at its edge, and every malformed body refused with a 4xx JSON
 * error, on the real API with nothing stored. What is read is seen through an app that echoes the form
 * `parseForm` gives.
 */
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@ebank/contract';
import { sampleImages } from '@ebank/contract/testing';
import { FORM_LIMITS, formOf, FormRefusal, parseForm } from './form-parsers';
import type { MockApp } from './app';
import { sendBytes, testApp } from '../testing/harness';

/** Echoes the form as read: fields, and files by name, original name, size and bytes (hex). */
const echo = express();
echo.post('/', parseForm, (req, res) => {
  const { fields, files } = formOf(req);
  res.json({
    fields,
    files: files.map((f) => ({
      fieldname: f.fieldname,
      originalname: f.originalname,
      size: f.size,
      hex: Buffer.from(f.buffer).toString('hex'),
    })),
  });
});
const refusals: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (error instanceof FormRefusal) res.status(error.status).json({ message: error.message, code: error.code });
  else next(error);
};
echo.use(refusals);

interface Read {
  readonly status: number;
  readonly body: unknown;
}

/** What the API reads from these bytes with this Content-Type. */
async function read(contentType: string, bytes: Buffer | string, headers: Record<string, string> = {}): Promise<Read> {
  const res = await sendBytes(
    request(echo)
      .post('/')
      .set({ ...headers, 'content-type': contentType }),
    bytes,
  );
  return { status: res.status, body: res.body as unknown };
}

/** What the API reads from a body as the platform serialises it (FormData or URLSearchParams). */
async function wire(body: FormData | URLSearchParams): Promise<Read> {
  const response = new Response(body);
  return read(response.headers.get('content-type') ?? '', Buffer.from(await response.arrayBuffer()));
}

const multipart = (body: string | Buffer) =>
  read('multipart/form-data; boundary=B', Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
const urlencoded = (body: string | Buffer, charset?: string) =>
  read(`application/x-www-form-urlencoded${charset ? `; charset=${charset}` : ''}`, body);

/** A multipart body with boundary `B` from raw part sources (headers, blank line, content). */
const parts = (...sources: string[]) => `${sources.map((p) => `--B\r\n${p}\r\n`).join('')}--B--\r\n`;
const text = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

const ok = (fields: Record<string, unknown>, files: unknown[] = []): Read => ({ status: 200, body: { fields, files } });
const refused = (status: number, message: string | RegExp) =>
  expect.objectContaining({
    status,
    body: expect.objectContaining({
      message: typeof message === 'string' ? message : (expect.stringMatching(message) as unknown),
    }) as unknown,
  }) as unknown;

describe('a urlencoded body', () => {
  it('is read as browsers write it: + is a space, escapes in UTF-8, a repeated name as an array in order', async () => {
    expect(await urlencoded('a=1+2%2B3&b=%C3%A9t%C3%A9&a=x&c&d=&e=%26%3D')).toEqual(
      ok({ a: ['1 2+3', 'x'], b: 'été', c: '', d: '', e: '&=' }),
    );
  });

  it('in ISO-8859-1 when the Content-Type says so', async () => {
    expect(await urlencoded(Buffer.from([0x61, 0x3d, 0xe9, 0x25, 0x45, 0x39]), 'iso-8859-1')).toEqual(ok({ a: 'éé' }));
  });

  it('takes bracketed names as they are, never as objects', async () => {
    expect(await urlencoded('a[b]=1&__proto__[polluted]=3')).toEqual(ok({ 'a[b]': '1', '__proto__[polluted]': '3' }));
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it.each([
    ['a bare %', 'a=%', 'The form body has an invalid percent-escape'],
    ['a short escape', 'a=%4', 'The form body has an invalid percent-escape'],
    ['a non-hex escape', 'a=%ZZ', 'The form body has an invalid percent-escape'],
    ['an escaped byte that is not UTF-8', 'a=%FF', 'The form body is not valid UTF-8'],
    ['an escaped surrogate', 'a=%ED%A0%80', 'The form body is not valid UTF-8'],
    ['an overlong escape', 'a=%C0%AF', 'The form body is not valid UTF-8'],
    ['a raw byte that is not UTF-8', Buffer.from([0x61, 0x3d, 0xff]), 'The form body is not valid UTF-8'],
  ])('with %s is refused (400)', async (_, body, message) => {
    expect(await urlencoded(body)).toEqual(refused(400, message));
  });

  it(`takes ${FORM_LIMITS.urlencodedFields} parameters and refuses one more (413)`, async () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=x`).join('&');
    expect(await urlencoded(body(FORM_LIMITS.urlencodedFields))).toMatchObject({ status: 200 });
    expect(await urlencoded(body(FORM_LIMITS.urlencodedFields + 1))).toEqual(refused(413, 'Too many fields'));
  });

  it(`takes ${FORM_LIMITS.urlencodedBytes / 1024} kB and refuses more (413), also once inflated`, async () => {
    const body = (n: number) => `a=${'x'.repeat(n - 2)}`;
    expect(await urlencoded(body(FORM_LIMITS.urlencodedBytes))).toMatchObject({ status: 200 });
    expect(await urlencoded(body(FORM_LIMITS.urlencodedBytes + 1))).toEqual(refused(413, 'The request is too large'));
  });
});

describe('a multipart body', () => {
  it('is read as browsers and the portal write it: text, files, escaped names, a repeated name as an array', async () => {
    const form = new FormData();
    form.append('note', 'line 1\nline 2 "quoted" é 😀');
    form.append('na"me\r\nx', 'v');
    form.append('note', '');
    form.append('pic', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'image/png' }), 'dir/a "b" é.png');
    expect(await wire(form)).toEqual(
      ok({ note: ['line 1\r\nline 2 "quoted" é 😀', ''], 'na"me\r\nx': 'v' }, [
        { fieldname: 'pic', originalname: 'a "b" é.png', size: 4, hex: '000102ff' },
      ]),
    );
  });

  it('ignores the preamble and the epilogue', async () => {
    expect(await multipart(`ignored\r\n${parts(text('a', 'value'))}epilogue`)).toEqual(ok({ a: 'value' }));
  });

  it('reads a text part in ISO-8859-1 when it says so', async () => {
    const latin = Buffer.concat([
      Buffer.from(
        '--B\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=ISO-8859-1\r\n\r\n',
      ),
      Buffer.from([0xe9]),
      Buffer.from('\r\n--B--'),
    ]);
    expect(await multipart(latin)).toEqual(ok({ a: 'é' }));
  });

  it.each([
    ['no delimiter at all', 'just text', 'The multipart body is malformed'],
    [
      'no closing delimiter',
      '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      'The multipart body is malformed',
    ],
    ['a part without a name', parts('Content-Disposition: form-data\r\n\r\nx'), 'A part of the form has no field name'],
    [
      'an empty name',
      parts('Content-Disposition: form-data; name=""\r\n\r\nx'),
      'A part of the form has no field name',
    ],
    ['a bracketed name', parts(text('a[b]', 'x')), 'a[b]: is not a field name: names carry no brackets'],
    ['a name that is not UTF-8', Buffer.from(parts(text('a\xff', 'x')), 'latin1'), /is not valid UTF-8$/u],
    ['text that is not UTF-8', Buffer.from(parts(text('a', '\xc3(')), 'latin1'), 'a: is not valid UTF-8'],
  ])('with %s is refused (400)', async (_, body, message) => {
    expect(await multipart(body)).toEqual(refused(400, message));
  });

  it('needs a boundary in its Content-Type, and no content encoding', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary='])
      expect(await read(type, parts(text('a', '1'))), type).toEqual(refused(400, 'The multipart body is malformed'));
    expect(await read('Multipart/Form-Data ; boundary="a b"', '--a b\r\n' + text('a', '1') + '\r\n--a b--')).toEqual(
      ok({ a: '1' }),
    );
    expect(
      await read('multipart/form-data; boundary=B', parts(text('a', '1')), { 'content-encoding': 'gzip' }),
    ).toEqual(refused(415, 'Send the form in UTF-8, without a content encoding'));
  });

  describe('limits: at the limit read, one over refused (413)', () => {
    const big = (n: number) => 'x'.repeat(n);
    it.each([
      ['a text value', (n: number) => parts(text('a', big(n))), FORM_LIMITS.fieldValueBytes, 'a: is too long'],
      ['a field name', (n: number) => parts(text(big(n), '1')), FORM_LIMITS.fieldNameBytes, 'A field name is too long'],
      [
        'a file',
        (n: number) => parts(`Content-Disposition: form-data; name="f"; filename="f.png"\r\n\r\n${big(n)}`),
        FORM_LIMITS.fileBytes,
        `f: must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`,
      ],
      [
        'text fields',
        (n: number) => parts(...Array.from({ length: n }, (_, i) => text(`f${i}`, '1'))),
        FORM_LIMITS.fields,
        'Too many fields',
      ],
      [
        'files',
        (n: number) =>
          parts(
            ...Array.from(
              { length: n },
              (_, i) => `Content-Disposition: form-data; name="f${i}"; filename="x"\r\n\r\n1`,
            ),
          ),
        FORM_LIMITS.files,
        `Too many files: at most ${FORM_LIMITS.files}`,
      ],
    ])('%s', async (_, body, limit, message) => {
      expect(await multipart(body(limit))).toMatchObject({ status: 200 });
      expect(await multipart(body(limit + 1))).toEqual(refused(413, message));
    });

    it('the most a form can hold, 60 text fields and 3 files, is read', async () => {
      const body = parts(
        ...Array.from({ length: FORM_LIMITS.fields }, (_, i) => text(`f${i}`, '1')),
        ...Array.from(
          { length: FORM_LIMITS.files },
          (_, i) => `Content-Disposition: form-data; name="p${i}"; filename="x"\r\n\r\n1`,
        ),
      );
      const { status, body: form } = await multipart(body);
      expect(status).toBe(200);
      const { fields, files } = form as { fields: object; files: unknown[] };
      expect([Object.keys(fields).length, files.length]).toEqual([FORM_LIMITS.fields, FORM_LIMITS.files]);
    });
  });
});

describe('the Content-Type', () => {
  it.each([
    ['application/json', 415, 'Send the body as multipart/form-data or application/x-www-form-urlencoded'],
    ['text/plain', 415, 'Send the body as multipart/form-data or application/x-www-form-urlencoded'],
    ['multipart/mixed; boundary=x', 415, 'Send the body as multipart/form-data or application/x-www-form-urlencoded'],
    ['application/x-www-form-urlencoded; charset=utf-7', 415, 'Send the form in UTF-8, without a content encoding'],
  ])('%s is refused', async (type, status, message) => {
    expect(await read(type, 'a=1')).toEqual(refused(status, message));
  });

  it('may not be left out when there is a body', async () => {
    // Without a body at all it may (api-route.test.ts sends such a request).
    expect(await sendBytes(request(echo).post('/'), 'a=1').then((r) => r.status)).toBe(415);
  });
});

describe('the API on a body it cannot read', () => {
  let mock: MockApp;
  beforeAll(async () => {
    mock = await testApp();
  });

  it.each([
    [
      'a multipart body cut short',
      'multipart/form-data; boundary=B',
      '--B\r\nContent-Disposition: form-data; name="a"',
    ],
    [
      'a part whose content starts with the boundary',
      'multipart/form-data; boundary=B',
      `--B\r\n${text('a', '--B\r\n')}`,
    ],
    ['a multipart body with another boundary', 'multipart/form-data; boundary=C', parts(text('getdocs', '1'))],
    ['a urlencoded body with a bad escape', 'application/x-www-form-urlencoded', 'getdocs=%ZZ'],
  ])('%s: a 4xx JSON error with the security headers, and nothing changes', async (_, type, body) => {
    const before = mock.bank().digest();
    const res = await sendBytes(request(mock.express).post('/api/users.php').set('content-type', type), body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatchObject({ error: true, message: expect.any(String) as unknown });
    expect(mock.bank().digest()).toBe(before);
  });

  it('a file in a text-only operation: 400, and nothing stored', async () => {
    const outcome = await mock.bank().login('demo@bank.test', '123456', false);
    if (!('token' in outcome)) throw new Error('demo@bank.test did not sign in');
    const before = mock.bank().digest();
    const res = await request(mock.express)
      .post('/api/users.php')
      .field('getinstituition', '1')
      .field('token', outcome.token)
      .attach('extra', Buffer.from(sampleImages['image/png']), 'x.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true });
    expect(mock.bank().digest()).toBe(before);
  });
});
