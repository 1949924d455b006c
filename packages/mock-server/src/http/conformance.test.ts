/**
 * The conformance check of the tools package (packages/tools/src/conformance) run against the real mock bank:
 * every row passes, with and without --read-only; a reply of the wrong shape is caught with its zod
 * issue; and the command line the README gives prints the table and exits 0.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationNames, operations } from '@ebank/contract';
import { allPass, DEMO_ACCOUNT, REFUSALS, runConformance, SIGN_IN } from '@ebank/tools/conformance';
import { DEMO_PASSCODE, DEMO_PIN } from '../bank/seed';
import { brokenFront } from '../testing/broken-front';
import { conformanceCli } from '../testing/conformance-cli';
import { startBank, type Harness } from '../testing/harness';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const queries = operationNames.filter((n) => operations[n].kind === 'query');
const failures = (rows: Awaited<ReturnType<typeof runConformance>>) => rows.filter((r) => !r.ok);

const cli = conformanceCli;

describe('the conformance check against the mock bank', () => {
  it("defaults to the mock's demo persona", () => {
    expect(DEMO_ACCOUNT).toEqual({ email: 'demo@bank.test', passcode: DEMO_PASSCODE, pin: DEMO_PIN });
  });

  it('passes on every row, reads and writes, each operation fired once', async () => {
    const rows = await runConformance({ base: bank.base });

    expect(failures(rows)).toEqual([]);
    expect(allPass(rows)).toBe(true);
    expect(rows.map((r) => r.operation).sort()).toEqual([...operationNames, ...Object.values(REFUSALS)].sort());
    // Every reply shape was seen in full, except where the demo persona is refused for a business reason.
    const refused = rows.filter((r) => r.checkedAgainst === 'error').map((r) => r.operation);
    expect(refused.sort()).toEqual(
      ['confirmTransferCode', 'createPin', 'submitVerification', 'verifyEmail', ...Object.values(REFUSALS)].sort(),
    );
    // The writes happened: a transfer of 10 to the generated payee is waiting for the staff.
    const demo = bank.app.bank().findByEmail(DEMO_ACCOUNT.email);
    const transfers = bank.app
      .bank()
      .allRequests()
      .filter((r) => r.userId === demo?.id && r.kind === 'transfer' && r.status === 'pending');
    expect(transfers.map((t) => t.amountCents)).toContain(1000);
  });

  it('with --read-only passes on every row and changes nothing in the bank', async () => {
    const before = bank.app.bank().digest();
    const rows = await runConformance({ base: bank.base, readOnly: true });

    expect(failures(rows)).toEqual([]);
    expect(rows.map((r) => r.operation)).toEqual([...SIGN_IN, ...queries, ...Object.values(REFUSALS)]);
    expect(bank.app.bank().digest()).toBe(before);
  });

  it('with --sandbox passes on every row, reads and writes, and leaves the default bank as it was', async () => {
    const before = bank.app.bank().digest();
    const rows = await runConformance({ base: bank.base, sandbox: 'ci-run-1' });

    expect(failures(rows)).toEqual([]);
    expect(bank.app.bank().digest()).toBe(before);
    // The writes went to the sandbox, which is kept.
    const box = bank.app.sandboxes.find('ci-run-1');
    expect(box?.bank().digest()).not.toBe(before);
    // A second run in a sandbox of its own starts from the seed: no rate limit or earlier sign-up in the way.
    expect(failures(await runConformance({ base: bank.base, sandbox: 'ci-run-2' }))).toEqual([]);
  });

  it('passes in the multipart encoding too', async () => {
    const rows = await runConformance({ base: bank.base, readOnly: true, encoding: 'multipart' });
    expect(failures(rows)).toEqual([]);
  });

  it('catches a reply of the wrong shape, with its zod issue, and passes the rest', async () => {
    const front = await brokenFront(bank.base);
    try {
      const rows = await runConformance({ base: front.base, readOnly: true });
      expect(failures(rows)).toEqual([
        {
          operation: 'getContact',
          wire: 'getcontact',
          status: 200,
          ok: false,
          checkedAgainst: 'reply',
          issues: ['ct: Invalid input: expected object, received string'],
        },
      ]);
      expect(allPass(rows)).toBe(false);
    } finally {
      await front.close();
    }
  });

  it('from the command line prints the table and exits 0 when every row passes, 2 on bad usage', async () => {
    const [run, usage] = await Promise.all([cli(['--base', bank.base]), cli(['--base', 'localhost'])]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^operation +wire +status +result +details$/mu);
    expect(run.stdout).toMatch(/^getInstitution +getinstituition +200 +ok$/mu);
    const total = operationNames.length + Object.keys(REFUSALS).length;
    expect(run.stdout).toContain(`${total} of ${total} rows pass`);

    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(
      /--base must be a URL such as http:\/\/localhost:8080\/, not 'localhost'[\s\S]*Usage: pnpm contract:check --base URL/u,
    );
  });
});
