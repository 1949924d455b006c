/**
 * The conformance check's reports for CI (packages/tools/src/conformance: `--junit FILE`, `--json`),
 * from the command line the README gives, against the real mock bank in this process: the JSON alone
 * on stdout, a JUnit file in a temporary folder, and the failure a wrong reply makes in both. The
 * report's XML itself is read back with an XML parser in the tools' own tests (junit.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames } from '@ebank/contract';
import { REFUSALS } from '@ebank/tools/conformance';
import { brokenFront, type Front } from '../testing/broken-front';
import { conformanceCli } from '../testing/conformance-cli';
import { startBank, type Harness } from '../testing/harness';

let bank: Harness;
let front: Front;
let dir: string;
beforeAll(async () => {
  bank = await startBank();
  front = await brokenFront(bank.base);
  dir = await mkdtemp(path.join(os.tmpdir(), 'contract-check-'));
});
afterAll(async () => {
  await front.close();
  await bank.close();
  await rm(dir, { recursive: true, force: true });
});

const cli = conformanceCli;

interface Row {
  readonly operation: string;
  readonly ok: boolean;
  readonly issues: readonly string[];
}

/** The value of an attribute of the first element with this name. */
const attribute = (xml: string, element: string, name: string) =>
  new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`, 'u').exec(xml)?.[1];

describe('the conformance check with --junit and --json against the mock bank', () => {
  it('prints the rows as JSON, writes a JUnit report with every row passing, and exits 0', async () => {
    await bank.reset();
    const file = path.join(dir, 'ok', 'junit.xml');
    const { code, stdout, stderr } = await cli(['--base', bank.base, '--junit', file, '--json']);
    const total = operationNames.length + Object.keys(REFUSALS).length;

    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as Row[];
    expect(rows).toHaveLength(total);
    expect(rows.filter((r) => !r.ok)).toEqual([]);
    expect(stderr).toContain(`${total} of ${total} rows pass`);
    expect(stderr).toContain(`JUnit report written to ${file} (${total} tests, 0 failures, 0 skipped)`);

    const xml = await readFile(file, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(attribute(xml, 'testsuite', 'tests')).toBe(String(total));
    expect(attribute(xml, 'testsuite', 'failures')).toBe('0');
    expect(attribute(xml, 'testsuite', 'skipped')).toBe('0');
    expect(xml.match(/<testcase /gu)).toHaveLength(total);
    expect(xml).toContain('<testcase classname="contract.queries" name="getInstitution (getinstituition)" time="');
    expect(xml).not.toContain('<failure');
  });

  it('reports a reply of the wrong shape as a failure with its zod issue, and exits 1', async () => {
    await bank.reset();
    const file = path.join(dir, 'broken.xml');
    const { code, stdout } = await cli(['--base', front.base, '--read-only', '--json', '--junit', file]);

    expect(code).toBe(1);
    const rows = JSON.parse(stdout) as Row[];
    expect(rows.filter((r) => !r.ok)).toEqual([
      expect.objectContaining({
        operation: 'getContact',
        issues: ['ct: Invalid input: expected object, received string'],
      }),
    ]);
    const xml = await readFile(file, 'utf8');
    expect(attribute(xml, 'testsuite', 'failures')).toBe('1');
    expect(xml).toMatch(
      /<testcase classname="contract\.queries" name="getContact \(getcontact\)" time="[\d.]+">\s*<failure message="ct: Invalid input: expected object, received string" type="reply">/u,
    );
  });
});
