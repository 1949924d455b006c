/**
 * Who may reach the server (access.ts, config.ts, main.ts): allowed host names, no changes from
 * another site's pages, and the staff key in front of the developer endpoints.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { ADMIN_PASSWORD } from '../bank/seed';
import { startBank, testApp, type Harness } from '../testing/harness';
import { isAllowedHost, isLoopback } from './access';
import type { MockApp } from './app';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';

describe('host names', () => {
  let mock: MockApp;
  beforeAll(async () => {
    mock = await testApp({ access: { allowedHosts: ['bank.example', '.demo.example'] } });
  });

  it.each([
    'localhost:8080',
    'localhost',
    '127.0.0.1:8080',
    '[::1]:8080',
    'portal.localhost:8080',
    '192.168.1.20:8080',
    'bank.example',
    'BANK.example:443',
    'demo.example',
    'eu.demo.example',
  ])('answers for %s', async (host) => {
    await request(mock.express).get('/__mock/health').set('Host', host).expect(200);
  });

  it.each(['evil.example', 'evil.example:8080', 'bank.example.evil.example', 'notdemo.example', 'localhost.evil'])(
    'refuses %s on every path, as a JSON error that changes nothing (a DNS-rebinding page names its own host)',
    async (host) => {
      for (const [method, path] of [
        ['get', '/__mock/outbox?to=demo@bank.test'],
        ['post', '/__mock/reset'],
        ['post', '/api/users.php?crud=iduser'],
        ['get', '/wp-user/'],
      ] as const) {
        const res = await request(mock.express)[method](path).set('Host', host).expect(403);
        expect(res.headers['content-type']).toMatch(/^application\/json/u);
        expect(res.body).toMatchObject({ error: true, code: 'forbidden_host' });
        expect((res.body as { message: string }).message).toContain('MOCK_ALLOWED_HOSTS');
      }
    },
  );

  it('tells loopback addresses from others', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'a.localhost'].map(isLoopback)).toEqual(
      Array(6).fill(true),
    );
    expect(['0.0.0.0', '::', '192.168.1.20', 'bank.example', 'localhost.evil'].map(isLoopback)).toEqual(
      Array(5).fill(false),
    );
    expect(isAllowedHost(undefined, [])).toBe(true);
  });
});

describe('changes from another site', () => {
  let mock: MockApp;
  beforeAll(async () => {
    mock = await testApp({ access: { allowedHosts: ['bank.example'] } });
  });
  const clockOffset = async () =>
    ((await request(mock.express).get('/__mock/clock').expect(200)).body as { offsetMinutes: number }).offsetMinutes;

  it.each([
    ['Sec-Fetch-Site', 'cross-site'],
    ['Sec-Fetch-Site', 'same-site'],
    ['Sec-Fetch-Site', 'garbage'],
    ['Origin', 'http://evil.example'],
    ['Origin', 'http://localhost:5173'],
    ['Origin', 'null'],
  ])('refuses a change marked %s: %s, and changes nothing', async (name, value) => {
    const res = await request(mock.express)
      .post('/__mock/clock')
      .set(name, value)
      .send({ advanceMinutes: 60 })
      .expect(403);
    expect(res.body).toMatchObject({ error: true, code: 'forbidden_origin' });
    expect(await clockOffset()).toBe(0);
  });

  it('refuses a plain HTML form posted from another site (no preflight): the KYC case stays pending', async () => {
    await request(mock.express)
      .post('/__mock/staff/kyc/kyc-pending@bank.test/approve')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('')
      .expect(403);
    await request(mock.express).post('/__mock/reset').set('Origin', 'null').expect(403);
    const state = (await request(mock.express).get('/__mock/staff/state').expect(200)).body as {
      kyc: { email: string }[];
    };
    expect(state.kyc.map((k) => k.email)).toContain('kyc-pending@bank.test');
  });

  it("takes changes from the server's own pages, from its public host, and from scripts", async () => {
    await request(mock.express)
      .post('/__mock/clock')
      .set('Host', 'localhost:8080')
      .set('Origin', 'http://localhost:8080')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ advanceMinutes: 1 })
      .expect(200);
    await request(mock.express)
      .post('/__mock/clock')
      .set('Origin', 'https://bank.example')
      .send({ advanceMinutes: 1 })
      .expect(200);
    await request(mock.express).post('/__mock/clock').send({ advanceMinutes: 1 }).expect(200);
    // The portal's dev server forwards its pages' requests: the browser saw one origin.
    await request(mock.express)
      .post('/__mock/clock')
      .set('Origin', 'http://localhost:5173')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ advanceMinutes: 1 })
      .expect(200);
    expect(await clockOffset()).toBe(4);
    await request(mock.express).post('/__mock/clock').send({ reset: true }).expect(200);
  });

  it('lets another site read nothing more than before (reads need no mark; the browser keeps the reply)', async () => {
    await request(mock.express).get('/__mock/health').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });
});

describe('the staff key', () => {
  let bank: Harness;
  beforeAll(async () => {
    bank = await startBank({ access: { staffKey: STAFF_KEY } });
  });
  afterAll(async () => {
    await bank.close();
  });
  const get = (path: string) => request(bank.server).get(path);

  it.each([
    ['get', '/__mock/outbox?to=demo@bank.test'],
    ['get', '/__mock/staff/state'],
    ['get', '/__mock/journal'],
    ['get', '/__mock/clock'],
    ['get', '/__mock/snapshots'],
    ['get', '/__mock/openapi.json'],
    ['post', '/__mock/reset'],
    ['post', '/__mock/staff/kyc/kyc-pending@bank.test/approve'],
    ['get', '/__MOCK/outbox'],
    ['get', '/__mock/Outbox/'],
  ] as const)('%s %s needs it: 401 JSON without it', async (method, path) => {
    const res = await request(bank.server)[method](path).expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /u);
    expect(res.body).toMatchObject({ error: true, code: 'unauthorized' });
  });

  it('opens them with the key, and with an admin token; not with a wrong key or a customer token', async () => {
    await get('/__mock/outbox?to=demo@bank.test').set('Authorization', `Bearer ${STAFF_KEY}`).expect(200);
    await get('/__mock/outbox').set('Authorization', `bearer ${STAFF_KEY}`).expect(200);
    const admin = await bank.login('admin@bank.test', STAFF_KEY);
    await get('/__mock/staff/state').set('Authorization', `Bearer ${admin}`).expect(200);
    const customer = await bank.login('demo@bank.test');
    await get('/__mock/staff/state').set('Authorization', `Bearer ${customer}`).expect(401);
    await get('/__mock/outbox').set('Authorization', `Bearer ${STAFF_KEY}x`).expect(401);
    await get('/__mock/outbox').set('Authorization', STAFF_KEY).expect(401);
    await get('/__mock/outbox').set('Authorization', `Basic ${STAFF_KEY}`).expect(401);
  });

  it('keeps the admin signed in after moving the clock: their own session runs on real time', async () => {
    const admin = await bank.login('admin@bank.test', STAFF_KEY);
    const asAdmin = (req: request.Test) => req.set('Authorization', `Bearer ${admin}`);
    try {
      await asAdmin(
        request(bank.server)
          .post('/__mock/clock')
          .send({ advanceMinutes: 24 * 60 }),
      ).expect(200);
      await asAdmin(get('/__mock/snapshots')).expect(200);
      await asAdmin(request(bank.server).post('/__mock/clock').send({ reset: true })).expect(200);
      await asAdmin(get('/__mock/staff/state')).expect(200);
    } finally {
      await request(bank.server)
        .post('/__mock/clock')
        .set('Authorization', `Bearer ${STAFF_KEY}`)
        .send({ reset: true });
    }
  });

  it('signs the admin in with the key, not with the published password', async () => {
    const refused = await request(bank.server)
      .post('/api/users.php?crud=userlogin')
      .type('form')
      .send({ email: 'admin@bank.test', password: ADMIN_PASSWORD, remeber: '0' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).not.toHaveProperty('jwt');
  });

  it('leaves open the health check, uploaded pictures and the way from the staff address to the admin area', async () => {
    await get('/__mock/health').expect(200);
    await get('/__mock/staff/').expect(302).expect('Location', '/wp-user/admin/');
    await get('/__mock/staff/staff.js').expect(401);
    const state = (await get('/__mock/staff/state').set('Authorization', `Bearer ${STAFF_KEY}`).expect(200)).body as {
      kyc: { documents: string[] }[];
    };
    const picture = state.kyc[0]?.documents[0];
    if (!picture) throw new Error('the seeded bank has a KYC case with documents');
    await get(new URL(picture, 'http://localhost').pathname).expect(200);
  });

  it('keeps the API as it is: a customer signs in and reads their data without the key', async () => {
    const token = await bank.login('demo@bank.test');
    const reply = await bank.client({ user: token }).call('getInstitution', {});
    expect(reply).toBeTruthy();
  });
});

describe('without a staff key (loopback)', () => {
  it('the developer endpoints stay open to local scripts', async () => {
    const mock = await testApp();
    await request(mock.express).get('/__mock/outbox?to=demo@bank.test').expect(200);
    await request(mock.express).post('/__mock/reset').expect(200);
  });
});

describe('the configuration', () => {
  it('listens on loopback with no key by default, and allows the public address', () => {
    const config = configFromEnv({
      MOCK_PUBLIC_URL: 'https://bank.example:8443/x/',
      MOCK_ALLOWED_HOSTS: 'a.example, .b.example',
    });
    expect(config.host).toBeUndefined();
    expect(config.app.access?.staffKey).toBeUndefined();
    expect(config.app.access?.allowedHosts).toEqual(['bank.example:8443', 'a.example', '.b.example']);
  });

  it('needs a staff key of 16 characters or more to listen beyond loopback', () => {
    expect(() => configFromEnv({ MOCK_HOST: '0.0.0.0' })).toThrow(
      'MOCK_HOST=0.0.0.0 opens the developer endpoints to the network: set MOCK_STAFF_KEY (16 characters or more) too',
    );
    expect(() => configFromEnv({ MOCK_HOST: '192.168.1.20', MOCK_STAFF_KEY: 'short' })).toThrow(
      'MOCK_STAFF_KEY must be at least 16 characters long',
    );
    const config = configFromEnv({ MOCK_HOST: '0.0.0.0', MOCK_STAFF_KEY: STAFF_KEY });
    expect(config.host).toBe('0.0.0.0');
    expect(config.app.access).toMatchObject({ staffKey: STAFF_KEY });
    expect(configFromEnv({ MOCK_HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('the server stops with one line naming the variable, and status 2', async () => {
    const packageDir = fileURLToPath(new URL('../..', import.meta.url));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        path.join(packageDir, 'node_modules/.bin/tsx'),
        ['src/main.ts'],
        {
          cwd: packageDir,
          env: { ...process.env, MOCK_HOST: '0.0.0.0', MOCK_STAFF_KEY: '', PORT: '1' },
          timeout: 60_000,
        },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('MOCK_STAFF_KEY');
  });
});
