/**
 * The JUnit XML report, read back with an XML parser (read-report.ts): its shape, its counts, the
 * failure and skip of a row, and everything a host can put in an issue or a message.
 */
import { describe, expect, it } from 'vitest';
import type { TimedRow } from './check';
import { attributeText, bodyText, formatJUnit, junitClassname, junitName } from './junit';
import { childrenNamed, readXml, type XmlElement } from './read-report';

const SUITE = {
  base: 'http://localhost:8080/',
  startedAt: new Date('2025-03-04T05:06:07.089Z'),
  durationMs: 1234.6,
  properties: { readOnly: 'false', encoding: 'urlencoded' },
};

const rows: TimedRow[] = [
  {
    operation: 'lookupUser',
    wire: 'crud=iduser',
    status: 200,
    ok: true,
    checkedAgainst: 'reply',
    issues: [],
    durationMs: 3.2,
  },
  {
    operation: 'getContact',
    wire: 'getcontact',
    status: 200,
    ok: false,
    checkedAgainst: 'reply',
    issues: ['ct: Invalid input: expected object, received string', 'ct.email: Required'],
    durationMs: 12,
  },
  {
    operation: 'createPin',
    wire: 'updatepin',
    status: 409,
    ok: true,
    checkedAgainst: 'error',
    issues: [],
    note: 'You already have a transaction PIN.',
    durationMs: 1,
  },
  {
    operation: 'getProfile',
    wire: 'getprofile',
    status: undefined,
    ok: false,
    checkedAgainst: 'none',
    issues: ['not fired: the sign-in gave no token'],
    skipped: true,
    durationMs: 0,
  },
  {
    operation: 'sign-in',
    wire: 'crud=userlogin',
    status: undefined,
    ok: false,
    checkedAgainst: 'none',
    issues: ['no user token for demo@bank.test: Incorrect passcode.'],
    durationMs: 0,
  },
  {
    operation: 'refusal: two markers',
    wire: 'getinstituition+getprofile',
    status: 400,
    ok: true,
    checkedAgainst: 'error',
    issues: [],
    note: 'Exactly one action marker is allowed.',
    durationMs: 2,
  },
];

const cases = (suite: XmlElement) => childrenNamed(suite, 'testcase');
const caseNamed = (suite: XmlElement, name: string) => cases(suite).find((c) => c.attributes.name === name);

describe('the JUnit report', () => {
  const root = readXml(formatJUnit(rows, SUITE));
  const [suite] = childrenNamed(root, 'testsuite');

  it('is one <testsuites> with one <testsuite>: its properties, then a <testcase> per row in order', () => {
    expect(root.name).toBe('testsuites');
    expect(root.children.map((c) => c.name)).toEqual(['testsuite']);
    expect(suite?.children.map((c) => c.name)).toEqual(['properties', ...rows.map(() => 'testcase')]);
    expect(suite?.attributes).toMatchObject({
      name: 'contract:check http://localhost:8080/',
      timestamp: '2025-03-04T05:06:07.089Z',
    });
    const properties = childrenNamed(childrenNamed(suite!, 'properties')[0]!, 'property').map((p) => p.attributes);
    expect(properties).toEqual([
      { name: 'base', value: 'http://localhost:8080/' },
      { name: 'readOnly', value: 'false' },
      { name: 'encoding', value: 'urlencoded' },
    ]);
  });

  it('counts tests, failures and skipped on the suite and on the whole, the skipped rows apart, with times', () => {
    const counts = { tests: '6', failures: '2', errors: '0', skipped: '1' };
    expect(suite?.attributes).toMatchObject({ ...counts, time: '1.235' });
    expect(root.attributes).toEqual({ name: 'contract:check', ...counts });
    expect(cases(suite!).map((c) => Number(c.attributes.time))).toEqual([0.003, 0.012, 0.001, 0, 0, 0.002]);
  });

  it('groups the rows by area and names each by its operation and how it goes on the wire', () => {
    expect(cases(suite!).map((c) => [c.attributes.classname, c.attributes.name])).toEqual([
      ['contract.sign-in', 'lookupUser (crud=iduser)'],
      ['contract.queries', 'getContact (getcontact)'],
      ['contract.writes', 'createPin (updatepin)'],
      ['contract.queries', 'getProfile (getprofile)'],
      ['contract.sign-in', 'sign-in (crud=userlogin)'],
      ['contract.refusals', 'two markers (getinstituition+getprofile)'],
    ]);
  });

  it('gives a failed row a <failure>: its zod issues as the message, the details in the body', () => {
    const failed = caseNamed(suite!, 'getContact (getcontact)');
    expect(failed?.children.map((c) => c.name)).toEqual(['failure']);
    const failure = failed?.children[0];
    expect(failure?.attributes).toEqual({
      message: 'ct: Invalid input: expected object, received string; ct.email: Required',
      type: 'reply',
    });
    expect(failure?.text).toBe(
      [
        "HTTP 200, checked against the operation's reply schema",
        'ct: Invalid input: expected object, received string',
        'ct.email: Required',
      ].join('\n'),
    );
    const signIn = caseNamed(suite!, 'sign-in (crud=userlogin)')?.children[0];
    expect(signIn?.name).toBe('failure');
    expect(signIn?.text).toMatch(/^no reply, checked against nothing\nno user token/u);
  });

  it('marks a row not fired as <skipped>, with why; a passing row has no failure, a refused one its message', () => {
    const skipped = caseNamed(suite!, 'getProfile (getprofile)');
    expect(skipped?.children.map((c) => [c.name, c.attributes, c.text])).toEqual([
      ['skipped', {}, ''],
      ['system-out', {}, 'not fired: the sign-in gave no token'],
    ]);
    expect(caseNamed(suite!, 'lookupUser (crud=iduser)')?.children).toEqual([]);
    const refused = caseNamed(suite!, 'createPin (updatepin)');
    expect(refused?.children.map((c) => [c.name, c.text])).toEqual([
      ['system-out', 'refused with 409: You already have a transaction PIN.'],
    ]);
  });

  it('with no rows is still a report: no test cases, every count 0', () => {
    const empty = readXml(formatJUnit([], { ...SUITE, durationMs: 0, properties: {} }));
    expect(empty.attributes).toMatchObject({ tests: '0', failures: '0', skipped: '0' });
    const [emptySuite] = childrenNamed(empty, 'testsuite');
    expect(Number(emptySuite?.attributes.time)).toBe(0);
    expect(cases(emptySuite!)).toEqual([]);
  });
});

describe('escaping', () => {
  const nasty = `a & b < c > d " e ' f ]]> &amp; <tag/>`;
  /** The same in an element's body (CDATA): `]]>` with its `>` written out, and line ends as LF. */
  const nastyBody = nasty.replace(']]>', ']]\\u003E');
  const controls = 'nul\u0000 bell\u0007 esc\u001b del\u007f nonchar\uFFFF lone\uD800 emoji\u{1F600}';
  const shownControls = 'nul\\u0000 bell\\u0007 esc\\u001B del\u007f nonchar\\uFFFF lone\\uD800 emoji\u{1F600}';
  const spaces = 'tab\there\nline\r\nend';
  const spacesBody = 'tab\there\nline\nend';

  it('reads back every name and message as it was, with & < > " \' tabs and line breaks, and bodies as CDATA allows', () => {
    const row: TimedRow = {
      operation: `op ${nasty}`,
      wire: `wire ${spaces}`,
      status: 200,
      ok: false,
      checkedAgainst: 'reply',
      issues: [`path: ${nasty}`, `other: ${spaces}`],
      note: `note ${nasty}`,
      durationMs: 1,
    };
    const xml = formatJUnit([row], { ...SUITE, base: `http://h/?a=1&b="2"`, properties: { email: `q'a@h` } });
    const suite = childrenNamed(readXml(xml), 'testsuite')[0]!;
    const testcase = cases(suite)[0]!;
    expect(testcase.attributes.name).toBe(`op ${nasty} (wire ${spaces})`);
    expect(testcase.attributes.classname).toBe('contract.sign-in');
    const failure = testcase.children[0]!;
    expect(failure.attributes.message).toBe(`path: ${nasty}; other: ${spaces}`);
    expect(failure.text).toBe(
      `HTTP 200, checked against the operation's reply schema\npath: ${nastyBody}\nother: ${spacesBody}\nhost's message: note ${nastyBody}`,
    );
    expect(suite.attributes.name).toBe('contract:check http://h/?a=1&b="2"');
    const properties = childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property');
    expect(properties.map((p) => p.attributes.value)).toEqual(['http://h/?a=1&b="2"', "q'a@h"]);
  });

  it('writes what XML cannot carry (control characters, lone surrogates, U+FFFF) as visible \\uXXXX', () => {
    const row: TimedRow = {
      operation: 'getContact',
      wire: 'getcontact',
      status: 200,
      ok: false,
      checkedAgainst: 'reply',
      issues: [`ct: ${controls}`],
      durationMs: 1,
    };
    const xml = formatJUnit(
      [
        { ...row, note: controls },
        { ...row, skipped: true },
      ],
      SUITE,
    );
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/u);
    const suite = childrenNamed(readXml(xml), 'testsuite')[0]!;
    const [failed, skipped] = cases(suite);
    expect(failed?.children[0]?.attributes.message).toBe(`ct: ${shownControls}`);
    expect(failed?.children[0]?.text).toContain(`host's message: ${shownControls}`);
    expect(childrenNamed(skipped!, 'system-out')[0]?.text).toBe(`ct: ${shownControls}`);
  });

  it('makes visible what XML cannot carry, and keeps a body from closing its CDATA', () => {
    expect(attributeText(`<a href="x">&'\r\n\t\u0000\u{1F600}]]>`)).toBe(`<a href="x">&'\r\n\t\\u0000\u{1F600}]]>`);
    expect(bodyText('a]]>b]]>c\r\nd\re\u0007')).toBe('a]]\\u003Eb]]\\u003Ec\nd\ne\\u0007');
  });

  it('names and groups a row the check may add later by its label', () => {
    const row = { wire: 'w', status: undefined, ok: false, checkedAgainst: 'none', issues: [] } as const;
    expect(junitClassname({ ...row, operation: 'refusal: no marker' })).toBe('contract.refusals');
    expect(junitClassname({ ...row, operation: 'changePasscode' })).toBe('contract.writes');
    expect(junitName({ ...row, operation: 'refusal: no marker' })).toBe('no marker (w)');
  });
});

describe('the reader the report is checked with', () => {
  it.each(['', 'text', '<a/><b/>'])('refuses %j: not one root element', (xml) => {
    expect(() => readXml(xml)).toThrow('not one root element');
  });

  it('reads entities, references, CDATA and nesting', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<a x='&quot;&#38;&#x3c;&#xA;'>t&lt;<![CDATA[<&]]><b/>u</a>\n`;
    expect(readXml(xml)).toEqual({
      name: 'a',
      attributes: { x: '"&<\n' },
      children: [{ name: 'b', attributes: {}, children: [], text: '' }],
      text: 't<<&u',
    });
  });
});
