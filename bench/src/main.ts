/**
 * `pnpm bench`: builds the portal and a bare reference app, measures the JS the login page loads, runs
 * Lighthouse on three pages and on the reference app, loads the mock bank against bare Express, and weighs
 * the mock's sandboxes (their memory, and a creation's time against a login's), all in this one run: every
 * budget (./budgets.ts) is checked against a reference measured here and now. Prints a table (figure,
 * reference, ratio, budget), writes bench/results.json, and exits 1 when a budget is missed (2 when the run
 * could not be set up).
 *
 * BENCH_ONLY=bundle,lighthouse,load,sandbox picks parts; BENCH_LH_RUNS sets Lighthouse runs per page
 * (median); BENCH_PORT (8391), BENCH_BARE_PORT (8392) and BENCH_SANDBOX_PORT (8393) set the ports of the
 * mock, of bare Express and of the mock that holds the sandboxes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { encode, type OperationName, type OperationInput, type Operations } from '@ebank/contract';
import { securityHeaders } from '@ebank/mock-server/src/http/reply';
import { webApp } from '@ebank/mock-server/src/http/web-static';
import type { Reply } from './bare-express';
import {
  BUDGETS,
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  NETWORK_QUIET_MS,
  SANDBOX_COUNT,
  SANDBOX_CREATIONS,
  SANDBOX_LOGINS,
  type LighthousePage,
} from './budgets';
import { buildApp, initialLoad, jsChunks } from './bundle';
import { auditPages, type LighthouseResult, type PageToAudit, type Preset } from './lighthouse';
import { best, hashFloor, inTurn, load, warmUp, type LoadResult, type Request } from './load';
import { SetupError, portFromEnv, startServer, stopServer, type Port } from './processes';
import {
  call,
  createSandbox,
  deleteSandbox,
  inBatches,
  listSandboxes,
  median,
  rssBytes,
  serverPid,
  sleep,
  timed,
} from './sandbox';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const PARTS = ['bundle', 'lighthouse', 'load', 'sandbox'] as const;
type Part = (typeof PARTS)[number];
const DEMO = { email: 'demo@bank.test', password: '123456' };

interface Check {
  readonly what: string;
  /** The portal's (or the mock's) figure. */
  readonly figure: string;
  /** The same figure for the reference measured in this run; `-` for an absolute budget. */
  readonly reference: string;
  /** Figure over reference (or, for a score, the difference in points). */
  readonly ratio: string;
  readonly budget: string;
  readonly ok: boolean;
}
const checks: Check[] = [];
const check = (c: Check) => {
  checks.push(c);
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const times = (ratio: number) => `${ratio.toFixed(2)}x`;
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

function settings() {
  const parts = (process.env.BENCH_ONLY ?? PARTS.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0 || parts.length === 0)
    throw new SetupError(`BENCH_ONLY lists parts among ${PARTS.join(', ')}, not "${process.env.BENCH_ONLY ?? ''}"`);
  const runs = Number(process.env.BENCH_LH_RUNS ?? '3');
  if (!Number.isInteger(runs) || runs < 1)
    throw new SetupError(
      `BENCH_LH_RUNS must be a whole number of runs (1 or more), not "${process.env.BENCH_LH_RUNS ?? ''}"`,
    );
  return {
    only: new Set(parts as Part[]),
    lighthouseRuns: runs,
    mockPort: portFromEnv('BENCH_PORT', 8391),
    barePort: portFromEnv('BENCH_BARE_PORT', 8392),
    sandboxPort: portFromEnv('BENCH_SANDBOX_PORT', 8393),
  };
}

/** A call's bytes exactly as the portal's client sends it. */
async function wire<K extends OperationName>(
  base: string,
  name: K,
  input: OperationInput<Operations[K]>,
  encoding: 'multipart' | 'urlencoded',
  token?: string,
): Promise<Request> {
  const request = encode(name, input, { token, encoding });
  const response = new Response(request.body);
  return {
    url: `${base}api/users.php${request.search}`,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Sends a call's bytes once. */
const send = (request: Request) =>
  fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': request.contentType },
    body: new Uint8Array(request.body),
  });

async function signIn(base: string) {
  const reply = await send(await wire(base, 'login', { ...DEMO, remeber: false }, 'urlencoded'));
  const body = (await reply.json()) as { jwt?: string };
  if (!body.jwt) throw new Error('The demo persona could not sign in');
  return body.jwt;
}

/**
 * Serves a built app at /wp-user/ as the mock serves the portal (on a free port): with the bank's security
 * headers, whose Cross-Origin-Opener-Policy gives the page a browser process of its own (decision 0061).
 * Gives its base address.
 */
async function serveApp(dist: string) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders());
  app.use('/wp-user', webApp(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`, server };
}

/**
 * The mock bank as `pnpm start` runs it (its own main.ts), with no MOCK_* settings from the caller's shell,
 * and no limit on sign-ins: the login load signs the demo persona in as fast as the server can hash.
 * `settings` adds MOCK_* settings of the part's own.
 */
function startMock(port: Port, webRoot: string, settings: Readonly<Record<string, string>> = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MOCK_') && name !== 'PORT'),
  );
  return startServer({
    script: path.join(repo, 'packages', 'mock-server', 'src', 'main.ts'),
    env: {
      ...env,
      PORT: String(port.port),
      MOCK_WEB_ROOT: webRoot,
      MOCK_SIGNIN_PER_CLIENT: 'off',
      MOCK_SIGNIN_PER_EMAIL: 'off',
      ...settings,
    },
    port,
  });
}

async function benchBundle(webDist: string, refDist: string, mockBase: string) {
  const { base: refBase, server } = await serveApp(refDist);
  try {
    const portal = await initialLoad(`${mockBase}wp-user/account/login`, 'input[type=email]', webDist);
    const ref = await initialLoad(`${refBase}wp-user/`, 'h1', refDist);
    const initial = new Set(portal.initialFiles.map((c) => c.file));
    const lazy = jsChunks(webDist).filter((c) => !initial.has(c.file));
    const ratio = portal.initialGzip / ref.initialGzip;
    results.bundle = { networkQuietMs: NETWORK_QUIET_MS, portal, reference: ref, ratio, lazyChunks: lazy };
    check({
      what: `login page initial JS, gzip (${String(portal.initialFiles.length)} files)`,
      figure: kb(portal.initialGzip),
      reference: `${kb(ref.initialGzip)} (${String(ref.initialFiles.length)} files)`,
      ratio: times(ratio),
      budget: `<= ${BUDGETS.bundle.maxInitialJsRatio.toFixed(1)}x`,
      ok: ratio <= BUDGETS.bundle.maxInitialJsRatio,
    });
    // The size check in the test command (.size-limit.ts) turns the ratio into bytes with a recorded
    // figure for the reference: it must still be the reference measured here.
    const recorded = BUDGETS.bundle.referenceInitialJsGzip;
    const drift = ref.initialGzip / recorded - 1;
    const driftOk = Math.abs(drift) <= BUDGETS.bundle.maxReferenceDrift;
    const driftText = `${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)}%`;
    if (!driftOk)
      console.log(
        `  The reference app's initial JS is ${String(ref.initialGzip)} bytes (gzip), ${driftText} from the ${String(recorded)} recorded in bench/src/budgets.ts: update bundle.referenceInitialJsGzip to ${String(ref.initialGzip)} (the size check of pnpm test takes its limits from it).`,
      );
    check({
      what: 'reference initial JS, gzip, vs budgets.ts',
      figure: `${String(ref.initialGzip)} B`,
      reference: `${String(recorded)} B recorded`,
      ratio: driftText,
      budget: `within ${String(BUDGETS.bundle.maxReferenceDrift * 100)}%`,
      ok: driftOk,
    });
    const largest = lazy[0];
    check({
      what: `largest lazy chunk, gzip (of ${String(lazy.length)})`,
      figure: largest ? `${largest.file} ${kb(largest.gzip)}` : 'none',
      reference: '-',
      ratio: '-',
      budget: `<= ${kb(BUDGETS.bundle.maxLazyChunkGzip)}`,
      ok: lazy.every((c) => c.gzip <= BUDGETS.bundle.maxLazyChunkGzip),
    });
  } finally {
    server.close();
  }
}

const lighthouseFigures = (r: LighthouseResult) =>
  `perf ${String(r.performance)}, a11y ${String(r.accessibility)}, bp ${String(r.bestPractices)}, LCP ${String(r.lcpMs)} ms, TBT ${String(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`;
const points = (n: number) => (n >= 0 ? `+${String(n)}` : String(n));
/** CLS as Lighthouse shows it, but never rounded down to a 0 that the budget would not accept. */
const cls = (value: number) => (value === 0 ? '0' : value < 0.001 ? value.toExponential(1) : value.toFixed(3));

async function benchLighthouse(mockBase: string, refDist: string, runs: number) {
  const token = await signIn(mockBase);
  const pages: (PageToAudit & { readonly name: LighthousePage })[] = [
    { name: 'landing', url: `${mockBase}wp-user/account` },
    { name: 'login', url: `${mockBase}wp-user/account/login` },
    { name: 'dashboard', url: `${mockBase}wp-user/dashboard`, localStorage: { baUid: token } },
  ];
  // The reference: the bare app (one route, nothing to fetch), audited in turn with the pages.
  const { base: refBase, server } = await serveApp(refDist);
  const out: Partial<Record<LighthousePage | 'reference', Partial<Record<Preset, LighthouseResult>>>> = {};
  try {
    const reference: PageToAudit = { name: 'reference', url: `${refBase}wp-user/` };
    for (const preset of ['mobile', 'desktop'] as const) {
      const scores = await auditPages([reference, ...pages], preset, runs);
      const ref = scores.get(reference.name);
      if (!ref) throw new Error('The reference app was not audited');
      (out.reference ??= {})[preset] = ref;
      console.log(`  reference app, ${preset}: ${lighthouseFigures(ref)}`);
      for (const page of pages) {
        const r = scores.get(page.name);
        if (!r) throw new Error(`${page.name} was not audited`);
        (out[page.name] ??= {})[preset] = r;
        console.log(`  ${page.name}, ${preset}: ${lighthouseFigures(r)}`);
        const l = BUDGETS.lighthouse;
        const perf =
          preset === 'mobile'
            ? {
                budget: `perf >= ${String(l.mobile[page.name].min)} and >= ref - ${String(l.mobile[page.name].maxBelowReference)}`,
                ok:
                  r.performance >= l.mobile[page.name].min &&
                  r.performance >= ref.performance - l.mobile[page.name].maxBelowReference,
              }
            : { budget: `perf >= ${String(l.minDesktopPerformance)}`, ok: r.performance >= l.minDesktopPerformance };
        check({
          what: `lighthouse ${page.name} ${preset}`,
          figure: `perf ${String(r.performance)}, a11y ${String(r.accessibility)}, CLS ${cls(r.cls)}`,
          reference: `perf ${String(ref.performance)}, a11y ${String(ref.accessibility)}, CLS ${cls(ref.cls)}`,
          ratio: `perf ${points(r.performance - ref.performance)}`,
          budget: `${perf.budget}, a11y ${String(l.minAccessibility)}, CLS ${String(l.maxCls)}`,
          ok: perf.ok && r.accessibility >= l.minAccessibility && r.cls <= l.maxCls,
        });
      }
    }
  } finally {
    server.close();
    results.lighthouse = { runsPerPage: runs, pages: out };
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'etag']);

/** The mock's reply to a call, as bare Express is to send it back: the same status, headers and body. */
async function replyOf(request: Request): Promise<Reply> {
  const response = await send(request);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body: body.toString('base64') };
}

const failed = (r: LoadResult) => (r.failures > 0 ? ` (${String(r.failures)} failed)` : '');
/** The server's CPU time per request, beside its rate: what the server cost, whatever else the machine ran. */
const cpuPerRequest = (r: LoadResult) =>
  r.cpuMicrosPerRequest === null ? '' : ` (CPU ${r.cpuMicrosPerRequest.toFixed(0)} µs/req)`;

async function benchLoad(mockBase: string, mockPid: number | undefined, barePort: Port) {
  const token = await signIn(mockBase);
  // Bare Express answers what the mock answers, so both send the same bytes.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const replyFile = path.join(dir, 'reply.json');
  const sample = await replyOf(await wire(mockBase, 'getInstitution', {}, 'urlencoded', token));
  if (sample.status !== 200) throw new Error(`getinstituition answered ${String(sample.status)} before the load`);
  writeFileSync(replyFile, JSON.stringify(sample));
  const bare = await startServer({
    script: path.join(here, 'bare-express.ts'),
    args: [String(barePort.port), replyFile],
    port: barePort,
  });
  const bareBase = `http://127.0.0.1:${String(barePort.port)}/`;
  const out: Record<string, unknown> = {};
  try {
    // tsx runs each server in a Node child of its own: that child's CPU time is the server's.
    const mockServer = mockPid === undefined ? undefined : await serverPid(mockPid);
    const bareServer = bare.pid === undefined ? undefined : await serverPid(bare.pid);
    for (const encoding of ['multipart', 'urlencoded'] as const) {
      const mockReq = await wire(mockBase, 'getInstitution', {}, encoding, token);
      const bareReq = await wire(bareBase, 'getInstitution', {}, encoding, token);
      await warmUp(mockReq);
      await warmUp(bareReq);
      const [mockRuns, bareRuns] = await inTurn(
        () => load(mockReq, LOAD_CONNECTIONS, LOAD_SECONDS, mockServer),
        () => load(bareReq, LOAD_CONNECTIONS, LOAD_SECONDS, bareServer),
      );
      const mock = best(mockRuns);
      const base = best(bareRuns);
      const ratio = mock.requestsPerSecond / base.requestsPerSecond;
      const p99Ratio = mock.p99Ms / base.p99Ms;
      out[`getinstituition ${encoding}`] = { mock, bare: base, ratio, p99Ratio, mockRuns, bareRuns };
      const clean = mock.failures === 0 && base.failures === 0;
      check({
        what: `getinstituition ${encoding}: requests/s vs bare Express`,
        figure: `${mock.requestsPerSecond.toFixed(0)}${cpuPerRequest(mock)}${failed(mock)}`,
        reference: `${base.requestsPerSecond.toFixed(0)}${cpuPerRequest(base)}${failed(base)}`,
        ratio: times(ratio),
        budget: `>= ${String(BUDGETS.load.minThroughputRatio)}x`,
        ok: clean && ratio >= BUDGETS.load.minThroughputRatio,
      });
      check({
        what: `getinstituition ${encoding}: p99 at ${String(LOAD_CONNECTIONS)} connections`,
        figure: `${String(mock.p99Ms)} ms (p50 ${String(mock.p50Ms)})`,
        reference: `${String(base.p99Ms)} ms (p50 ${String(base.p50Ms)})`,
        ratio: times(p99Ratio),
        budget: `<= ${String(BUDGETS.load.maxP99Ratio)}x`,
        ok: clean && p99Ratio <= BUDGETS.load.maxP99Ratio,
      });
    }
    const loginMock = await wire(mockBase, 'login', { ...DEMO, remeber: false }, 'urlencoded');
    const loginBare = await wire(bareBase, 'login', { ...DEMO, remeber: false }, 'urlencoded');
    const [loginRuns, hashRuns] = await inTurn(
      () => load(loginMock, LOAD_CONNECTIONS, LOAD_SECONDS),
      () => hashFloor(LOAD_SECONDS, LOAD_CONNECTIONS),
    );
    const login = best(loginRuns);
    const hashes = Math.max(...hashRuns);
    const loginBareResult = await load(loginBare, LOAD_CONNECTIONS, LOAD_SECONDS);
    const ratio = login.requestsPerSecond / hashes;
    out.login = {
      mock: login,
      bare: loginBareResult,
      hashesPerSecond: hashes,
      ratioToHash: ratio,
      loginRuns,
      hashRuns,
    };
    console.log(
      `  login: p50 / p99 ${String(login.p50Ms)} / ${String(login.p99Ms)} ms; bare Express, for scale, ${loginBareResult.requestsPerSecond.toFixed(0)} requests/s`,
    );
    check({
      what: 'login: requests/s vs passcode hashes/s',
      figure: `${login.requestsPerSecond.toFixed(1)}${failed(login)}`,
      reference: hashes.toFixed(1),
      ratio: times(ratio),
      budget: `>= ${String(BUDGETS.load.minLoginToHashRatio)}x`,
      ok: ratio >= BUDGETS.load.minLoginToHashRatio && login.failures === 0,
    });
  } finally {
    await stopServer(bare);
    results.load = { connections: LOAD_CONNECTIONS, seconds: LOAD_SECONDS, ...out };
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The sandboxes, on a mock of their own (fresh, so that its memory is the sandboxes' and not the load's):
 * the resident memory that `SANDBOX_COUNT` new sandboxes add once each has been signed in to, then the
 * median wall time of a creation and of a login, one request at a time, taken in turn.
 */
async function benchSandbox(port: Port, webDist: string) {
  // A little room above the count, so the creations timed later never meet the cap.
  const server = await startMock(port, webDist, { MOCK_SANDBOXES_MAX: String(SANDBOX_COUNT + 10) });
  const base = `http://127.0.0.1:${String(port.port)}/`;
  const out: Record<string, unknown> = {};
  try {
    if (server.pid === undefined) throw new Error('The sandbox mock has no process id');
    // tsx runs the server in a Node child of its own: that child's memory is the server's.
    const pid = await serverPid(server.pid);
    const login = await wire(base, 'login', { ...DEMO, remeber: false }, 'urlencoded');
    /** Signs the demo persona in (to a sandbox, or the default bank); gives the token. */
    const signInTo = async (sandbox?: string) => {
      const reply = await call(login, sandbox);
      const { jwt } = reply.body as { jwt?: unknown };
      if (reply.status !== 200 || typeof jwt !== 'string')
        throw new Error(
          `A login ${sandbox ? `in sandbox ${sandbox}` : 'in the default bank'} answered ${String(reply.status)}`,
        );
      return jwt;
    };
    const institution = async (token: string, sandbox?: string) => {
      const reply = await call(await wire(base, 'getInstitution', {}, 'urlencoded', token), sandbox);
      if (reply.status !== 200)
        throw new Error(
          `getinstituition ${sandbox ? `in sandbox ${sandbox}` : 'in the default bank'} answered ${String(reply.status)}`,
        );
    };
    // Warm (as the load does): a login and a getinstituition call, so the code they run is loaded and compiled.
    await institution(await signInTo());
    await sleep(1000);
    const before = await rssBytes(pid);
    const names: string[] = [];
    for (let i = 0; i < SANDBOX_COUNT; i += 1) names.push(await createSandbox(base));
    // Each used once, so what a sandbox builds at its first use exists: a login and a getinstituition call.
    await inBatches(names, 5, async (name) => {
      await institution(await signInTo(name), name);
    });
    const listed = (await listSandboxes(base)).length;
    if (listed !== SANDBOX_COUNT)
      throw new Error(`GET /__mock/sandboxes lists ${String(listed)} sandboxes, not ${String(SANDBOX_COUNT)}`);
    await sleep(1000);
    const after = await rssBytes(pid);
    const growth = after - before;
    out.memory = { sandboxes: SANDBOX_COUNT, rssBeforeBytes: before, rssAfterBytes: after, growthBytes: growth };
    check({
      what: `${String(SANDBOX_COUNT)} sandboxes, each signed in to: server RSS growth`,
      figure: `${mb(growth)} (${mb(growth / SANDBOX_COUNT)} each)`,
      reference: `${mb(before)} before`,
      ratio: '-',
      budget: `<= ${String(BUDGETS.sandbox.maxRssGrowthMb)} MB`,
      ok: growth <= BUDGETS.sandbox.maxRssGrowthMb * 2 ** 20,
    });
    for (const name of names) await deleteSandbox(base, name);
    // One request at a time; a login every few creations, so a slow spell of the machine falls on both.
    const creations: number[] = [];
    const logins: number[] = [];
    const every = Math.max(1, Math.floor(SANDBOX_CREATIONS / SANDBOX_LOGINS));
    for (let i = 0; i < SANDBOX_CREATIONS; i += 1) {
      let name = '';
      creations.push(
        await timed(async () => {
          name = await createSandbox(base);
        }),
      );
      await deleteSandbox(base, name);
      if (i % every === 0 && logins.length < SANDBOX_LOGINS) logins.push(await timed(() => signInTo()));
    }
    const create = median(creations);
    const signIn = median(logins);
    const ratio = create / signIn;
    out.creation = { creationMs: creations, loginMs: logins, medianCreationMs: create, medianLoginMs: signIn, ratio };
    check({
      what: `sandbox creation vs login, median of ${String(creations.length)} / ${String(logins.length)}, one at a time`,
      figure: ms(create),
      reference: `login ${ms(signIn)}`,
      ratio: `${ratio.toFixed(3)}x`,
      budget: `<= ${String(BUDGETS.sandbox.maxCreateToLoginRatio)}x`,
      ok: ratio <= BUDGETS.sandbox.maxCreateToLoginRatio,
    });
  } finally {
    await stopServer(server);
    results.sandbox = out;
  }
}

function report() {
  const rows = [
    ['', 'budget', 'figure', 'reference', 'ratio', 'limit'],
    ...checks.map((c) => [c.ok ? 'ok' : 'MISS', c.what, c.figure, c.reference, c.ratio, c.budget]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  console.log('');
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  results.checks = checks;
  writeFileSync(path.join(repo, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const missed = checks.filter((c) => !c.ok).length;
  console.log(
    `\n${String(checks.length - missed)} of ${String(checks.length)} budgets hold; results in bench/results.json`,
  );
  return missed;
}

async function main() {
  const { only, lighthouseRuns, mockPort, barePort, sandboxPort } = settings();
  results.settings = {
    parts: [...only],
    lighthouseRuns,
    mockPort: mockPort.port,
    barePort: barePort.port,
    sandboxPort: sandboxPort.port,
  };
  const webDist = path.join(repo, 'packages', 'web', 'dist');
  const refDist = path.join(repo, 'bench', 'reference', 'dist');
  if (only.has('bundle') || only.has('lighthouse')) {
    await buildApp(path.join(repo, 'packages', 'web'));
    await buildApp(path.join(repo, 'bench', 'reference'));
  }
  // The sandbox part runs its own mock: the shared one is for the other parts.
  if (only.has('bundle') || only.has('lighthouse') || only.has('load')) {
    const mock = await startMock(mockPort, webDist);
    const mockBase = `http://127.0.0.1:${String(mockPort.port)}/`;
    try {
      if (only.has('bundle')) await benchBundle(webDist, refDist, mockBase);
      if (only.has('lighthouse')) await benchLighthouse(mockBase, refDist, lighthouseRuns);
      if (only.has('load')) await benchLoad(mockBase, mock.pid, barePort);
    } finally {
      await stopServer(mock);
    }
  }
  if (only.has('sandbox')) await benchSandbox(sandboxPort, webDist);
  return report();
}

try {
  process.exitCode = (await main()) > 0 ? 1 : 0;
} catch (error) {
  if (!(error instanceof SetupError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
