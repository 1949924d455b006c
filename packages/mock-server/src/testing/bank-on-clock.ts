/**
 * For tests of what depends on time and on who calls (locks, rate limits): a bank on a clock the test
 * moves, and calls sent from a chosen loopback address. Apart from harness.ts, which scripts import too:
 * this module registers vitest's hooks.
 */
import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { API_PATH } from '@ebank/contract';
import type { AppOptions } from '../http/app';
import { startBank, type Harness } from './harness';

/**
 * A bank started once for the file or `describe` block that calls this, on a clock the tests move with
 * `advance`: before each test the clock is back at `start` and the bank is reset (by `reset`, the
 * harness's own by default).
 */
export function bankOnClock(
  start: number,
  options: AppOptions = {},
  reset: (bank: Harness) => Promise<unknown> = (bank) => bank.reset(),
) {
  let now = start;
  let started: Harness | undefined;
  const bank = () => {
    if (!started) throw new Error('The bank is started in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startBank({ ...options, now: () => now });
  });
  afterAll(() => bank().close());
  beforeEach(async () => {
    now = start;
    await reset(bank());
  });
  return {
    bank,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The raw reply to an API call: its status, its Retry-After, and its JSON body. */
export interface RawReply {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: { error?: boolean; jwt?: string; message?: string; code?: string };
}

/** An API call as a form, sent from a given loopback address (the whole 127/8 is this machine). */
export async function callFrom(
  bank: Harness,
  localAddress: string,
  query: string,
  fields: Record<string, string>,
): Promise<RawReply> {
  const agent = new http.Agent({ localAddress });
  try {
    const res = await request(bank.server).post(`/${API_PATH}${query}`).agent(agent).type('form').send(fields);
    return { status: res.status, retryAfter: res.headers['retry-after'], body: res.body as RawReply['body'] };
  } finally {
    agent.destroy();
  }
}
