/**
 * `pnpm bench`: builds the portal and a bare reference app, measures what the login page loads, runs
 * Lighthouse on three pages, and loads the mock bank against bare Express, all in this one run. Prints a
 * table, writes bench/results.json, and exits 1 when a budget in ./budgets.ts is missed.
 *
 * BENCH_ONLY=bundle,lighthouse,load picks parts; BENCH_LH_RUNS sets Lighthouse runs per page (median).
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { encode, type OperationName, type OperationInput, type Operations } from '@ebank/contract';
import { webApp } from '@ebank/mock-server/src/http/web-static';
import { BUDGETS, LOAD_CONNECTIONS, LOAD_SECONDS } from './budgets';
import { buildApp, initialLoad, jsChunks } from './bundle';
import { audit, type LighthouseResult, type Preset } from './lighthouse';
import { hashFloor, load, startServer, stopServer, warmUp, type LoadResult, type Request } from './load';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const only = new Set((process.env.BENCH_ONLY ?? 'bundle,lighthouse,load').split(','));
const lighthouseRuns = Number(process.env.BENCH_LH_RUNS ?? '3');
const DEMO = { email: 'demo@bank.test', password: '123456' };
const MOCK_PORT = 8391;
const BARE_PORT = 8392;

interface Check {
  readonly what: string;
  readonly measured: string;
  readonly budget: string;
  readonly ok: boolean;
}
const checks: Check[] = [];
const check = (what: string, measured: string, budget: string, ok: boolean) => {
  checks.push({ what, measured, budget, ok });
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

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

/** Serves a built app at /wp-user/ as the mock serves the portal; gives its base address. */
async function serveApp(dist: string) {
  const app = express();
  app.use('/wp-user', webApp(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`, server };
}

async function benchBundle(webDist: string, refDist: string, mockBase: string) {
  const { base: refBase, server } = await serveApp(refDist);
  try {
    const portal = await initialLoad(`${mockBase}wp-user/account/login`, 'input[type=email]', webDist);
    const ref = await initialLoad(`${refBase}wp-user/`, 'h1', refDist);
    const initial = new Set(portal.initialFiles.map((c) => c.file));
    const lazy = jsChunks(webDist).filter((c) => !initial.has(c.file));
    const ratio = portal.initialGzip / ref.initialGzip;
    results.bundle = { portal, reference: ref, ratio, lazyChunks: lazy };
    check(
      'login page initial JS (gzip) / reference',
      `${kb(portal.initialGzip)} / ${kb(ref.initialGzip)} = ${ratio.toFixed(2)}x`,
      `<= ${String(BUDGETS.bundle.maxInitialJsRatio)}x`,
      ratio <= BUDGETS.bundle.maxInitialJsRatio,
    );
    const largest = lazy[0];
    check(
      `largest lazy chunk (of ${String(lazy.length)}) gzip`,
      largest ? `${largest.file} ${kb(largest.gzip)}` : 'none',
      `<= ${kb(BUDGETS.bundle.maxLazyChunkGzip)}`,
      lazy.every((c) => c.gzip <= BUDGETS.bundle.maxLazyChunkGzip),
    );
    console.log(`  after the first render the login page preloads ${kb(portal.afterRenderGzip)} more`);
  } finally {
    server.close();
  }
}

const lighthouseFigures = (r: LighthouseResult) =>
  `perf ${String(r.performance)}, a11y ${String(r.accessibility)}, bp ${String(r.bestPractices)}, LCP ${String(r.lcpMs)} ms, TBT ${String(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`;

async function benchLighthouse(mockBase: string, refDist: string) {
  const token = await signIn(mockBase);
  const pages = [
    { name: 'landing', url: `${mockBase}wp-user/account` },
    { name: 'login', url: `${mockBase}wp-user/account/login` },
    { name: 'dashboard', url: `${mockBase}wp-user/dashboard`, localStorage: { baUid: token } },
  ];
  const out: Record<string, Record<Preset, LighthouseResult>> = {};
  for (const page of pages) {
    const mobile = await audit(page, 'mobile', lighthouseRuns);
    const desktop = await audit(page, 'desktop', lighthouseRuns);
    out[page.name] = { mobile, desktop };
    const l = BUDGETS.lighthouse;
    for (const [preset, r] of [['mobile', mobile] as const, ['desktop', desktop] as const]) {
      const figures = lighthouseFigures(r);
      const ok =
        (preset === 'desktop' || r.performance >= l.minMobilePerformance) &&
        r.accessibility >= l.minAccessibility &&
        r.cls <= l.maxCls &&
        r.tbtMs <= l.maxTbtMs;
      check(
        `lighthouse ${page.name} ${preset}`,
        figures,
        `${preset === 'mobile' ? `perf >= ${String(l.minMobilePerformance)}, ` : ''}a11y ${String(l.minAccessibility)}, CLS ${String(l.maxCls)}, TBT <= ${String(l.maxTbtMs)}`,
        ok,
      );
    }
  }
  // The floor: the bare reference app (one route, nothing to fetch), audited the same way in this run.
  const { base: refBase, server } = await serveApp(refDist);
  try {
    const page = { name: 'reference', url: `${refBase}wp-user/` };
    const reference = {
      mobile: await audit(page, 'mobile', lighthouseRuns),
      desktop: await audit(page, 'desktop', lighthouseRuns),
    };
    console.log(`  floor: the reference app, mobile: ${lighthouseFigures(reference.mobile)}`);
    console.log(`  floor: the reference app, desktop: ${lighthouseFigures(reference.desktop)}`);
    results.lighthouse = { runsPerPage: lighthouseRuns, pages: out, reference };
  } finally {
    server.close();
  }
}

async function benchLoad(mockBase: string) {
  const token = await signIn(mockBase);
  const sample = await send(await wire(mockBase, 'getInstitution', {}, 'urlencoded', token));
  // The bare app answers the same JSON the mock gives, so both serialise and send the same bytes.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const replyFile = path.join(dir, 'reply.json');
  writeFileSync(replyFile, await sample.text());
  const bare = await startServer(['bare', String(BARE_PORT), replyFile]);
  const bareBase = `http://127.0.0.1:${String(BARE_PORT)}/`;
  const out: Record<string, unknown> = {};
  try {
    for (const encoding of ['multipart', 'urlencoded'] as const) {
      const mockReq = await wire(mockBase, 'getInstitution', {}, encoding, token);
      const bareReq = await wire(bareBase, 'getInstitution', {}, encoding, token);
      await warmUp(mockReq);
      await warmUp(bareReq);
      const mock = await load(mockReq, LOAD_CONNECTIONS, LOAD_SECONDS);
      const base = await load(bareReq, LOAD_CONNECTIONS, LOAD_SECONDS);
      const ratio = mock.requestsPerSecond / base.requestsPerSecond;
      out[`getinstituition ${encoding}`] = { mock, bare: base, ratio };
      check(
        `getinstituition ${encoding}: mock / bare Express rps`,
        `${mock.requestsPerSecond.toFixed(0)} / ${base.requestsPerSecond.toFixed(0)} = ${ratio.toFixed(2)}x`,
        `>= ${String(BUDGETS.load.minThroughputRatio)}x`,
        ratio >= BUDGETS.load.minThroughputRatio && mock.failures === 0,
      );
      check(
        `getinstituition ${encoding}: p50 / p99 at ${String(LOAD_CONNECTIONS)} connections`,
        `${String(mock.p50Ms)} / ${String(mock.p99Ms)} ms (bare ${String(base.p50Ms)} / ${String(base.p99Ms)} ms)`,
        `p99 <= ${String(BUDGETS.load.maxP99Ms)} ms`,
        mock.p99Ms <= BUDGETS.load.maxP99Ms,
      );
    }
    const loginMock = await wire(mockBase, 'login', { ...DEMO, remeber: false }, 'urlencoded');
    const loginBare = await wire(bareBase, 'login', { ...DEMO, remeber: false }, 'urlencoded');
    const login: LoadResult = await load(loginMock, LOAD_CONNECTIONS, LOAD_SECONDS);
    const loginBareResult = await load(loginBare, LOAD_CONNECTIONS, LOAD_SECONDS);
    const hashes = await hashFloor(LOAD_SECONDS, LOAD_CONNECTIONS);
    const ratio = login.requestsPerSecond / hashes;
    out.login = { mock: login, bare: loginBareResult, hashesPerSecond: hashes, ratioToHash: ratio };
    check(
      'login: mock rps / passcode hashes per second',
      `${login.requestsPerSecond.toFixed(1)} / ${hashes.toFixed(1)} = ${ratio.toFixed(2)}x (bare Express ${loginBareResult.requestsPerSecond.toFixed(0)} rps; p50 / p99 ${String(login.p50Ms)} / ${String(login.p99Ms)} ms)`,
      `>= ${String(BUDGETS.load.minLoginToHashRatio)}x`,
      ratio >= BUDGETS.load.minLoginToHashRatio && login.failures === 0,
    );
  } finally {
    await stopServer(bare);
  }
  results.load = { connections: LOAD_CONNECTIONS, seconds: LOAD_SECONDS, ...out };
}

async function main() {
  const webDist = await buildApp(path.join(repo, 'packages', 'web'));
  const refDist = await buildApp(path.join(repo, 'bench', 'reference'));
  const mock = await startServer(['mock', String(MOCK_PORT), webDist]);
  const mockBase = `http://127.0.0.1:${String(MOCK_PORT)}/`;
  try {
    if (only.has('bundle')) await benchBundle(webDist, refDist, mockBase);
    if (only.has('lighthouse')) await benchLighthouse(mockBase, refDist);
    if (only.has('load')) await benchLoad(mockBase);
  } finally {
    await stopServer(mock);
  }

  const width = Math.max(...checks.map((c) => c.what.length));
  console.log('');
  for (const c of checks)
    console.log(`${c.ok ? 'ok  ' : 'MISS'}  ${c.what.padEnd(width)}  ${c.measured}   (budget ${c.budget})`);
  results.checks = checks;
  writeFileSync(path.join(repo, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const missed = checks.filter((c) => !c.ok).length;
  console.log(
    `\n${String(checks.length - missed)} of ${String(checks.length)} budgets hold; results in bench/results.json`,
  );
  process.exitCode = missed > 0 ? 1 : 0;
}

await main();
