import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode, receiveForm, type DecodeFailure, type Decoded, type WireEncoding } from './codec';
import { nameFieldsWith } from './fields';
import { operations, operationNames, type OperationName } from './operations';
import { inputArbitrary, notImages, pngBlob, receive, sampleImages } from './testing';
import type { IncomingFile } from './files';

const encodings: WireEncoding[] = ['urlencoded', 'multipart'];

/** Files compare by content; everything else by value. */
async function comparable(input: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input))
    out[key] = value instanceof Blob ? Array.from(new Uint8Array(await value.arrayBuffer())) : value;
  return out;
}
function comparableReceived(input: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input))
    out[key] =
      typeof value === 'object' && value !== null && 'bytes' in value && value.bytes instanceof Uint8Array
        ? Array.from(value.bytes)
        : value;
  return out;
}

function expectFailure(result: Decoded | DecodeFailure): DecodeFailure {
  if (result.ok) throw new Error(`expected a failure, decoded ${result.name}`);
  return result;
}

/** A valid request for `name`, as the server receives it. */
async function validWire(name: OperationName, encoding: WireEncoding = 'urlencoded') {
  const [input] = fc.sample(inputArbitrary(name), { numRuns: 1, seed: 42 });
  return receive(encode(name, input as never, { token: 'tok', encoding }));
}

describe('encode then decode', () => {
  for (const name of operationNames) {
    it(`round-trips ${name} unchanged`, async () => {
      await fc.assert(
        fc.asyncProperty(inputArbitrary(name), fc.constantFrom(...encodings), async (input, encoding) => {
          const request = encode(name, input as never, { token: 'a.b.c', encoding });
          const wire = await receive(request);
          const decoded = decode(wire.query, wire.fields, wire.files);
          if (!decoded.ok) throw new Error(decoded.message);
          expect(decoded.name).toBe(name);
          expect(comparableReceived(decoded.input as Record<string, unknown>)).toEqual(
            await comparable(input as Record<string, unknown>),
          );
          const hasMarker = 'marker' in operations[name].selector;
          expect(decoded.token).toBe(hasMarker ? 'a.b.c' : undefined);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('encode', () => {
  it('sends strings raw, numbers as decimal strings, and leaves absent optionals out', async () => {
    const request = encode('updateProfile', { fullname: 'Ada "Quoted" Lovelace', dob: '1990-04-23' }, { token: 't' });
    expect(request.fields).toEqual([
      ['updateprofile', '1'],
      ['token', 't'],
      ['fullname', 'Ada "Quoted" Lovelace'],
      ['dob', '1990-04-23'],
    ]);
    expect(request.encoding).toBe('urlencoded');
    expect(request.body).toBeInstanceOf(URLSearchParams);
    expect(new URLSearchParams(request.body as URLSearchParams).toString()).toBe(
      'updateprofile=1&token=t&fullname=Ada+%22Quoted%22+Lovelace&dob=1990-04-23',
    );

    const deposit = encode('createCryptoDeposit', { type: 'BTC', amount: 10.5, depositPic: pngBlob() });
    expect(deposit.encoding).toBe('multipart');
    expect(deposit.fields).toContainEqual(['amount', '10.50']);
    const wire = await receive(deposit);
    expect(wire.contentType).toMatch(/^multipart\/form-data; boundary=/u);
    expect(wire.fields.amount).toBe('10.50');
  });

  it('selects auth calls with ?crud= and never sends a token with them', () => {
    const request = encode('login', { email: 'demo@bank.test', password: '123456', remeber: true }, { token: 't' });
    expect(request.search).toBe('?crud=userlogin');
    expect(request.fields).toEqual([
      ['email', 'demo@bank.test'],
      ['password', '123456'],
      ['remeber', '1'],
    ]);
  });

  it('carries the transfer form as JSON in extra', () => {
    const form = {
      bank: 'Bank',
      swift: 'DEMOGB2L',
      currency: 'USD',
      routing: '021000021',
      country: 'United Kingdom',
      act_no: '12345678',
      act_hold_name: 'Jane Doe',
      amount: 100,
      note: 'rent',
    };
    const request = encode('createTransfer', { ...form, extra: form });
    const extra = request.fields.find(([k]) => k === 'extra')?.[1] ?? '';
    expect(JSON.parse(extra)).toEqual({ ...form, amount: '100.00' });
  });
});

describe('receiveForm: a form as the server reads it', () => {
  it('keeps a name sent twice as a list in the order sent, and a file with its name and bytes', async () => {
    const form = new FormData();
    form.append('getprofile', '1');
    form.append('note', 'first');
    form.append('note', 'second');
    form.append('note', 'third');
    form.append('pic', new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }));
    const { fields, files } = await receiveForm(form);
    expect(fields).toEqual({ getprofile: '1', note: ['first', 'second', 'third'] });
    expect(files).toEqual([{ fieldname: 'pic', originalname: 'me.png', size: 3, buffer: new Uint8Array([1, 2, 3]) }]);
  });

  it('reads a urlencoded body alike, and a field named __proto__ stays a field that decode refuses', async () => {
    const { fields, files } = await receiveForm(new URLSearchParams('getprofile=1&__proto__=x&__proto__=y'));
    expect(files).toEqual([]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['x', 'y']);
    expect(Object.keys(fields)).toEqual(['getprofile', '__proto__']);
    const failure = expectFailure(decode({}, fields));
    expect(failure.issues.map((i) => i.field)).toContain('__proto__');
  });
});

describe('decode refuses', () => {
  it('a request with no operation', () => {
    const failure = expectFailure(decode({}, { token: 'x', amount: '1' }));
    expect(failure.code).toBe('no_operation');
    expect(failure.message).toMatch(/action marker/u);
  });

  it('two markers, or a marker with a crud', () => {
    const two = expectFailure(decode({}, { getinstituition: '1', getprofile: '1' }));
    expect(two.code).toBe('several_operations');
    expect(two.message).toContain('getinstituition, getprofile');
    const mixed = expectFailure(decode({ crud: 'iduser' }, { email: 'a@b.co', getprofile: '1' }));
    expect(mixed.code).toBe('several_operations');
  });

  it('an unknown crud, naming it', () => {
    const failure = expectFailure(decode({ crud: 'dropusers' }, {}));
    expect(failure.code).toBe('unknown_crud');
    expect(failure.message).toContain("'dropusers'");
  });

  it('an empty marker', () => {
    expect(expectFailure(decode({}, { getprofile: '' })).message).toContain('getprofile: must not be empty');
  });

  const transfer = {
    newtrs: '1',
    bank: 'Bank',
    swift: 'DEMOGB2L',
    currency: 'USD',
    routing: '021000021',
    country: 'UK',
    act_no: '12345678',
    act_hold_name: 'Jane Doe',
    amount: '100.00',
    note: 'rent',
    extra: JSON.stringify({
      bank: 'Bank',
      swift: 'DEMOGB2L',
      currency: 'USD',
      routing: '021000021',
      country: 'UK',
      act_no: '12345678',
      act_hold_name: 'Jane Doe',
      amount: '100.00',
      note: 'rent',
    }),
  };

  it('accepts the well-formed transfer these cases start from', () => {
    expect(decode({}, transfer).ok).toBe(true);
  });

  it.each([
    ['a missing required field', { amount: undefined }, 'amount: is required'],
    ['a wrong type', { amount: 'ten dollars' }, 'amount: must be an amount such as 10.50'],
    ['a negative amount', { amount: '-5' }, 'amount: must be an amount such as 10.50'],
    ['a zero amount', { amount: '0.00' }, 'amount: must be greater than 0'],
    ['a duplicated field', { amount: ['1', '2'] }, 'amount: was sent more than once'],
    ['a nested field', { bank: { name: 'x' } }, 'bank: must be a single text value'],
    ['an oversize field', { note: 'x'.repeat(501) }, 'note: must be at most 500 characters'],
    ['an unknown field', { admin: 'yes' }, 'admin: is not a field of newtrs'],
    ['a control character', { bank: 'Ba\u0000nk' }, 'bank: must not contain control characters'],
    ['extra that is not JSON', { extra: '{nope' }, 'extra: must be valid JSON'],
    [
      'extra with a bad inner field',
      { extra: JSON.stringify({ ...JSON.parse(transfer.extra), amount: 'x' }) },
      'extra.amount: must be an amount such as 10.50',
    ],
  ])('%s, naming the field', (_, change, message) => {
    const fields = Object.fromEntries(Object.entries({ ...transfer, ...change }).filter(([, v]) => v !== undefined));
    const failure = expectFailure(decode({}, fields));
    expect(failure.code).toBe('invalid_request');
    expect(failure.issues.map((i) => i.message)).toContain(message);
    expect(failure.message).toContain(message);
  });

  it('names the field once, by its wire name, in a page whose forms name fields in their own words', () => {
    // The static demo runs the bank beside the portal's forms, which set a namer for their own messages.
    nameFieldsWith((path) => (path.at(-1) === 'note' ? 'Note' : undefined));
    try {
      const failure = expectFailure(decode({}, { ...transfer, note: 'x'.repeat(501) }));
      expect(failure.issues.map((i) => i.message)).toEqual(['note: must be at most 500 characters']);
      // The forms' own checks keep their words.
      expect(operations.createTransfer.request.safeParse({ note: 'x'.repeat(501) }).error?.issues).toContainEqual(
        expect.objectContaining({ message: 'Note must be at most 500 characters' }),
      );
    } finally {
      nameFieldsWith(() => undefined);
    }
  });

  it('a field named __proto__ is refused as unknown, never dropped', () => {
    const fields: Record<string, string> = { ...transfer };
    Object.defineProperty(fields, '__proto__', { value: 'x', enumerable: true });
    const failure = expectFailure(decode({}, fields));
    expect(failure.message).toContain('__proto__: is not a field of newtrs');
  });

  it('an unknown action of userforgot', () => {
    const failure = expectFailure(decode({ crud: 'userforgot' }, { action: 'delete', email: 'a@b.co' }));
    expect(failure.issues.map((i) => i.field)).toContain('action');
  });

  const file = (fieldname: string, buffer: Uint8Array, originalname = 'proof.png'): IncomingFile => ({
    fieldname,
    originalname,
    size: buffer.length,
    buffer,
  });
  const deposit = { newcd: '1', type: 'BTC', amount: '10' };

  it('accepts a real image of every accepted type', () => {
    for (const bytes of Object.values(sampleImages))
      expect(decode({}, deposit, [file('depositPic', bytes)]).ok).toBe(true);
  });

  it.each([
    [
      'a text file named .png',
      [file('depositPic', notImages.text)],
      'depositPic: must be a PNG, JPG, GIF or WebP image',
    ],
    [
      'an SVG (it can carry script)',
      [file('depositPic', notImages.svg, 'a.svg')],
      'depositPic: must be a PNG, JPG, GIF or WebP image',
    ],
    ['an empty file', [file('depositPic', new Uint8Array())], 'depositPic: is empty'],
    [
      'an oversize file',
      [file('depositPic', new Uint8Array([...sampleImages['image/png'], ...new Uint8Array(5 * 1024 * 1024)]))],
      'depositPic: must be at most 5 MB',
    ],
    ['a missing file', [], 'depositPic: a file is required'],
    [
      'two files in one field',
      [file('depositPic', sampleImages['image/png']), file('depositPic', sampleImages['image/png'])],
      'depositPic: takes one file only',
    ],
    [
      'a file in a field that takes none',
      [file('depositPic', sampleImages['image/png']), file('other', sampleImages['image/png'])],
      'other: is not a file field of newcd',
    ],
  ])('%s', (_, files, message) => {
    const failure = expectFailure(decode({}, deposit, files));
    expect(failure.issues.map((i) => i.message)).toContain(message);
  });

  it('a file field sent as text', () => {
    const failure = expectFailure(decode({}, { ...deposit, depositPic: 'C:\\fakepath\\a.png' }));
    expect(failure.issues.map((i) => i.message)).toContain('depositPic: must be a file');
  });
});

describe('decode, for every operation (properties)', () => {
  for (const name of operationNames) {
    it(`${name}: any field removed, repeated, oversize or nested is refused by name (or the field was optional)`, async () => {
      const wire = await validWire(name);
      const fieldNames = Object.keys(wire.fields);
      for (const field of fieldNames) {
        const removed = Object.fromEntries(Object.entries(wire.fields).filter(([k]) => k !== field));
        const result = decode(wire.query, removed, wire.files);
        if (!result.ok) expect(result.message).toMatch(new RegExp(`${field}|No operation`, 'u'));

        for (const bad of [['a', 'b'], 'x'.repeat(10_001), { nested: 'x' }]) {
          const failure = expectFailure(decode(wire.query, { ...wire.fields, [field]: bad }, wire.files));
          expect(failure.message).toContain(field);
        }
      }
    });
  }
});
