/**
 * The patch of @ts-rest/core (decision 0030, `patches/` at the repository's root) removes the private zod 3
 * copy of the pinned release candidate from its ESM build. These tests fail when the pinned version changes,
 * so the patch is looked at again with it, and they show that the patched build still does what the
 * contract's client and server use it for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tsRest from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import pkg from '../package.json' with { type: 'json' };

const PATCHED_VERSION = '3.53.0-rc.1';
const installed = createRequire(import.meta.url).resolve('@ts-rest/core/package.json');

describe('the patched @ts-rest/core', () => {
  it('is the version the patch was made for, pinned exactly', () => {
    expect(pkg.dependencies['@ts-rest/core']).toBe(PATCHED_VERSION);
    const { version } = JSON.parse(readFileSync(installed, 'utf8')) as { version: string };
    expect(version, 'a new @ts-rest/core: check whether it still bundles zod 3, then redo or drop the patch').toBe(
      PATCHED_VERSION,
    );
  });

  it('carries no zod 3 in the ESM build the portal bundles', () => {
    const esm = readFileSync(path.join(path.dirname(installed), 'index.esm.mjs'), 'utf8');
    expect(esm).not.toMatch(/class ZodType\b|class ZodError\b|\bz\.object\(/u);
    expect(Object.keys(tsRest)).not.toContain('ZodErrorSchema');
    expect(Object.keys(tsRest)).not.toContain('RequestValidationErrorSchema');
  });

  it('still builds routers and clients and checks replies with a zod 4 schema', async () => {
    const c = tsRest.initContract();
    const router = c.router({
      ping: { method: 'POST', path: '/ping', body: z.object({}), responses: { 200: z.object({ ok: z.boolean() }) } },
    });
    const ok = tsRest.validateResponse({ appRoute: router.ping, response: { status: 200, body: { ok: true } } });
    expect(ok.body).toEqual({ ok: true });
    expect(() =>
      tsRest.validateResponse({ appRoute: router.ping, response: { status: 200, body: { ok: 'yes' } } }),
    ).toThrow(tsRest.TsRestResponseValidationError);
    const client = tsRest.initClient(router, {
      baseUrl: 'http://bank.test',
      api: () => Promise.resolve({ status: 200, body: { ok: true }, headers: new Headers() }),
    });
    await expect(client.ping({ body: {} })).resolves.toMatchObject({ status: 200, body: { ok: true } });
  });
});
