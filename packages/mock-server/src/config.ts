/** The server's configuration, from environment variables (documented in the README). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import type { AppOptions } from './http/app';
import { parseLatency } from './http/faults';
import { isLoopback } from './http/access';
import { PAYMENT_METHODS, type PaymentMethod } from './bank/model';
import { DEFAULT_BANK_CONFIG, type RateLimit } from './bank/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the build of the portal is: the repository's by default. */
export const DEFAULT_WEB_ROOT = path.resolve(here, '../../web/dist');

/**
 * The built portal to serve: MOCK_WEB_ROOT (relative to where pnpm was started, like the state file), which
 * must hold the build, else the repository's build, which may be missing (the server then says so).
 */
function webRootOf(dir: string | undefined, initCwd: string | undefined): string {
  if (dir === undefined) return DEFAULT_WEB_ROOT;
  const root = path.resolve(initCwd ?? process.cwd(), dir);
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`MOCK_WEB_ROOT must be the folder of the built portal (with index.html): ${root} has none`);
  return root;
}

const number = (name: string, min: number, max: number) =>
  z
    .pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/u, `${name} must be a number`)), z.transform(Number))
    .check(z.refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`));
const bool = (name: string) =>
  z.pipe(
    z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: `${name} must be true or false` }),
    z.transform((s) => ['1', 'true', 'yes'].includes(s)),
  );

/** An http(s) address without query or fragment, to put `api/users.php` after. */
const isHttpBase = (s: string) =>
  URL.canParse(s) && ['http:', 'https:'].includes(new URL(s).protocol) && !/[?#]/u.test(s);

/** A limit of calls in a window (`what`: 'lookups per minute'), or `off` for none. */
const callLimit = (name: string, what: string) =>
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (s) => s === 'off' || (/^\d{1,6}$/u.test(s) && Number(s) >= 1),
          `${name} must be a whole number of ${what} (1 or more), or off`,
        ),
      ),
    z.transform((s) => (s === 'off' ? null : Number(s))),
  );

/** A host name, with a leading dot for its subdomains and an optional port: `demo.local`, `.example.com`. */
const HOST_NAME = /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/u;

/** A comma-separated list of host names. */
const hostList = z
  .pipe(
    z.string(),
    z.transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  )
  .check(
    z.refine(
      (hosts) => hosts.every((host) => HOST_NAME.test(host)),
      'MOCK_ALLOWED_HOSTS lists host names separated by commas (demo.local, or .example.com for its subdomains), not addresses such as http://demo.local/',
    ),
  );

const EnvSchema = z.object({
  PORT: z.optional(number('PORT', 1, 65535)),
  MOCK_HOST: z.optional(
    z.string().check(
      z.trim(),
      z.minLength(1, 'MOCK_HOST must name an address to listen on, such as 0.0.0.0'),
      z.refine((s) => !/[\s/]/u.test(s), 'MOCK_HOST must be an address or host name, such as 0.0.0.0'),
    ),
  ),
  MOCK_STAFF_KEY: z.optional(
    z.string().check(
      z.minLength(16, 'MOCK_STAFF_KEY must be at least 16 characters long'),
      z.refine((s) => !/\s/u.test(s), 'MOCK_STAFF_KEY must not contain spaces'),
    ),
  ),
  MOCK_ALLOWED_HOSTS: z.optional(hostList),
  MOCK_PUBLIC_URL: z.optional(z.url('MOCK_PUBLIC_URL must be a URL')),
  MOCK_WEB_ROOT: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'MOCK_WEB_ROOT must name the folder of the built portal')),
  ),
  MOCK_PORTAL_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          isHttpBase,
          'MOCK_PORTAL_URL must be the http or https address of the portal, such as http://localhost:5173/wp-user/',
        ),
      ),
  ),
  MOCK_TOKEN_TTL_MINUTES: z.optional(number('MOCK_TOKEN_TTL_MINUTES', 1, 7 * 24 * 60)),
  MOCK_STEP_UP_AMOUNT: z.optional(z.union([z.literal('off'), number('MOCK_STEP_UP_AMOUNT', 0, 1e12)])),
  MOCK_STEP_UP_NEW_PAYEE: z.optional(bool('MOCK_STEP_UP_NEW_PAYEE')),
  MOCK_SERVICE_CHARGE_PERCENT: z.optional(number('MOCK_SERVICE_CHARGE_PERCENT', 0, 100)),
  MOCK_PAYMENT_METHODS: z.optional(
    z
      .pipe(
        z.string(),
        z.transform((s) =>
          s
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      )
      .check(
        z.refine((list) => list.every((m) => (PAYMENT_METHODS as readonly string[]).includes(m)), {
          message: `MOCK_PAYMENT_METHODS lists the available methods among ${PAYMENT_METHODS.join(', ')}`,
        }),
      ),
  ),
  MOCK_LATENCY: z.optional(z.string()),
  MOCK_FAULT_RATE: z.optional(number('MOCK_FAULT_RATE', 0, 1)),
  MOCK_LOOKUP_PER_CLIENT: z.optional(callLimit('MOCK_LOOKUP_PER_CLIENT', 'lookups per minute')),
  MOCK_LOOKUP_PER_EMAIL: z.optional(callLimit('MOCK_LOOKUP_PER_EMAIL', 'lookups per minute')),
  MOCK_SIGNIN_PER_CLIENT: z.optional(callLimit('MOCK_SIGNIN_PER_CLIENT', 'sign-in attempts per minute')),
  MOCK_SIGNIN_PER_EMAIL: z.optional(callLimit('MOCK_SIGNIN_PER_EMAIL', 'sign-in attempts per minute')),
  MOCK_MAIL_PER_CLIENT: z.optional(callLimit('MOCK_MAIL_PER_CLIENT', 'e-mails per 15 minutes')),
  MOCK_MAIL_PER_EMAIL: z.optional(callLimit('MOCK_MAIL_PER_EMAIL', 'e-mails per 15 minutes')),
  MOCK_SIGNUP_PER_CLIENT: z.optional(callLimit('MOCK_SIGNUP_PER_CLIENT', 'sign-ups per 10 minutes')),
  MOCK_STATE_FILE: z.optional(z.string()),
  MOCK_SANDBOX_PER_VISITOR: z.optional(bool('MOCK_SANDBOX_PER_VISITOR')),
  MOCK_SANDBOX_IDLE_MINUTES: z.optional(number('MOCK_SANDBOX_IDLE_MINUTES', 1, 7 * 24 * 60)),
  MOCK_SANDBOXES_MAX: z.optional(number('MOCK_SANDBOXES_MAX', 1, 1000)),
  MOCK_SANDBOXES_PER_CLIENT: z.optional(number('MOCK_SANDBOXES_PER_CLIENT', 1, 1000)),
  MOCK_UPSTREAM: z.optional(
    z.string().check(
      z.refine((s) => s === '' || isHttpBase(s), {
        message: 'MOCK_UPSTREAM must be the http or https address of the host, such as https://bank.example/',
      }),
    ),
  ),
  MOCK_RECORD_DIR: z.optional(z.string().check(z.trim(), z.minLength(1, 'MOCK_RECORD_DIR must name a folder'))),
});

export interface ServerConfig {
  readonly port: number;
  /** Where to listen (MOCK_HOST); undefined: loopback only, both 127.0.0.1 and ::1. */
  readonly host: string | undefined;
  readonly app: AppOptions;
}

/** A limit from its variable, in the default's window: the default when unset, none for `off`. */
const callLimitOf = (max: number | null | undefined, fallback: RateLimit): RateLimit =>
  max === undefined ? fallback : { max, windowSeconds: fallback.windowSeconds };

export function configFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  const e = parsed.data;
  if (e.MOCK_HOST !== undefined && !isLoopback(e.MOCK_HOST) && e.MOCK_STAFF_KEY === undefined)
    throw new Error(
      `MOCK_HOST=${e.MOCK_HOST} opens the developer endpoints to the network: set MOCK_STAFF_KEY (16 characters or more) too`,
    );
  if (e.MOCK_PORTAL_URL !== undefined && e.MOCK_WEB_ROOT !== undefined)
    throw new Error('MOCK_PORTAL_URL and MOCK_WEB_ROOT both say where the portal is: set one of them');
  if (e.MOCK_RECORD_DIR !== undefined && !e.MOCK_UPSTREAM)
    throw new Error('MOCK_RECORD_DIR records what the proxy forwards: set MOCK_UPSTREAM too');
  const port = e.PORT ?? 8080;
  const methods = e.MOCK_PAYMENT_METHODS;
  const paymentMethods = methods
    ? (Object.fromEntries(PAYMENT_METHODS.map((m) => [m, methods.includes(m)])) as Record<PaymentMethod, boolean>)
    : DEFAULT_BANK_CONFIG.paymentMethods;
  const publicUrl = e.MOCK_PUBLIC_URL ?? `http://localhost:${port}/`;
  const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
  const allowedHosts = [
    ...(e.MOCK_HOST === undefined ? [] : [e.MOCK_HOST]),
    new URL(publicUrl).host,
    ...(e.MOCK_ALLOWED_HOSTS ?? []),
  ];
  return {
    port,
    host: e.MOCK_HOST,
    app: {
      access: { staffKey: e.MOCK_STAFF_KEY, allowedHosts },
      ...(e.MOCK_PORTAL_URL === undefined
        ? { webRoot: webRootOf(e.MOCK_WEB_ROOT, env.INIT_CWD) }
        : { portalUrl: withSlash(e.MOCK_PORTAL_URL) }),
      bank: {
        publicUrl: withSlash(publicUrl),
        paymentMethods,
        ...(e.MOCK_TOKEN_TTL_MINUTES === undefined ? {} : { tokenTtlMinutes: e.MOCK_TOKEN_TTL_MINUTES }),
        ...(e.MOCK_SERVICE_CHARGE_PERCENT === undefined ? {} : { serviceChargePercent: e.MOCK_SERVICE_CHARGE_PERCENT }),
        stepUp: {
          amountAtLeast:
            e.MOCK_STEP_UP_AMOUNT === undefined
              ? DEFAULT_BANK_CONFIG.stepUp.amountAtLeast
              : e.MOCK_STEP_UP_AMOUNT === 'off'
                ? null
                : e.MOCK_STEP_UP_AMOUNT,
          newPayee: e.MOCK_STEP_UP_NEW_PAYEE ?? DEFAULT_BANK_CONFIG.stepUp.newPayee,
        },
        lookupLimits: {
          perClient: callLimitOf(e.MOCK_LOOKUP_PER_CLIENT, DEFAULT_BANK_CONFIG.lookupLimits.perClient),
          perEmail: callLimitOf(e.MOCK_LOOKUP_PER_EMAIL, DEFAULT_BANK_CONFIG.lookupLimits.perEmail),
        },
        signInLimits: {
          perClient: callLimitOf(e.MOCK_SIGNIN_PER_CLIENT, DEFAULT_BANK_CONFIG.signInLimits.perClient),
          perEmail: callLimitOf(e.MOCK_SIGNIN_PER_EMAIL, DEFAULT_BANK_CONFIG.signInLimits.perEmail),
        },
        mailLimits: {
          perClient: callLimitOf(e.MOCK_MAIL_PER_CLIENT, DEFAULT_BANK_CONFIG.mailLimits.perClient),
          perEmail: callLimitOf(e.MOCK_MAIL_PER_EMAIL, DEFAULT_BANK_CONFIG.mailLimits.perEmail),
        },
        signUpLimits: {
          perClient: callLimitOf(e.MOCK_SIGNUP_PER_CLIENT, DEFAULT_BANK_CONFIG.signUpLimits.perClient),
          perEmail: DEFAULT_BANK_CONFIG.signUpLimits.perEmail,
        },
      },
      ...(e.MOCK_LATENCY ? { latency: parseLatency(e.MOCK_LATENCY) } : {}),
      ...(e.MOCK_FAULT_RATE === undefined ? {} : { faultRate: e.MOCK_FAULT_RATE }),
      // A relative path is from where pnpm was started (INIT_CWD), not from this package.
      // Sandboxes (http/sandboxes.ts): a bank per visitor or per test, beside the default one.
      sandboxes: {
        perVisitor: e.MOCK_SANDBOX_PER_VISITOR ?? false,
        ...(e.MOCK_SANDBOX_IDLE_MINUTES === undefined ? {} : { idleMinutes: e.MOCK_SANDBOX_IDLE_MINUTES }),
        ...(e.MOCK_SANDBOXES_MAX === undefined ? {} : { max: e.MOCK_SANDBOXES_MAX }),
        ...(e.MOCK_SANDBOXES_PER_CLIENT === undefined ? {} : { perClient: e.MOCK_SANDBOXES_PER_CLIENT }),
      },
      ...(e.MOCK_STATE_FILE ? { stateFile: path.resolve(env.INIT_CWD ?? process.cwd(), e.MOCK_STATE_FILE) } : {}),
      // The validating proxy (http/proxy.ts): the API goes to this host, checked against the contract both ways.
      ...(e.MOCK_UPSTREAM ? { upstream: e.MOCK_UPSTREAM.endsWith('/') ? e.MOCK_UPSTREAM : `${e.MOCK_UPSTREAM}/` } : {}),
      // The proxy's recording (http/recorder.ts), for `pnpm contract:drift`; relative to INIT_CWD like the state file.
      ...(e.MOCK_RECORD_DIR ? { recordDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.MOCK_RECORD_DIR) } : {}),
    },
  };
}
