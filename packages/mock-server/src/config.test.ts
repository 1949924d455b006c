import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config.port).toBe(8080);
    expect(config.app.bank).toMatchObject({
      publicUrl: 'http://localhost:8080/',
      stepUp: { amountAtLeast: 1000, newPayee: false },
      paymentMethods: { 'bank-transfer': false, card: false, cash: false, crypto: true, institutional: true },
    });
    expect(config.app.webRoot).toMatch(/packages\/web\/dist$/u);
  });

  it('reads every variable', () => {
    const config = configFromEnv({
      PORT: '9090',
      MOCK_TOKEN_TTL_MINUTES: '5',
      MOCK_STEP_UP_AMOUNT: 'off',
      MOCK_STEP_UP_NEW_PAYEE: 'true',
      MOCK_SERVICE_CHARGE_PERCENT: '2.5',
      MOCK_PAYMENT_METHODS: 'crypto,card',
      MOCK_LATENCY: '100-200',
      MOCK_FAULT_RATE: '0.1',
      MOCK_PUBLIC_URL: 'https://demo.example',
      MOCK_SANDBOXES_MAX: '20',
      MOCK_SANDBOXES_PER_CLIENT: '3',
    });
    expect(config.port).toBe(9090);
    expect(config.app.sandboxes).toMatchObject({ max: 20, perClient: 3 });
    expect(config.app.bank).toMatchObject({
      tokenTtlMinutes: 5,
      serviceChargePercent: 2.5,
      stepUp: { amountAtLeast: null, newPayee: true },
      paymentMethods: { card: true, crypto: true, institutional: false, cash: false, 'bank-transfer': false },
      publicUrl: 'https://demo.example/',
    });
    expect(config.app.latency).toEqual({ global: { min: 100, max: 200 } });
    expect(config.app.faultRate).toBe(0.1);
  });

  it('reads the e-mail lookup limits per minute, or off', () => {
    expect(configFromEnv({}).app.bank?.lookupLimits).toEqual({
      perClient: { max: 30, windowSeconds: 60 },
      perEmail: { max: 20, windowSeconds: 60 },
    });
    expect(configFromEnv({ MOCK_LOOKUP_PER_CLIENT: '5', MOCK_LOOKUP_PER_EMAIL: 'off' }).app.bank?.lookupLimits).toEqual(
      {
        perClient: { max: 5, windowSeconds: 60 },
        perEmail: { max: null, windowSeconds: 60 },
      },
    );
    for (const bad of ['0', '2.5', '-1', 'many'])
      expect(() => configFromEnv({ MOCK_LOOKUP_PER_CLIENT: bad }), bad).toThrow(/MOCK_LOOKUP_PER_CLIENT must be/u);
  });

  it('reads the limits of sign-in attempts (per minute), e-mails (per 15 minutes) and sign-ups (per 10), or off', () => {
    const bank = configFromEnv({}).app.bank;
    expect(bank?.signInLimits).toEqual({
      perClient: { max: 10, windowSeconds: 60 },
      perEmail: { max: 10, windowSeconds: 60 },
    });
    expect(bank?.mailLimits).toEqual({
      perClient: { max: 20, windowSeconds: 900 },
      perEmail: { max: 5, windowSeconds: 900 },
    });
    expect(bank?.signUpLimits?.perClient).toEqual({ max: 20, windowSeconds: 600 });
    const set = configFromEnv({
      MOCK_SIGNIN_PER_CLIENT: 'off',
      MOCK_SIGNIN_PER_EMAIL: '3',
      MOCK_MAIL_PER_CLIENT: '50',
      MOCK_MAIL_PER_EMAIL: 'off',
      MOCK_SIGNUP_PER_CLIENT: '2',
    }).app.bank;
    expect(set?.signInLimits).toEqual({
      perClient: { max: null, windowSeconds: 60 },
      perEmail: { max: 3, windowSeconds: 60 },
    });
    expect(set?.mailLimits).toEqual({
      perClient: { max: 50, windowSeconds: 900 },
      perEmail: { max: null, windowSeconds: 900 },
    });
    expect(set?.signUpLimits?.perClient).toEqual({ max: 2, windowSeconds: 600 });
    for (const name of [
      'MOCK_SIGNIN_PER_CLIENT',
      'MOCK_SIGNIN_PER_EMAIL',
      'MOCK_MAIL_PER_EMAIL',
      'MOCK_SIGNUP_PER_CLIENT',
    ])
      expect(() => configFromEnv({ [name]: '0' }), name).toThrow(new RegExp(`${name} must be a whole number of`, 'u'));
  });

  it('keeps the bank in memory unless MOCK_STATE_FILE names a file', () => {
    expect(configFromEnv({}).app).not.toHaveProperty('stateFile');
    expect(configFromEnv({ MOCK_STATE_FILE: '' }).app).not.toHaveProperty('stateFile');
    expect(configFromEnv({ MOCK_STATE_FILE: '/srv/demo/bank.json' }).app.stateFile).toBe('/srv/demo/bank.json');
  });

  it('reads a relative MOCK_STATE_FILE from where pnpm was started', () => {
    expect(configFromEnv({ MOCK_STATE_FILE: 'demo/bank.json', INIT_CWD: '/home/staff' }).app.stateFile).toBe(
      '/home/staff/demo/bank.json',
    );
    expect(configFromEnv({ MOCK_STATE_FILE: 'bank.json' }).app.stateFile).toBe(path.resolve('bank.json'));
  });

  it('proxies the API to MOCK_UPSTREAM only when it names an http(s) host', () => {
    expect(configFromEnv({}).app).not.toHaveProperty('upstream');
    expect(configFromEnv({ MOCK_UPSTREAM: '' }).app).not.toHaveProperty('upstream');
    expect(configFromEnv({ MOCK_UPSTREAM: 'https://bank.example/portal/' }).app.upstream).toBe(
      'https://bank.example/portal/',
    );
    expect(configFromEnv({ MOCK_UPSTREAM: 'http://10.0.0.5:8000' }).app.upstream).toBe('http://10.0.0.5:8000/');
    for (const bad of ['bank.example', 'ftp://bank.example/', 'https://bank.example/?crud=x', 'not a url'])
      expect(() => configFromEnv({ MOCK_UPSTREAM: bad }), bad).toThrow(
        'MOCK_UPSTREAM must be the http or https address of the host',
      );
  });

  it('refuses a bad value with a clear message', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow('PORT must be a number');
    expect(() => configFromEnv({ MOCK_FAULT_RATE: '2' })).toThrow('MOCK_FAULT_RATE must be between 0 and 1');
    // A negative number is a number out of range, not something else.
    expect(() => configFromEnv({ MOCK_SANDBOXES_MAX: '-1' })).toThrow('MOCK_SANDBOXES_MAX must be between 1 and 1000');
    expect(() => configFromEnv({ MOCK_PAYMENT_METHODS: 'crypto,barter' })).toThrow(
      /MOCK_PAYMENT_METHODS lists the available methods/u,
    );
    for (const hosts of ['http://demo.local/', 'demo.local/wp-user', 'demo local'])
      expect(() => configFromEnv({ MOCK_ALLOWED_HOSTS: hosts })).toThrow(/^MOCK_ALLOWED_HOSTS lists host names/u);
    expect(() => configFromEnv({ MOCK_WEB_ROOT: '/nonexistent' })).toThrow(
      'MOCK_WEB_ROOT must be the folder of the built portal (with index.html): /nonexistent has none',
    );
  });

  it('takes host names with a port or a leading dot, and a built portal from where pnpm was started', () => {
    expect(configFromEnv({ MOCK_ALLOWED_HOSTS: 'Demo.Local:8080, .example.com' }).app.access?.allowedHosts).toEqual(
      expect.arrayContaining(['demo.local:8080', '.example.com']),
    );
    const root = mkdtempSync(path.join(tmpdir(), 'portal-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
    expect(configFromEnv({ MOCK_WEB_ROOT: path.basename(root), INIT_CWD: tmpdir() }).app.webRoot).toBe(root);
    rmSync(root, { recursive: true });
  });

  it('takes the address of the portal on its dev server instead of a build, and not both', () => {
    const dev = configFromEnv({ MOCK_PORTAL_URL: 'http://localhost:5173/wp-user/' }).app;
    expect(dev.portalUrl).toBe('http://localhost:5173/wp-user/');
    expect(dev.webRoot).toBeUndefined();
    expect(() => configFromEnv({ MOCK_PORTAL_URL: 'localhost:5173' })).toThrow(
      'MOCK_PORTAL_URL must be the http or https address of the portal, such as http://localhost:5173/wp-user/',
    );
    expect(() => configFromEnv({ MOCK_PORTAL_URL: 'http://localhost:5173/wp-user/', MOCK_WEB_ROOT: 'dist' })).toThrow(
      'MOCK_PORTAL_URL and MOCK_WEB_ROOT both say where the portal is: set one of them',
    );
  });
});
