/**
 * The OpenAPI document is enough to use the API: a client that knows nothing but the document (and the
 * replies it gets on the way) builds every request from the document's examples and `x-` extensions,
 * in the order the document states, and reaches a 2xx on every operation of a freshly reset mock.
 * Tokens, allowed values and ids come from earlier replies, confirmations from other fields, and the
 * e-mailed codes from the mock's outbox, each where the document says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImages } from '@ebank/contract/testing';
import { startBank, type Harness } from '../../mock-server/src/testing/harness';
import { valuesAt } from './openapi';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The elements of a JSON array, or none. */
const itemsOf = (node: Json): Json[] => (Array.isArray(node) ? (node as Json[]) : []);
/** A property of a JSON object, or undefined. */
const at = (node: Json, key: string): Json => (isObject(node) ? node[key] : undefined);
const textOf = (node: Json): string | undefined =>
  typeof node === 'string' ? node : typeof node === 'number' ? String(node) : undefined;

/** What one step of the walk did. */
interface Outcome {
  readonly step: number;
  readonly operationId: string;
  readonly status: number;
  readonly body: Json;
}

/** The values at a path of `x-values-from` (`docs[].doc_name`: every element's `doc_name`), as text. */
const textsAt = (reply: Json, path: string): string[] =>
  valuesAt(reply, path).flatMap((node) => {
    const value = textOf(node);
    return value === undefined ? [] : [value];
  });

/** A client that reads nothing but an OpenAPI document (and what the server answers). */
class DocumentClient {
  private readonly replies = new Map<string, Json>();
  private readonly sent = new Map<string, Record<string, string>>();
  private readonly origin: string;

  constructor(private readonly doc: Json) {
    const servers = at(doc, 'servers');
    const first = itemsOf(servers)[0];
    const url = textOf(at(first, 'url'));
    if (url === undefined) throw new Error('the document names no server');
    this.origin = url.replace(/\/$/u, '');
  }

  private resolve(node: Json): Json {
    const ref = textOf(at(node, '$ref'));
    if (ref === undefined) return node;
    const id = ref.replace(/^#\/components\/schemas\//u, '');
    return this.resolve(at(at(at(this.doc, 'components'), 'schemas'), id));
  }

  private operation(operationId: string): Json {
    const paths = at(this.doc, 'paths');
    const found = Object.values(isObject(paths) ? paths : {})
      .map((item) => at(item, 'post'))
      .find((op) => at(op, 'operationId') === operationId);
    if (found === undefined) throw new Error(`the document has no operation ${operationId}`);
    return found;
  }

  /** The variant of a request schema the example is of: the one whose const fields it matches. */
  private variantOf(schema: Json, example: Record<string, Json>): Json {
    const resolved = this.resolve(schema);
    const branches = at(resolved, 'oneOf') ?? at(resolved, 'anyOf');
    if (!Array.isArray(branches)) return resolved;
    const found = itemsOf(branches).find((branch) => {
      const properties = at(branch, 'properties');
      return Object.entries(isObject(properties) ? properties : {}).every(([name, property]) => {
        const value = at(property, 'const');
        return value === undefined || example[name] === undefined || example[name] === value;
      });
    });
    if (found === undefined) throw new Error('the example matches no variant');
    return found;
  }

  /** The value `x-same-as` (or `x-code-from`'s `to`) points at: a field sent earlier, or of this request. */
  private earlier(rule: Json, fields: Record<string, string>): string {
    const operationId = textOf(at(rule, 'operationId'));
    const field = textOf(at(rule, 'field')) ?? '';
    const source = operationId === undefined ? fields : this.sent.get(operationId);
    const value = source?.[field];
    if (value === undefined) throw new Error(`no ${field} was sent to ${operationId ?? 'this request'} yet`);
    const path = textOf(at(rule, 'path'));
    if (path === undefined) return value;
    const inner = textOf(at(JSON.parse(value), path));
    if (inner === undefined) throw new Error(`${field} holds no ${path}`);
    return inner;
  }

  /** The code `x-code-from` names: from the outbox at the path it gives, the newest message of its kind. */
  private async code(rule: Json, fields: Record<string, string>): Promise<string> {
    const address = this.earlier(at(rule, 'to'), fields);
    const query = textOf(at(rule, 'query')) ?? 'to';
    const url = `${this.origin}${textOf(at(rule, 'path')) ?? ''}?${query}=${encodeURIComponent(address)}`;
    const res = await fetch(url, { method: textOf(at(rule, 'method')) ?? 'GET' });
    const messages: Json = await res.json();
    const kind = at(rule, 'kind');
    const mine = itemsOf(messages).filter((m) => at(m, 'kind') === kind);
    // The outbox answers newest first; `pick: newest` takes the first.
    const code = textOf(at(mine[0], textOf(at(rule, 'property')) ?? 'code'));
    if (code === undefined) throw new Error(`no ${String(kind)} code for ${address}`);
    return code;
  }

  /** One step: the request the document describes, sent as it says. */
  async call(step: number, operationId: string, exampleName: string): Promise<Outcome> {
    const op = this.operation(operationId);
    const media = at(at(at(op, 'requestBody'), 'content'), 'multipart/form-data');
    const example = at(at(at(media, 'examples'), exampleName), 'value');
    if (!isObject(example)) throw new Error(`${operationId} has no example ${exampleName}`);
    const properties = at(this.variantOf(at(media, 'schema'), example), 'properties');
    const property = (name: string): Json => this.resolve(at(properties, name));

    const fields: Record<string, string> = {};
    const files: string[] = [];
    for (const [name, value] of Object.entries(example)) {
      if (at(property(name), 'format') === 'binary') files.push(name);
      else fields[name] = textOf(value) ?? '';
    }
    const names = Object.keys(fields);
    for (const name of names) {
      const sameAs = at(property(name), 'x-same-as');
      if (sameAs !== undefined) fields[name] = this.earlier(sameAs, fields);
    }
    for (const name of names) {
      const from = at(property(name), 'x-values-from');
      if (from === undefined) continue;
      const source = textOf(at(from, 'operationId')) ?? '';
      if (!this.replies.has(source)) throw new Error(`${operationId}.${name}: ${source} has not answered yet`);
      const values = textsAt(this.replies.get(source), textOf(at(from, 'path')) ?? '');
      const first = values[0];
      if (first === undefined) throw new Error(`${operationId}.${name}: ${source}'s reply lists no value`);
      if (!values.includes(fields[name] ?? '')) fields[name] = first;
    }
    for (const name of names) {
      const codeFrom = at(property(name), 'x-code-from');
      if (codeFrom !== undefined) fields[name] = await this.code(codeFrom, fields);
    }
    for (const name of names) {
      const other = textOf(at(property(name), 'x-equals'));
      if (other !== undefined) fields[name] = fields[other] ?? '';
    }

    const wire = at(op, 'x-wire');
    const query = at(wire, 'query');
    const search = new URLSearchParams(
      Object.entries(isObject(query) ? query : {}).map(([k, v]): [string, string] => [k, textOf(v) ?? '']),
    ).toString();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const name of files)
      body.append(name, new File([sampleImages['image/png']], 'proof.png', { type: 'image/png' }));
    const url = `${this.origin}${textOf(at(wire, 'path')) ?? ''}${search ? `?${search}` : ''}`;
    const res = await fetch(url, { method: textOf(at(wire, 'method')) ?? 'POST', body });
    const reply: Json = await res.json();
    if (res.ok) {
      this.replies.set(operationId, reply);
      this.sent.set(operationId, fields);
    }
    return { step, operationId, status: res.status, body: reply };
  }

  /** Every step of the document's `x-call-order`, in order. */
  async walk(): Promise<Outcome[]> {
    const order = itemsOf(at(this.doc, 'x-call-order'));
    if (order.length === 0) throw new Error('the document states no call order');
    const outcomes: Outcome[] = [];
    for (const [i, step] of order.entries()) {
      const operationId = textOf(at(step, 'operationId')) ?? '';
      outcomes.push(await this.call(i + 1, operationId, textOf(at(step, 'example')) ?? 'default'));
    }
    return outcomes;
  }
}

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());

describe('the OpenAPI document alone', () => {
  it('is enough to reach a 2xx on every operation of a freshly reset mock, in the order it states', async () => {
    await bank.reset();
    const doc: Json = await (await fetch(`${bank.base}__mock/openapi.json`)).json();
    const outcomes = await new DocumentClient(doc).walk();
    const failed = outcomes.filter((o) => o.status < 200 || o.status > 299);
    expect(failed).toEqual([]);
    const paths = at(doc, 'paths');
    const all = Object.values(isObject(paths) ? paths : {}).map((item) => textOf(at(at(item, 'post'), 'operationId')));
    const reached = new Set(outcomes.filter((o) => o.status >= 200 && o.status <= 299).map((o) => o.operationId));
    console.info(`Operations reached with a 2xx from the document alone: ${reached.size} of ${all.length}`);
    expect(all).toHaveLength(37);
    // The transfer took the longer way the document states: the PIN asked for the e-mailed code.
    const pin = outcomes.find((o) => o.operationId === 'confirmPin');
    expect(at(pin?.body, 'requiresanother')).toBeDefined();
    // Both variants of forgotPasscode were sent: action=code, then action=reset with the e-mailed code.
    expect(outcomes.filter((o) => o.operationId === 'forgotPasscode').length).toBe(2);
    expect([...reached].sort()).toEqual([...all].sort());
  });
});
