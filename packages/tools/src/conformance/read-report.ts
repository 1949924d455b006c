/**
 * A JUnit report read back for the tests, as a CI server reads it: with an XML parser (fast-xml-parser),
 * as a tree of elements with their attributes and text, entities and character references resolved
 * (the indentation between elements is not text). The parser is lenient; what it cannot make into one
 * root element is refused here.
 */
import { EntityDecoder } from '@nodable/entities';
import { XMLParser } from 'fast-xml-parser';

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (CDATA included). */
  readonly text: string;
}

/** Where fast-xml-parser's ordered output puts an element's attributes and a text node. */
const ATTRIBUTES = ':@';
const TEXT = '#text';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  ignoreDeclaration: true,
  // Values stay text, as written; character references (`&#xA;`) are resolved too.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  entityDecoder: new EntityDecoder({ numericAllowed: true }),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toNode(node: unknown): XmlElement | string {
  if (!isRecord(node)) throw new Error('not a parsed node');
  const text = node[TEXT];
  if (typeof text === 'string') return text;
  const name = Object.keys(node).find((key) => key !== ATTRIBUTES);
  const content = name === undefined ? undefined : node[name];
  if (name === undefined || !Array.isArray(content)) throw new Error('not a parsed element');
  const raw = node[ATTRIBUTES];
  const attributes = isRecord(raw) ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)])) : {};
  const parts = content.map(toNode);
  const children = parts.filter((part): part is XmlElement => typeof part !== 'string');
  const own = parts.filter((part) => typeof part === 'string').join('');
  return { name, attributes, children, text: children.length > 0 && own.trim() === '' ? '' : own };
}

/** Reads a document; throws when it is not one root element. */
export function readXml(document: string): XmlElement {
  const parsed: unknown = parser.parse(document);
  const roots = (Array.isArray(parsed) ? parsed : []).map(toNode).filter((node) => typeof node !== 'string');
  const [root] = roots;
  if (root === undefined || roots.length > 1) throw new Error('not one root element');
  return root;
}

/** The children of an element with a name. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);
