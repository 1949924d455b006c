/**
 * A strict reader of the small XML documents the JUnit report is, for its tests: elements, attributes
 * in quotes, text, the five named entities and character references, one root, after an optional XML
 * declaration. Anything else (comments, CDATA, a raw `<` or `&`, a character XML 1.0 cannot carry,
 * a tag closed out of order, a tab or line break written raw in an attribute, where a parser would
 * turn it into a space) throws, so a report that reads back here reads in any XML parser.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text, its entities and references resolved. */
  readonly text: string;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function resolve(raw: string, where: string): string {
  if (NOT_XML.test(raw)) throw new Error(`a character XML cannot carry in ${where}`);
  return raw.replace(/&([^;]*);|&/gu, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`a raw & in ${where}`);
    const named = NAMED[ref];
    if (named !== undefined) return named;
    const code = /^#x[0-9a-f]+$/iu.test(ref)
      ? Number.parseInt(ref.slice(2), 16)
      : /^#\d+$/u.test(ref)
        ? Number(ref.slice(1))
        : NaN;
    const char = Number.isNaN(code) || code > 0x10ffff ? undefined : String.fromCodePoint(code);
    if (char === undefined || NOT_XML.test(char)) throw new Error(`a bad reference ${whole} in ${where}`);
    return char;
  });
}

interface Building {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const TOKEN = new RegExp(
  `(?<text>[^<]+)|<(?<open>${NAME})(?<attrs>(?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(?<empty>/?)>|</(?<close>${NAME})\\s*>`,
  'uy',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'gu');

/** Reads a document; throws on anything a conforming XML parser would refuse. */
export function readXml(document: string): XmlElement {
  const declaration = /^<\?xml version="1\.0"(?: encoding="UTF-8")?\?>\s*/u.exec(document);
  const body = document.slice(declaration?.[0].length ?? 0).trimEnd();
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex;
    const groups = TOKEN.exec(body)?.groups;
    if (groups === undefined) throw new Error(`not XML at ${at}: ${JSON.stringify(body.slice(at, at + 30))}`);
    const top = stack.at(-1);
    if (groups.text !== undefined) {
      if (groups.text.includes(']]>')) throw new Error('a raw ]]> in text');
      if (top === undefined) {
        if (groups.text.trim() !== '') throw new Error('text outside the root element');
      } else top.text += resolve(groups.text, `<${top.name}>`);
    } else if (groups.open !== undefined) {
      if (root !== undefined) throw new Error('a second root element');
      const attributes: Record<string, string> = {};
      for (const [, name = '', double, single] of (groups.attrs ?? '').matchAll(ATTRIBUTE)) {
        if (Object.hasOwn(attributes, name)) throw new Error(`${name} twice in <${groups.open}>`);
        const raw = double ?? single ?? '';
        if (/[\t\n\r]/u.test(raw)) throw new Error(`a raw tab or line break in ${name} of <${groups.open}>`);
        attributes[name] = resolve(raw, `${name} of <${groups.open}>`);
      }
      const element: Building = { name: groups.open, attributes, children: [], text: '' };
      if (groups.empty === '/') finish(element);
      else stack.push(element);
    } else {
      const open = stack.pop();
      if (open === undefined || open.name !== groups.close)
        throw new Error(`</${groups.close ?? ''}> closes <${open?.name ?? ''}>`);
      finish(open);
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.map((e) => e.name).join('>, <')}> not closed`);
  if (root === undefined) throw new Error('no root element');
  return root;

  function finish(element: Building) {
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
  }
}

/** The children of an element with a name. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);
