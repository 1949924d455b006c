/**
 * Two versions of the contract compared operation by operation: the operation itself (added, removed,
 * its selector, token or kind changed), its request fields, its files and its reply. Fields and replies
 * are compared on their wire JSON Schema (openapi.ts's {@link wireJsonSchema}, the form the host sees),
 * with the rules of schema-diff.ts; files on their specs.
 *
 * Operation rules (the portal calls the host; see schema-diff.ts for what each class means):
 * - added: breaking for the host (it must now answer it);
 * - removed: breaking for the portal (an old portal still calls it);
 * - its selector (the wire name), token or kind changed: breaking for both.
 * File rules (a request's files are strict: the host refuses a file the operation does not take):
 * - added: required breaks both, optional is compatible; removed: breaks the portal;
 * - optional to required, a type no longer accepted, a lower size limit: breaks the portal;
 * - required to optional, a type now accepted, a higher size limit: breaks the host.
 */
import { formatBytes, selectorLabel, type FileSpec, type FileSpecs, type OperationDef } from '@ebank/contract';
import { wireJsonSchema } from '../openapi';
import { diffSchemas, narrower, wider, type ChangeClass, type SchemaChange } from './schema-diff';

export type { ChangeClass } from './schema-diff';

/** The operations of one version of the contract, by TypeScript name. */
export type ContractOperations = Readonly<Record<string, OperationDef>>;

export interface Change extends SchemaChange {
  /** The operation's TypeScript name. */
  readonly operation: string;
}

/** Whether a class is a breaking one. */
export const isBreaking = (cls: ChangeClass) => cls !== 'compatible';

/** The differences of one operation's files. */
export function diffFiles(base: FileSpecs, head: FileSpecs): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const add = (path: string, change: string, cls: ChangeClass) => changes.push({ path, change, class: cls });
  for (const [name, spec] of Object.entries(head)) {
    const path = `files.${name}`;
    const old = Object.hasOwn(base, name) ? base[name] : undefined;
    if (old === undefined)
      add(path, spec.required ? 'required file added' : 'optional file added', spec.required ? 'both' : 'compatible');
    else compareFile(old, spec, path, add);
  }
  for (const name of Object.keys(base)) if (!Object.hasOwn(head, name)) add(`files.${name}`, 'file removed', 'portal');
  return changes;
}

function compareFile(
  base: FileSpec,
  head: FileSpec,
  path: string,
  add: (path: string, change: string, cls: ChangeClass) => void,
): void {
  if (base.required && !head.required) add(path, 'required → optional', wider('request'));
  if (!base.required && head.required) add(path, 'optional → required', narrower('request'));
  const added = head.types.filter((type) => !base.types.includes(type));
  const removed = base.types.filter((type) => !head.types.includes(type));
  if (added.length > 0) add(path, `file types added: ${added.join(', ')}`, wider('request'));
  if (removed.length > 0) add(path, `file types removed: ${removed.join(', ')}`, narrower('request'));
  if (base.maxBytes !== head.maxBytes)
    add(
      path,
      `size limit ${formatBytes(base.maxBytes)} → ${formatBytes(head.maxBytes)}`,
      head.maxBytes > base.maxBytes ? wider('request') : narrower('request'),
    );
}

/** The differences of one operation present in both versions. */
export function diffOperation(base: OperationDef, head: OperationDef): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const before = selectorLabel(base.selector);
  const after = selectorLabel(head.selector);
  if (before !== after)
    changes.push({ path: 'selector', change: `selector changed: ${before} → ${after}`, class: 'both' });
  if (base.auth !== head.auth)
    changes.push({ path: 'auth', change: `token changed: ${base.auth} → ${head.auth}`, class: 'both' });
  if (base.kind !== head.kind)
    changes.push({ path: 'kind', change: `kind changed: ${base.kind} → ${head.kind}`, class: 'both' });
  changes.push(...diffSchemas(wireJsonSchema(base.request), wireJsonSchema(head.request), 'request'));
  changes.push(...diffFiles(base.files, head.files));
  changes.push(...diffSchemas(wireJsonSchema(base.reply), wireJsonSchema(head.reply), 'reply'));
  return changes;
}

/** Every operation's name in either version: the new version's order, then the removed ones. */
export const operationNamesOf = (base: ContractOperations, head: ContractOperations) => [
  ...new Set([...Object.keys(head), ...Object.keys(base)]),
];

/** The differences between two versions of the contract, operation by operation. */
export function diffContracts(base: ContractOperations, head: ContractOperations): Change[] {
  const changes: Change[] = [];
  for (const operation of operationNamesOf(base, head)) {
    const old = Object.hasOwn(base, operation) ? base[operation] : undefined;
    const now = Object.hasOwn(head, operation) ? head[operation] : undefined;
    if (old === undefined) changes.push({ operation, path: 'operation', change: 'operation added', class: 'host' });
    else if (now === undefined)
      changes.push({ operation, path: 'operation', change: 'operation removed', class: 'portal' });
    else changes.push(...diffOperation(old, now).map((change) => ({ operation, ...change })));
  }
  return changes;
}
