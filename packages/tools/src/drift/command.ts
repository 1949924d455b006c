/**
 * `pnpm contract:drift --recording DIR --base URL [--email E[,E...]] [--passcode P] [--pin PIN]
 * [--sandbox NAME] [--junit FILE] [--json]`: replays a recording of the validating proxy against a mock, in
 * a sandbox of its own there, and reports, per operation, where the replies differ (compare.ts). Prints the
 * table, or the rows as JSON; exit code 0 when nothing drifts, 1 otherwise (or when a file of the recording
 * cannot be read), 2 on bad usage: a folder that holds no recording is one, and so is a mock that does not
 * answer or refuses the personas' sign-in, so that neither passes in CI as a run in which nothing drifts,
 * and so is a JUnit report that cannot be written. A run that compared nothing still writes its JUnit
 * report: one case in error that says why.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SANDBOX_NAME, SANDBOX_NAME_RULE } from '@ebank/contract';
import { answerUsage, describeError, readArgs, UNWRITABLE_REPORT, writeReport } from '../cli-args';
import { NotARecording, readRecording, type Recording } from './recording';
import { DEFAULT_PERSONA, driftRows, noDrift, replayRecording, ReplayStopped, signInAddresses } from './replay';
import { driftSummary, formatDriftErrorJUnit, formatDriftJson, formatDriftJUnit, formatDriftTable } from './report';

export const DRIFT_USAGE = `Usage: pnpm contract:drift --recording DIR --base URL [--email E[,E...]] [--passcode P] [--pin PIN]
                           [--sandbox NAME] [--junit FILE] [--json]

Replays the requests the validating proxy recorded (MOCK_UPSTREAM with MOCK_RECORD_DIR=DIR) against the
mock at URL, in the order they were recorded, and compares each reply with the recorded one: the status,
the shape (keys and types, at any depth) and the values that should agree (fees and percentages, statuses,
messages). Ids, times, tokens, balances and pseudonymised personal data may differ; a value a request took
from an earlier reply (a notification's id) is sent as the mock's reply gave it. The replay runs in a
sandbox of the mock's own, made for it and removed after it, so it changes nothing else there and can
run again.

  --recording DIR   the folder the proxy recorded into (with its recording.json)
  --base URL        the mock's API base, http or https
  --email E[,E...]  the address each recorded persona signs in with on the mock, in the order
                    recording.json lists their pseudonyms; the personas past the list, and requests whose
                    persona is unknown, use the first (default ${DEFAULT_PERSONA.email})
  --passcode P      the personas' passcode on the mock (default ${DEFAULT_PERSONA.passcode})
  --pin PIN         their transaction PIN (default ${DEFAULT_PERSONA.pin})
  --sandbox NAME    replay in this sandbox of the mock, which is kept (default: a new one, drift-<8 hex
                    digits>, removed at the end)
  --junit FILE      also write a JUnit XML report to FILE: one test case per operation (one case in
                    error when the recording cannot be read or the replay cannot start)
  --json            print the rows as a JSON array instead of the table (operation, wire, exchanges,
                    replayed, ok, skipped, differences); everything else goes to stderr
  --help            this text

Exit code 0 when no operation drifts, 1 otherwise, 2 on bad usage (a folder with no recording too, a
--junit report that cannot be written) and when the replay cannot start: nothing answers at URL, or the
mock refuses a persona's sign-in.`;

export interface DriftIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Where relative paths start from. */
  readonly cwd: string;
  readonly fetch?: typeof fetch | undefined;
}

type Parsed =
  | { readonly ok: true; readonly help: true }
  | {
      readonly ok: true;
      readonly help: false;
      readonly recording: string;
      readonly base: string;
      readonly emails: readonly string[] | undefined;
      readonly passcode: string | undefined;
      readonly pin: string | undefined;
      readonly sandbox: string | undefined;
      readonly junit: string | undefined;
      readonly json: boolean;
    }
  | { readonly ok: false; readonly message: string };

export function parseDriftArgs(argv: readonly string[]): Parsed {
  const read = readArgs(argv, {
    recording: { type: 'string' },
    base: { type: 'string' },
    email: { type: 'string' },
    passcode: { type: 'string' },
    pin: { type: 'string' },
    sandbox: { type: 'string' },
  });
  if (!read.ok) return read;
  const { values } = read;
  if (values.help) return { ok: true, help: true };
  if (values.recording === undefined || values.recording.trim() === '')
    return { ok: false, message: '--recording DIR is required' };
  if (values.base === undefined) return { ok: false, message: '--base URL is required' };
  if (!URL.canParse(values.base) || !['http:', 'https:'].includes(new URL(values.base).protocol))
    return {
      ok: false,
      message: `--base must be an http or https URL such as http://localhost:8080/, not '${values.base}'`,
    };
  if (values.pin !== undefined && !/^\d{4}$/u.test(values.pin)) return { ok: false, message: '--pin must be 4 digits' };
  if (values.sandbox !== undefined && !SANDBOX_NAME.test(values.sandbox))
    return { ok: false, message: `--sandbox ${SANDBOX_NAME_RULE}, not '${values.sandbox}'` };
  const emails = values.email?.split(',').map((e) => e.trim());
  if (emails?.some((e) => !/^[^\s@]+@[^\s@]+$/u.test(e)))
    return { ok: false, message: `--email must be e-mail addresses separated by commas, not '${values.email}'` };
  return {
    ok: true,
    help: false,
    recording: values.recording,
    base: values.base,
    emails,
    passcode: values.passcode,
    pin: values.pin,
    sandbox: values.sandbox,
    junit: values.junit,
    json: values.json,
  };
}

export async function runDrift(argv: readonly string[], io: DriftIo): Promise<number> {
  const parsed = parseDriftArgs(argv);
  if (!parsed.ok || parsed.help) return answerUsage(parsed, DRIFT_USAGE, io);
  const say = parsed.json ? io.stderr : io.stdout;
  const dir = path.resolve(io.cwd, parsed.recording);
  const startedAt = new Date();
  const start = performance.now();
  const suite = () => ({ recording: dir, base: parsed.base, startedAt, durationMs: performance.now() - start });
  /** A run that compared nothing: why, in one line, and in the JUnit report when one is asked for. */
  const stopped = async (stage: 'recording' | 'replay', message: string, code: number) => {
    io.stderr(`${message}\n`);
    if (parsed.junit === undefined) return code;
    const written = await writeReport(io, parsed.junit, formatDriftErrorJUnit(suite(), stage, message));
    if (written === undefined) return UNWRITABLE_REPORT;
    io.stderr(`JUnit report written to ${written} (1 test, 1 error, nothing compared)\n`);
    return code;
  };
  let recording: Recording;
  try {
    recording = await readRecording(dir);
  } catch (error) {
    // A wrong folder is the caller's mistake (bad usage); a broken file in a recording is not.
    if (error instanceof NotARecording) return stopped('recording', error.message, 2);
    return stopped('recording', `Cannot read the recording in ${dir}: ${describeError(error)}`, 1);
  }
  // A sandbox of its own unless one is named: the replay's writes then change nothing else on the mock.
  const sandbox = parsed.sandbox ?? `drift-${randomBytes(4).toString('hex')}`;
  say(`Replaying ${recording.exchanges.length} exchanges from ${dir} against ${parsed.base} in sandbox ${sandbox}\n`);
  // The recording names personas by pseudonym only: say which address stands for each.
  const { byPseudonym, fallback } = signInAddresses(recording, parsed.emails);
  for (const [pseudonym, email] of byPseudonym) say(`Signing in as ${email} for ${pseudonym}\n`);
  if (byPseudonym.size === 0) say(`Signing in as ${fallback} (recording.json lists no persona)\n`);
  say('\n');

  let results: Awaited<ReturnType<typeof replayRecording>>;
  try {
    results = await replayRecording({
      recording,
      base: parsed.base,
      emails: parsed.emails,
      passcode: parsed.passcode,
      pin: parsed.pin,
      sandbox,
      fetch: io.fetch,
    });
  } catch (error) {
    if (!(error instanceof ReplayStopped)) throw error;
    return await stopped('replay', error.message, 2);
  } finally {
    if (parsed.sandbox === undefined) await removeSandbox(parsed.base, sandbox, io.fetch);
  }
  const rows = driftRows(results);
  if (parsed.json) {
    io.stdout(formatDriftJson(rows));
    io.stderr(`${driftSummary(rows)}\n`);
  } else io.stdout(`${formatDriftTable(rows)}\n`);

  if (parsed.junit !== undefined) {
    const written = await writeReport(io, parsed.junit, formatDriftJUnit(rows, suite()));
    if (written === undefined) return UNWRITABLE_REPORT;
    io.stderr(`JUnit report written to ${written} (${rows.length} operations)\n`);
  }
  return noDrift(rows) ? 0 : 1;
}

/**
 * Removes the sandbox the replay made. A mock with a staff key refuses this without it: the sandbox then
 * goes once idle (MOCK_SANDBOX_IDLE_MINUTES), which harms nothing, so a refusal is not the run's failure.
 */
async function removeSandbox(base: string, name: string, doFetch: typeof fetch | undefined) {
  const url = new URL(`__mock/sandboxes/${name}`, base.endsWith('/') ? base : `${base}/`);
  await (doFetch ?? fetch)(url, { method: 'DELETE' }).catch(() => undefined);
}
