import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bank } from './bank/bank';
import { CATALOGUE, DEMO_PASSCODE, DEMO_PIN } from './bank/seed';
import { refused, seededTestBank, transfer } from './bank/test-bank';
import { TEST_HASH_COST, testApp } from './testing/harness';
import { checkScryptHash } from './older-hashes';

/** A hash as the bank wrote them before PBKDF2 (scrypt, N = 2^10 as the test harness had it). */
function scryptHash(secret: string) {
  const salt = randomBytes(16);
  const key = scryptSync(secret, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('hashes written before PBKDF2', () => {
  it('are checked with scrypt on the server', async () => {
    const stored = scryptHash('123456');
    expect(await checkScryptHash('123456', stored)).toBe(true);
    expect(await checkScryptHash('654321', stored)).toBe(false);
    expect(await checkScryptHash('123456', stored.replace('scrypt$1024', 'scrypt$1048576'))).toBe(false);
    expect(await checkScryptHash('123456', 'pbkdf2-sha256$1000$a$b')).toBe(false);
  });

  it('in a snapshot still sign in, and are replaced by PBKDF2 hashes then (a PIN when a transfer is confirmed)', async () => {
    const { bank } = await seededTestBank();
    const snapshot = bank.snapshot();
    const users = snapshot.users.map((u) =>
      u.email === 'demo@bank.test'
        ? { ...u, passcodeHash: scryptHash(DEMO_PASSCODE), pinHash: scryptHash(DEMO_PIN) }
        : u,
    );
    const old = { ...snapshot, users };
    const options = { catalogue: CATALOGUE, config: { hashCost: TEST_HASH_COST } };

    // Without the server's check (a browser), such a hash cannot be checked: a wrong passcode.
    const browser = Bank.restore(old, options);
    expect((await refused(browser.login('demo@bank.test', DEMO_PASSCODE, false))).status).toBe(400);

    const server = Bank.restore(old, { ...options, olderHashes: checkScryptHash });
    const demo = server.findByEmail('demo@bank.test');
    expect((await refused(server.login('demo@bank.test', '000000', false))).status).toBe(400);
    expect(demo?.passcodeHash).toMatch(/^scrypt\$/u);
    expect((await server.login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe('ok');
    expect(demo?.passcodeHash).toMatch(/^pbkdf2-sha256\$1000\$/u);
    expect((await server.login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe('ok');
    if (!demo) throw new Error('no demo@bank.test');
    expect(demo.pinHash).toMatch(/^scrypt\$/u);
    await server.confirmPin(demo, DEMO_PIN, transfer(5));
    expect(demo.pinHash).toMatch(/^pbkdf2-sha256\$1000\$/u);
    // Brought up to date, the hashes need scrypt no more.
    expect((await Bank.restore(server.snapshot(), options).login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe(
      'ok',
    );
  });

  it('in a state file written before still load, sign in, and are written back as PBKDF2 hashes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-older-'));
    try {
      const file = path.join(dir, 'state.json');
      (await testApp({ stateFile: file })).closeState();
      const written: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (typeof written !== 'object' || written === null || !('users' in written) || !Array.isArray(written.users))
        throw new Error('no users in the state file');
      const users: unknown[] = written.users;
      const old = users.map((u) =>
        typeof u === 'object' && u !== null && 'email' in u && u.email === 'demo@bank.test'
          ? { ...u, passcodeHash: scryptHash(DEMO_PASSCODE) }
          : u,
      );
      fs.writeFileSync(file, JSON.stringify({ ...written, users: old }));

      const app = await testApp({ stateFile: file });
      expect(app.bank().findByEmail('demo@bank.test')?.passcodeHash).toMatch(/^scrypt\$/u);
      expect((await app.bank().login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe('ok');
      app.closeState();
      expect(fs.readFileSync(file, 'utf8')).not.toContain('scrypt$');
      const again = await testApp({ stateFile: file });
      expect((await again.bank().login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe('ok');
      again.closeState();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
