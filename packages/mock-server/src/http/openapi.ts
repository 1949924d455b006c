/**
 * The API description for the real host's team: the contract's OpenAPI 3.1 document at
 * `/__mock/openapi.json` (its server is the request's own origin) and, at `/__mock/docs`, a page
 * rendered from that document on the server: self-contained HTML and CSS, no script, nothing loaded
 * from the network.
 */
import express, { type Request, type Router } from 'express';
import { openApiDocument, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from '@ebank/tools';
import { DEMO_PASSCODE } from '../bank/seed';

/** The demo persona (seeded), so the page's examples work as they are against this server. */
export const DOCS_EXAMPLE_EMAIL = 'demo@bank.test';
const FIELD_EXAMPLES = { email: DOCS_EXAMPLE_EMAIL, password: DEMO_PASSCODE } as const;
/** The sample image the curl examples upload. */
const SAMPLE_FILE = 'proof.png';
/** The shell variables the curl examples read the tokens from. */
const TOKEN_VARIABLES: Readonly<Record<string, string>> = { user: 'TOKEN', kyc: 'KYC_TOKEN' };

type Node = JsonSchema | boolean | undefined;

const isSchema = (node: unknown): node is JsonSchema =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The little Markdown the descriptions use within a line: **bold** and `code`. */
const inline = (line: string) =>
  escapeHtml(line)
    .replace(/\*\*([^*]+)\*\*/gu, '<strong>$1</strong>')
    .replace(/`([^`]+)`/gu, '<code>$1</code>');

/** ... and in blocks: paragraphs and `- ` lists. */
function markdown(text: string): string {
  return text
    .split(/\n{2,}/u)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.startsWith('- ')))
        return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

const shellQuote = (text: string) => `'${text.replace(/'/gu, `'\\''`)}'`;

// ------------------------------------------------------------------------------------------------
// reading the document

class Schemas {
  constructor(private readonly doc: OpenApiDocument) {}

  /** The schema a `$ref` points at (local component references only), or the schema itself. */
  resolve(node: Node, depth = 0): JsonSchema | undefined {
    if (!isSchema(node)) return undefined;
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const id = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    const target = id === undefined ? undefined : this.doc.components.schemas[id];
    return depth > 8 ? undefined : this.resolve(target, depth + 1);
  }

  /** A short human type: `string, at most 100 characters`, `one of "user", "admin"`, `array of Transaction`. */
  label(node: Node, depth = 0): string {
    if (node === true || node === undefined) return 'any JSON value';
    if (node === false) return 'nothing';
    if (depth > 4) return 'value';
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').at(-1) ?? 'value';
      const target = this.resolve(node);
      return target?.type === 'object' ? `object (${name})` : this.label(target, depth + 1);
    }
    if (node.const !== undefined) return JSON.stringify(node.const);
    if (node.enum) return `one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    const variants = node.anyOf ?? node.oneOf;
    if (variants) return [...new Set(variants.map((v) => this.label(v, depth + 1)))].join(' or ');
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    if (types.length === 0) return 'any JSON value';
    return types.map((type) => this.typeLabel(type, node, depth)).join(' or ');
  }

  private typeLabel(type: string, node: JsonSchema, depth: number): string {
    if (type === 'array') return `array of ${this.label(node.items as Node, depth + 1)}`;
    if (type === 'object' && isSchema(node.additionalProperties))
      return `map of ${this.label(node.additionalProperties, depth + 1)}`;
    if (type !== 'string') return type;
    if (node.format === 'binary') return 'file';
    const rules: string[] = [];
    if (node.format) rules.push(node.format);
    if (node.minLength !== undefined && node.maxLength !== undefined && node.minLength > 0)
      rules.push(`${node.minLength} to ${node.maxLength} characters`);
    else if (node.maxLength !== undefined) rules.push(`at most ${node.maxLength} characters`);
    if (node.pattern) rules.push(`matching ${node.pattern}`);
    if (node.contentMediaType) rules.push(`holding ${node.contentMediaType}`);
    return rules.length > 0 ? `string, ${rules.join(', ')}` : 'string';
  }

  /** The object variants of a request body (one, or one per branch of a union). */
  variants(node: Node): JsonSchema[] {
    const schema = this.resolve(node);
    if (!schema) return [];
    const branches = schema.oneOf ?? schema.anyOf;
    return branches ? branches.flatMap((b) => this.variants(b)) : [schema];
  }

  /** The object a value may be, looking through `X or null`, `$ref` and arrays. */
  private nested(node: Node): { schema: JsonSchema; suffix: string } | undefined {
    const schema = this.resolve(node);
    if (!schema) return undefined;
    if (schema.type === 'object' && schema.properties) return { schema, suffix: '.' };
    if (schema.type === 'array') {
      const inner = this.nested(schema.items as Node);
      return inner ? { schema: inner.schema, suffix: `[]${inner.suffix}` } : undefined;
    }
    if (schema.type === 'object' && isSchema(schema.additionalProperties)) {
      const inner = this.nested(schema.additionalProperties);
      return inner ? { schema: inner.schema, suffix: `.*${inner.suffix}` } : undefined;
    }
    const objects = (schema.anyOf ?? schema.oneOf ?? []).flatMap((v) => {
      const found = this.nested(v);
      return found ? [found] : [];
    });
    return objects.length === 1 ? objects[0] : undefined;
  }

  /** Rows for every property of an object schema, nested objects flattened as `a.b` and `a[].b`. */
  rows(node: Node, prefix = '', depth = 0): Row[] {
    const schema = this.resolve(node);
    if (!schema?.properties || depth > 4) return [];
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).flatMap(([name, property]) => {
      const resolved = this.resolve(property);
      const example = Array.isArray(resolved?.examples) ? resolved.examples[0] : undefined;
      const row: Row = {
        name: `${prefix}${name}`,
        type: this.label(property),
        required: required.has(name),
        description: resolved?.description ?? '',
        ...(typeof example === 'string' ? { example } : {}),
      };
      const inner = this.nested(property);
      return [row, ...(inner ? this.rows(inner.schema, `${prefix}${name}${inner.suffix}`, depth + 1) : [])];
    });
  }
}

interface Row {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
  readonly example?: string;
}

// ------------------------------------------------------------------------------------------------
// the page

export interface DocumentedOperation {
  readonly path: string;
  readonly operation: OpenApiOperation;
}

export const documentedOperations = (doc: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(doc.paths).map(([path, item]) => ({ path, operation: item.post }));

/** The curl command that makes the call: the real URL, and each required field as `-F`. */
export function curlExample(doc: OpenApiDocument, operation: OpenApiOperation): string {
  const schemas = new Schemas(doc);
  const wire = operation['x-wire'];
  const origin = doc.servers[0]?.url ?? '';
  const query = new URLSearchParams(Object.entries(wire.query)).toString();
  const url = `${origin === '/' ? '' : origin}${wire.path}${query ? `?${query}` : ''}`;
  const media = operation.requestBody.content['multipart/form-data'];
  const [variant] = schemas.variants(media?.schema);
  const lines = [`curl -X POST ${shellQuote(url)}`];
  for (const name of variant?.required ?? []) {
    const property = schemas.resolve(variant?.properties?.[name]);
    if (!property) continue;
    const examples = Array.isArray(property.examples) ? property.examples : [];
    const value = examples[0] ?? property.const;
    if (property.format === 'binary') {
      lines.push(`-F ${shellQuote(`${name}=@${SAMPLE_FILE};type=image/png`)}`);
    } else if (name === wire.tokenField) {
      lines.push(`-F "${name}=$${TOKEN_VARIABLES[wire.token] ?? 'TOKEN'}"`);
    } else if (typeof value === 'string') {
      // `--form-string` sends the value as it is where -F would read `@file`, `<file` or `;type=`.
      const literal = /^[@<"]|;/u.test(value);
      lines.push(`${literal ? '--form-string' : '-F'} ${shellQuote(`${name}=${value}`)}`);
    }
  }
  return lines.join(' \\\n  ');
}

function table(caption: string, rows: readonly Row[], nameHeading: string): string {
  if (rows.length === 0) return `<p class="none">${escapeHtml(caption)}: none.</p>`;
  const body = rows
    .map((row) => {
      const example = row.example === undefined ? '' : ` Example: <code>${escapeHtml(row.example)}</code>`;
      return `<tr><th scope="row"><code>${escapeHtml(row.name)}</code></th><td>${escapeHtml(row.type)}</td><td>${row.required ? 'yes' : 'no'}</td><td>${markdown(row.description)}${example}</td></tr>`;
    })
    .join('\n');
  return `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0"><table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">${nameHeading}</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead>
<tbody>
${body}
</tbody></table></div>`;
}

const operationAnchor = (operation: OpenApiOperation) => `op-${operation.operationId}`;

function renderOperation(doc: OpenApiDocument, { path, operation }: DocumentedOperation): string {
  const schemas = new Schemas(doc);
  const wire = operation['x-wire'];
  const id = operationAnchor(operation);
  const media = operation.requestBody.content['multipart/form-data'];
  const variants = schemas.variants(media?.schema);
  const requests = variants.map((variant, i) => {
    const discriminator = Object.entries(variant.properties ?? {}).find(
      ([name, p]) => isSchema(p) && typeof p.const === 'string' && name !== wire.marker?.field,
    );
    const which =
      variants.length > 1 && discriminator && isSchema(discriminator[1])
        ? ` when ${discriminator[0]} is ${String(discriminator[1].const)}`
        : variants.length > 1
          ? ` (variant ${i + 1})`
          : '';
    return table(`Request fields of ${operation.operationId}${which}`, schemas.rows(variant), 'Field');
  });
  const ok = operation.responses['200'];
  const replySchema = ok && 'content' in ok ? ok.content['application/json']?.schema : undefined;
  const replyName = typeof replySchema?.$ref === 'string' ? replySchema.$ref.split('/').at(-1) : undefined;
  const errors = Object.entries(operation.responses)
    .filter(([code]) => code !== '200')
    .map(([code, response]) => {
      const resolved = '$ref' in response ? doc.components.responses[response.$ref.split('/').at(-1) ?? ''] : response;
      return `<li><strong>${escapeHtml(code)}</strong>: ${inline(resolved?.description ?? '')}</li>`;
    })
    .join('');
  const token =
    wire.token === 'none'
      ? 'none'
      : `<code>${escapeHtml(wire.tokenField ?? 'token')}</code> field: the ${wire.token === 'kyc' ? 'temporary KYC' : 'user'} token ($${TOKEN_VARIABLES[wire.token] ?? 'TOKEN'} below)`;
  const query = new URLSearchParams(Object.entries(wire.query)).toString();
  return `<article aria-labelledby="${id}">
<h3 id="${id}">${escapeHtml(operation.operationId)}</h3>
<p class="summary">${escapeHtml(operation.summary)}</p>
<dl class="wire">
<dt>Call</dt><dd><code>POST ${escapeHtml(wire.path)}${query ? `?${escapeHtml(query)}` : ''}</code></dd>
${wire.marker ? `<dt>Marker field</dt><dd><code>${escapeHtml(wire.marker.field)}=${escapeHtml(wire.marker.value)}</code></dd>` : ''}
<dt>Token</dt><dd>${token}</dd>
<dt>Body</dt><dd>${wire.contentTypes.map((t) => `<code>${escapeHtml(t)}</code>`).join(' or ')}</dd>
<dt>In the document</dt><dd><code>${escapeHtml(path)}</code></dd>
</dl>
${markdown(operation.description)}
<h4>Example</h4>
<pre tabindex="0"><code>${escapeHtml(curlExample(doc, operation))}</code></pre>
<h4>Request fields</h4>
${requests.join('\n')}
<h4>Reply (200${replyName ? `, ${escapeHtml(replyName)}` : ''})</h4>
${table(`Reply of ${operation.operationId}`, schemas.rows(replySchema), 'Field')}
<h4>Errors (JSON: <code>ErrorReply</code>)</h4>
<ul>${errors}</ul>
</article>`;
}

const CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #14213d; background: #f5f7fb; }
body { margin: 0; }
a { color: #0b3d91; }
a:focus-visible, pre:focus-visible, .scroll:focus-visible { outline: 3px solid #b45f00; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 1; }
header { background: #0b3d91; color: #fff; padding: 1rem; }
header a { color: #fff; }
header p { margin: .25rem 0 0; }
main { max-width: 64rem; margin: 0 auto; padding: 0 1rem 3rem; }
section, article, nav { background: #fff; border-radius: 12px; padding: 1rem; margin: 1rem 0; box-shadow: 0 1px 3px #0002; }
section > article { box-shadow: none; border: 1px solid #d5dbe6; padding: .75rem; }
h1 { font-size: 1.5rem; margin: 0; }
h2 { font-size: 1.3rem; margin: 0 0 .5rem; }
h3 { font-size: 1.15rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
h4 { font-size: 1rem; margin: 1rem 0 .25rem; }
code { font-family: ui-monospace, monospace; font-size: .9em; overflow-wrap: anywhere; }
pre { background: #14213d; color: #f5f7fb; padding: .75rem; border-radius: 8px; overflow-x: auto; font-size: .85rem; }
pre code { overflow-wrap: normal; }
.scroll { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #d5dbe6; vertical-align: top; }
td p { margin: 0 0 .25rem; }
dl.wire { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .75rem; margin: .5rem 0; }
dl.wire dt { font-weight: 600; }
dl.wire dd { margin: 0; min-width: 0; }
.summary { margin: 0 0 .5rem; }
.none { color: #4a5a70; }
nav ul { padding-left: 1.25rem; }
@media (max-width: 480px) {
  main { padding: 0 .5rem 2rem; }
  section, article, nav { padding: .75rem; }
  dl.wire { grid-template-columns: 1fr; }
  th, td { padding: .3rem; }
}
`;

/** The whole page; every text from the document is escaped. */
export function renderDocs(doc: OpenApiDocument, jsonHref: string): string {
  const operations = documentedOperations(doc);
  const byTag = doc.tags.map((tag) => ({
    tag,
    operations: operations.filter((o) => o.operation.tags.includes(tag.name)),
  }));
  const origin = doc.servers[0]?.url ?? '';
  const login = `TOKEN=$(curl -s -X POST ${shellQuote(`${origin}/api/users.php?crud=userlogin`)} \\
  -F ${shellQuote(`email=${FIELD_EXAMPLES.email}`)} -F ${shellQuote(`password=${FIELD_EXAMPLES.password}`)} \\
  | sed -E 's/.*"jwt":"([^"]*)".*/\\1/')`;
  const toc = byTag
    .map(
      ({ tag, operations: list }) =>
        `<li><a href="#tag-${tag.name}">${escapeHtml(tag.name)}</a><ul>${list
          .map(
            ({ operation }) =>
              `<li><a href="#${operationAnchor(operation)}">${escapeHtml(operation.operationId)}</a>: ${escapeHtml(operation.summary)}</li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = byTag
    .map(
      ({ tag, operations: list }) => `<section aria-labelledby="tag-${tag.name}">
<h2 id="tag-${tag.name}">${escapeHtml(tag.name)}</h2>
${markdown(tag.description)}
${list.map((o) => renderOperation(doc, o)).join('\n')}
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Mock bank</title>
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<h1>API reference: the bank host's wire</h1>
<p>${escapeHtml(doc.info.title)}, version <code>${escapeHtml(doc.info.version)}</code>. <a href="${escapeHtml(jsonHref)}">The OpenAPI 3.1 document (JSON)</a></p>
</header>
<main id="main">
<section aria-labelledby="how">
<h2 id="how">How to call</h2>
${markdown(doc.info.description)}
<h3>A token to try the examples with</h3>
<p>The examples run as they are against this server (<code>${escapeHtml(origin)}</code>) with the demo customer <code>${escapeHtml(FIELD_EXAMPLES.email)}</code>. Log in and keep the user token in <code>$TOKEN</code>:</p>
<pre tabindex="0"><code>${escapeHtml(login)}</code></pre>
<p>Without files, <code>--data-urlencode 'name=value'</code> in place of <code>-F</code> sends the same call as <code>application/x-www-form-urlencoded</code>. <code>$KYC_TOKEN</code> is the temporary token of the identity check (see <code>submitVerification</code>).</p>
</section>
<nav aria-labelledby="toc"><h2 id="toc">Operations (${operations.length})</h2><ul>${toc}</ul></nav>
${sections}
</main>
</body>
</html>
`;
}

const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** `GET /openapi.json` and `GET /docs`; mount at `/__mock`. The document is made once, on first use. */
export function openApiRouter(): Router {
  const router = express.Router();
  let document: OpenApiDocument | undefined;
  const forRequest = (req: Request): OpenApiDocument => {
    document ??= openApiDocument({ fieldExamples: FIELD_EXAMPLES });
    return { ...document, servers: [{ url: originOf(req), description: 'This mock server' }] };
  };
  router.get('/openapi.json', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(forRequest(req));
  });
  router.get('/docs', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(renderDocs(forRequest(req), `${req.baseUrl}/openapi.json`));
  });
  return router;
}
