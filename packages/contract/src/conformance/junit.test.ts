/**
 * The JUnit XML report, read back with a strict reader (read-xml.ts): its shape, its counts, the
 * failure and skip of a row, and escaping of everything a host can put in an issue or a message.
 */
import { describe, expect, it } from 'vitest';
import type { TimedRow } from './check';
import { escapeAttribute, escapeText, formatJUnit, junitClassname, junitName } from './junit';
import { childrenNamed, readXml, type XmlElement } from './read-xml';

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

  it('counts tests, failures, skipped and time on the suite and on the whole, the skipped rows apart', () => {
    const counts = { tests: '6', failures: '2', errors: '0', skipped: '1', time: '1.235' };
    expect(suite?.attributes).toMatchObject(counts);
    expect(root.attributes).toEqual({ name: 'contract:check', ...counts });
    expect(cases(suite!).map((c) => c.attributes.time)).toEqual(['0.003', '0.012', '0.001', '0.000', '0.000', '0.002']);
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
    expect(skipped?.children).toEqual([
      { name: 'skipped', attributes: { message: 'not fired: the sign-in gave no token' }, children: [], text: '' },
    ]);
    expect(caseNamed(suite!, 'lookupUser (crud=iduser)')?.children).toEqual([]);
    const refused = caseNamed(suite!, 'createPin (updatepin)');
    expect(refused?.children.map((c) => [c.name, c.text])).toEqual([
      ['system-out', 'refused with 409: You already have a transaction PIN.'],
    ]);
  });

  it('with no rows is still a report: no test cases, every count 0', () => {
    const empty = readXml(formatJUnit([], { ...SUITE, durationMs: 0, properties: {} }));
    expect(empty.attributes).toMatchObject({ tests: '0', failures: '0', skipped: '0', time: '0.000' });
    expect(cases(childrenNamed(empty, 'testsuite')[0]!)).toEqual([]);
  });
});

describe('escaping', () => {
  const nasty = `a & b < c > d " e ' f ]]> &amp; <tag/>`;
  const controls = 'nul\u0000 bell\u0007 esc\u001b del\u007f nonchar\uFFFF lone\uD800 emoji\u{1F600}';
  const shownControls = 'nul\\u0000 bell\\u0007 esc\\u001B del\u007f nonchar\\uFFFF lone\\uD800 emoji\u{1F600}';
  const spaces = 'tab\there\nline\r\nend';

  it('reads back every name, message and body as it was, with & < > " \' tabs and line breaks', () => {
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
      `HTTP 200, checked against the operation's reply schema\npath: ${nasty}\nother: ${spaces}\nhost's message: note ${nasty}`,
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
    expect(skipped?.children[0]?.attributes.message).toBe(`ct: ${shownControls}`);
  });

  it('escapes text and attributes as XML wants them', () => {
    expect(escapeText(`<a href="x">&'\r\n\t`)).toBe(`&lt;a href="x"&gt;&amp;'&#13;\n\t`);
    expect(escapeAttribute(`<a href="x">&'\r\n\t`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#13;&#10;&#9;');
    expect(escapeText('\u0000\u{1F600}')).toBe('\\u0000\u{1F600}');
  });

  it('names and groups a row the check may add later by its label', () => {
    const row = { wire: 'w', status: undefined, ok: false, checkedAgainst: 'none', issues: [] } as const;
    expect(junitClassname({ ...row, operation: 'refusal: no marker' })).toBe('contract.refusals');
    expect(junitClassname({ ...row, operation: 'changePasscode' })).toBe('contract.writes');
    expect(junitName({ ...row, operation: 'refusal: no marker' })).toBe('no marker (w)');
  });
});

describe('the reader the report is checked with', () => {
  it.each([
    ['<a>&</a>', /raw &/u],
    ['<a>&nbsp;</a>', /bad reference/u],
    ['<a b="1" b="2"/>', /twice/u],
    ['<a b="x\ty"/>', /raw tab/u],
    ['<a><b></a></b>', /closes/u],
    ['<a>', /not closed/u],
    ['<a/><b/>', /second root/u],
    ['<a>\u0001</a>', /cannot carry/u],
    ['<a>&#1;</a>', /bad reference/u],
    ['<a>x]]>y</a>', /\]\]>/u],
    ['<a b=1/>', /not XML/u],
    ['<a><!-- c --></a>', /not XML/u],
  ])('refuses %j', (xml, message) => {
    expect(() => readXml(xml)).toThrow(message);
  });

  it('reads entities, references and nesting', () => {
    expect(readXml(`<?xml version="1.0" encoding="UTF-8"?>\n<a x='&quot;&#38;&#x3c;'>t&lt;<b/>u</a>\n`)).toEqual({
      name: 'a',
      attributes: { x: '"&<' },
      children: [{ name: 'b', attributes: {}, children: [], text: '' }],
      text: 't<u',
    });
  });
});
