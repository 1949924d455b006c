/** The command line of the conformance check, read with node:util's parseArgs. */
import { SANDBOX_NAME, SANDBOX_NAME_RULE, type WireEncoding } from '@ebank/contract';
import { readArgs } from '../cli-args';
import { CHECK_AMOUNT, DEMO_ACCOUNT, type CheckOptions } from './check';

export const USAGE = `Usage: pnpm contract:check --base URL [--email E --passcode P] [--pin PIN] [--read-only]
                           [--sandbox NAME] [--encoding urlencoded|multipart] [--junit FILE] [--json]

Fires every operation of the contract at the host at URL (its API base: the calls go to URL/api/users.php)
exactly as the portal sends them, and checks every reply against the contract.

  --base URL        the host's API base, http or https
  --email E         the account to sign in with (default ${DEMO_ACCOUNT.email})
  --passcode P      its passcode (default ${DEMO_ACCOUNT.passcode}; required with --email)
  --pin PIN         its transaction PIN, for the transfer's confirmation (default ${DEMO_ACCOUNT.pin})
  --read-only       fire only the queries (and the sign-in): nothing on the account changes
  --sandbox NAME    against the mock: send every request to this sandbox of it (X-Mock-Sandbox), made
                    from the seed at its first use and kept; the writes then change nothing else there,
                    and a new name per run (ci-$RUN_ID) starts every run from the same bank
  --encoding E      body encoding when no file is sent (default urlencoded, as the portal)
  --junit FILE      also write a JUnit XML report to FILE, for CI: one test case per row, a failure
                    with the row's zod issues for each failed row
  --json            print the rows as a JSON array instead of the table (one object per row:
                    operation, wire, status, ok, skipped, checkedAgainst, issues, note, durationMs);
                    everything else goes to stderr, so the output pipes into jq
  --help            this text

Without --read-only the writes are fired too, after the reads: they change the account (a transfer and
deposits of ${CHECK_AMOUNT}, a new sign-up, a new profile picture).

When nothing answers at URL (nothing listens there, the name does not resolve), the check stops at its
first request and says so in one line with the network's error, instead of printing rows; --json then
prints nothing on stdout, and --junit writes one test case in error instead of one per row. So it does
when the sign-in is answered 404: the API is not at URL (or the account is unknown there).

Exit code 0 when every row passes, 1 otherwise, 2 when the check could not run: bad usage, nothing
answered at URL, or the sign-in was answered 404; 2 also when the --junit report could not be written.`;

/** The reports a run writes besides (or, with `json`, instead of) the table. */
export interface ReportOptions {
  /** Where to write the JUnit XML report, if anywhere. */
  readonly junit: string | undefined;
  /** Print the rows as JSON instead of the table. */
  readonly json: boolean;
}

export type ParsedArgs =
  | { readonly ok: true; readonly help: true }
  | { readonly ok: true; readonly help: false; readonly options: CheckOptions; readonly reports: ReportOptions }
  | { readonly ok: false; readonly message: string };

const ENCODINGS: readonly WireEncoding[] = ['urlencoded', 'multipart'];

export function parseCheckArgs(argv: readonly string[]): ParsedArgs {
  const read = readArgs(argv, {
    base: { type: 'string' },
    email: { type: 'string' },
    passcode: { type: 'string' },
    pin: { type: 'string' },
    'read-only': { type: 'boolean', default: false },
    sandbox: { type: 'string' },
    encoding: { type: 'string' },
  });
  if (!read.ok) return read;
  const { values } = read;
  if (values.help) return { ok: true, help: true };
  if (values.base === undefined) return { ok: false, message: '--base URL is required' };
  let url: URL;
  try {
    url = new URL(values.base);
  } catch {
    return { ok: false, message: `--base must be a URL such as http://localhost:8080/, not '${values.base}'` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `--base must be an http or https URL, not '${values.base}'` };
  if ((values.email === undefined) !== (values.passcode === undefined))
    return { ok: false, message: '--email and --passcode go together' };
  const encoding = values.encoding;
  if (encoding !== undefined && !(ENCODINGS as readonly string[]).includes(encoding))
    return { ok: false, message: `--encoding must be ${ENCODINGS.join(' or ')}, not '${encoding}'` };
  if (values.pin !== undefined && !/^\d{4}$/u.test(values.pin)) return { ok: false, message: '--pin must be 4 digits' };
  if (values.sandbox !== undefined && !SANDBOX_NAME.test(values.sandbox))
    return { ok: false, message: `--sandbox ${SANDBOX_NAME_RULE}, not '${values.sandbox}'` };
  return {
    ok: true,
    help: false,
    options: {
      base: values.base,
      email: values.email,
      passcode: values.passcode,
      pin: values.pin,
      readOnly: values['read-only'],
      sandbox: values.sandbox,
      encoding: encoding as WireEncoding | undefined,
    },
    reports: { junit: values.junit, json: values.json },
  };
}
