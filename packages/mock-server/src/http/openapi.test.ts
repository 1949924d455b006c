/**
 * The API description as the real host's team uses it: the OpenAPI document and the docs page answer
 * with the right types and the security headers, list every operation, and tell the truth: the page's
 * curl examples, run as written against the same server, are calls the server accepts, and the
 * login, getinstituition and iduser examples succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReplySchema, operationNames, operations, type OperationName } from '@ebank/contract';
import { sampleImages } from '@ebank/contract/testing';
import type { OpenApiDocument } from '@ebank/tools';
import { startBank, type Harness } from '../testing/harness';
import { DOCS_EXAMPLE_EMAIL } from './openapi';

let bank: Harness;
let origin: string;
beforeAll(async () => {
  bank = await startBank();
  origin = bank.base.replace(/\/$/u, '');
});
afterAll(() => bank.close());

interface Fetched {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}
/** A GET to the app through supertest, named by the listening server's host (the document names its origin). */
async function get(path: string): Promise<Fetched> {
  const res = await bank.send(`/${path}`, { headers: { host: new URL(bank.base).host } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/u);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'")
    .replace(/&amp;/gu, '&');

/** Splits a shell command as sh does for the forms the page uses: '...', "...$VAR", and `\` line breaks. */
function shellWords(command: string, variables: Readonly<Record<string, string>>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command.charAt(i);
    if (c === '\\' && command.charAt(i + 1) === '\n') i++;
    else if (/\s/u.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = command.indexOf('"', i + 1);
      const inner = command.slice(i + 1, end).replace(/\$([A-Z_]+)/gu, (_, name: string) => {
        const value = variables[name];
        if (value === undefined) throw new Error(`$${name} is not set`);
        return value;
      });
      word = (word ?? '') + inner;
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + command.charAt(i + 1);
      i++;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Runs a `curl -X POST URL -F ...` command the way curl would send it (multipart/form-data). */
async function runCurl(command: string, variables: Readonly<Record<string, string>> = {}): Promise<Fetched> {
  const words = shellWords(command, variables);
  expect(words.slice(0, 1)).toEqual(['curl']);
  const form = new FormData();
  let url: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    if (word === '-s') continue;
    if (word === '-X') {
      expect(next).toBe('POST');
      i++;
    } else if (word === '-F' || word === '--form-string') {
      const at = next.indexOf('=');
      const [name, value] = [next.slice(0, at), next.slice(at + 1)];
      const file = word === '-F' ? /^@([^;]+)(?:;type=(.+))?$/u.exec(value) : null;
      if (file) {
        form.append(name, new File([sampleImages['image/png']], file[1] ?? 'upload', { type: file[2] ?? '' }));
      } else {
        if (word === '-F') expect(value, `${name}: -F would read a file or a type here`).not.toMatch(/^[@<]|;type=/u);
        form.append(name, value);
      }
      i++;
    } else {
      expect(url, `one URL in ${command}`).toBeUndefined();
      url = word;
    }
  }
  if (url === undefined) throw new Error(`no URL in ${command}`);
  const res = await fetch(url, { method: 'POST', body: form });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

let page: string;
let document: OpenApiDocument;
/** The curl example of an operation, as the page shows it. */
function pageExample(name: OperationName): string {
  const article = new RegExp(`<article aria-labelledby="op-${name}">([\\s\\S]*?)</article>`, 'u').exec(page)?.[1];
  const code = /<h4>Example<\/h4>\s*<pre tabindex="0"><code>([\s\S]*?)<\/code><\/pre>/u.exec(article ?? '')?.[1];
  if (code === undefined) throw new Error(`no example for ${name}`);
  return unescapeHtml(code);
}

describe('GET /__mock/openapi.json and /__mock/docs', () => {
  beforeAll(async () => {
    const [json, docs] = await Promise.all([get('__mock/openapi.json'), get('__mock/docs')]);
    document = JSON.parse(json.text) as OpenApiDocument;
    page = docs.text;
  });

  it('serve the document as JSON, its server being the request origin, with the security headers', async () => {
    const res = await get('__mock/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectSecurityHeaders(res.headers);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: origin, description: 'This mock server' }]);
    // Reached under another name, it names that one.
    const other = await bank.send('/__mock/openapi.json', { headers: { host: '192.0.2.10:9000' } });
    expect(((await other.json()) as OpenApiDocument).servers[0]?.url).toBe('http://192.0.2.10:9000');
  });

  it('serve the page as self-contained HTML: no script, nothing from the network, with the security headers', async () => {
    const res = await get('__mock/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(res.headers);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/u);
    expect(page).toMatch(/<title>[^<]+<\/title>/u);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\(/iu);
    expect(page).not.toMatch(/\son[a-z]+=/iu);
    // Every link stays on the page or on this server.
    for (const [, href] of page.matchAll(/href="([^"]*)"/gu)) expect(href).toMatch(/^(#|\/__mock\/)/u);
    expect(page).toContain('<a href="/__mock/openapi.json">');
  });

  it('list every operation of the contract, in both', () => {
    const ids = Object.values(document.paths).map((item) => item.post.operationId);
    expect([...ids].sort()).toEqual([...operationNames].sort());
    for (const name of operationNames) {
      expect(page).toContain(`<h3 id="op-${name}">${name}</h3>`);
      expect(page).toContain(`<a href="#op-${name}">${name}</a>`);
      expect(page).toContain(`<caption>Reply of ${name}</caption>`);
    }
  });

  it('structure the page for assistive technology: one h1, headings in order, tables with scoped headers', () => {
    expect(page.match(/<h1[\s>]/gu)).toHaveLength(1);
    const levels = [...page.matchAll(/<h([1-6])[\s>]/gu)].map((m) => Number(m[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
    const tables = page.match(/<table>/gu) ?? [];
    expect(tables.length).toBeGreaterThan(operationNames.length);
    expect(page.match(/<caption>/gu)).toHaveLength(tables.length);
    expect(page).not.toMatch(/<th(?![^>]*scope="(col|row)")[\s>]/u);
    // Scrolling parts can be reached with the keyboard and say what they are.
    expect(page).not.toMatch(/<pre(?! tabindex="0")/u);
    expect(page).not.toMatch(/<div class="scroll"(?! role="region" aria-label="[^"]+" tabindex="0")/u);
  });

  it('show each operation with its call, marker, token, fields and reply', () => {
    const article = (name: string) =>
      new RegExp(`<article aria-labelledby="op-${name}">([\\s\\S]*?)</article>`, 'u').exec(page)?.[1] ?? '';
    const institution = article('getInstitution');
    expect(institution).toContain('<dd><code>POST /api/users.php</code></dd>');
    expect(institution).toContain('<dd><code>getinstituition=1</code></dd>');
    expect(institution).toContain('<code>token</code> field: the user token');
    expect(institution).toContain('<th scope="row"><code>u.fullname</code></th>');
    const transfer = article('createTransfer');
    expect(transfer).toContain('<th scope="row"><code>extra</code></th>');
    expect(transfer).toContain('<th scope="row"><code>amount</code></th><td>string, matching');
    const lookup = article('lookupUser');
    expect(lookup).toContain('<dd><code>POST /api/users.php?crud=iduser</code></dd>');
    expect(lookup).not.toContain('Marker field');
    const picture = article('updateProfilePicture');
    expect(picture).toContain('<th scope="row"><code>profilePic</code></th><td>file</td><td>yes</td>');
    const forgot = article('forgotPasscode');
    expect(forgot).toContain('<caption>Request fields of forgotPasscode when action is code</caption>');
    expect(forgot).toContain('<caption>Request fields of forgotPasscode when action is reset</caption>');
  });
});

describe('the documented examples, run against the same server', () => {
  let variables: Record<string, string>;
  beforeAll(async () => {
    await bank.reset();
    // The page's own login example, as written, gives the user token.
    const login = /<pre tabindex="0"><code>(TOKEN=\$\(curl [\s\S]*?)<\/code><\/pre>/u.exec(page)?.[1] ?? '';
    const command = /^TOKEN=\$\((curl [\s\S]*?) \\\n {2}\| sed/u.exec(unescapeHtml(login))?.[1] ?? '';
    const reply = await runCurl(command);
    expect(reply.status).toBe(200);
    const jwt = /.*"jwt":"([^"]*)".*/u.exec(reply.text)?.[1];
    expect(jwt).toBeTruthy();
    variables = { TOKEN: jwt ?? '', KYC_TOKEN: await bank.login('kyc-new@bank.test') };
  });

  it('getinstituition: the curl example (marker and token) gets the account summary', async () => {
    const example = pageExample('getInstitution');
    expect(example).toBe(`curl -X POST '${origin}/api/users.php' \\\n  -F 'getinstituition=1' \\\n  -F "token=$TOKEN"`);
    const reply = await runCurl(example, variables);
    expect(reply.status).toBe(200);
    const body = operations.getInstitution.reply.parse(JSON.parse(reply.text));
    expect(body.u.fullname).toBe('Dana Demo');
  });

  it('iduser: the curl example (?crud=iduser) finds the demo customer', async () => {
    const example = pageExample('lookupUser');
    expect(example).toBe(`curl -X POST '${origin}/api/users.php?crud=iduser' \\\n  -F 'email=${DOCS_EXAMPLE_EMAIL}'`);
    const reply = await runCurl(example);
    expect(reply.status).toBe(200);
    expect(operations.lookupUser.reply.parse(JSON.parse(reply.text))).toMatchObject({ role: 'user' });
  });

  it('the JSON document alone is enough to make the call, form-urlencoded this time', async () => {
    const ids = Object.entries(document.paths).map(([, item]) => item.post);
    const institution = ids.find((op) => op.operationId === 'getInstitution');
    const wire = institution?.['x-wire'];
    if (!wire?.marker || !wire.tokenField) throw new Error('getInstitution documents no marker and token field');
    const body = new URLSearchParams({
      [wire.marker.field]: wire.marker.value,
      [wire.tokenField]: variables.TOKEN ?? '',
    });
    expect(institution?.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    const res = await fetch(`${document.servers[0]?.url ?? ''}${wire.path}`, { method: wire.method, body });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as Record<string, unknown>;
    const schemaRef = institution?.responses['200'];
    const ref = schemaRef && 'content' in schemaRef ? schemaRef.content['application/json']?.schema.$ref : undefined;
    const schema = document.components.schemas[ref?.split('/').at(-1) ?? ''];
    for (const key of schema?.required ?? []) expect(reply).toHaveProperty(key);
  });

  it.each(operationNames)('%s: the curl example is a call the server accepts as well formed', async (name) => {
    const reply = await runCurl(pageExample(name), variables);
    const body: unknown = JSON.parse(reply.text);
    if (reply.status === 200) {
      expect(operations[name].reply.safeParse(body).success).toBe(true);
    } else {
      // A refusal by the bank (wrong code, unknown payee, ...) is fine; a malformed call is not.
      const error = ErrorReplySchema.parse(body);
      expect(error.code, error.message).not.toMatch(
        /^(invalid_request|no_operation|several_operations|unknown_crud)$/u,
      );
      expect(reply.status, `the token was refused: ${error.message}`).not.toBe(401);
    }
  });
});
