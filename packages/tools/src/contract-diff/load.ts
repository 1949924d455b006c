/**
 * The contract at a git ref. `packages/contract` at that commit is extracted (`git archive | tar -x`) into
 * a temporary folder inside `packages/contract/node_modules/.contract-diff/`, so that its bare imports
 * (zod, @ts-rest/core) resolve to the same packages as the working tree's, and its `src/operations.ts` is
 * imported (the command runs under tsx, which loads TypeScript). The folder is removed afterwards; the
 * loaded schemas stay in memory.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fieldMeta, type FieldMeta, type OperationDef } from '@ebank/contract';
import * as z from 'zod/mini';
import type { ContractOperations } from './diff';

const run = promisify(execFile);

/** The repository's root (this file is packages/tools/src/contract-diff/load.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CONTRACT_DIR = 'packages/contract';

/** A problem with what the caller asked for (an unknown ref, no contract there): exit code 2. */
export class UsageError extends Error {}

export interface LoadedContract {
  /** The commit the ref names. */
  readonly commit: string;
  readonly operations: ContractOperations;
}

/** The commit a ref names; a {@link UsageError} when it names none. */
export async function resolveRef(ref: string, root = REPO_ROOT): Promise<string> {
  if (ref.trim() === '' || ref.startsWith('-')) throw new UsageError(`'${ref}' is not a git ref`);
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root });
    const commit = stdout.trim();
    if (/^[0-9a-f]{40,64}$/u.test(commit)) return commit;
  } catch {
    // Not a commit: said below.
  }
  throw new UsageError(`'${ref}' is not a commit of this repository (git rev-parse found nothing)`);
}

/** Runs `git archive <commit> packages/contract | tar -x -C <dir>`. */
function extract(commit: string, dir: string, root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const git = spawn('git', ['archive', '--format=tar', commit, CONTRACT_DIR], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    git.stdout.pipe(tar.stdin);
    let gitError = '';
    let tarError = '';
    git.stderr.on('data', (chunk: Buffer) => (gitError += chunk.toString()));
    tar.stderr.on('data', (chunk: Buffer) => (tarError += chunk.toString()));
    let gitCode: number | null | undefined;
    let tarCode: number | null | undefined;
    const settle = () => {
      if (gitCode === undefined || tarCode === undefined) return;
      if (gitCode !== 0)
        reject(
          new UsageError(`${CONTRACT_DIR} is not in ${commit.slice(0, 12)}: ${gitError.trim().split('\n')[0] ?? ''}`),
        );
      else if (tarCode !== 0) reject(new Error(`tar could not extract ${CONTRACT_DIR}: ${tarError.trim()}`));
      else resolve();
    };
    git.on('error', reject);
    tar.on('error', reject);
    git.on('close', (code) => {
      gitCode = code;
      settle();
    });
    tar.on('close', (code) => {
      tarCode = code;
      settle();
    });
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value is an operation's plain view, as operation.ts defines it. */
function isOperation(value: unknown): value is OperationDef {
  if (!isRecord(value)) return false;
  const { selector, auth, kind, request, files, reply } = value;
  return (
    isRecord(selector) &&
    (typeof selector.marker === 'string' || typeof selector.crud === 'string') &&
    (auth === 'user' || auth === 'kyc' || auth === 'none') &&
    (kind === 'query' || kind === 'mutation') &&
    // Any zod schema: a contract of an older commit may build its schemas with zod's classic API.
    request instanceof z.core.$ZodType &&
    reply instanceof z.core.$ZodType &&
    isRecord(files)
  );
}

/** The `operations` export of a loaded operations.ts, checked. */
export function operationsOf(module: unknown, where: string): ContractOperations {
  const operations = isRecord(module) ? module.operations : undefined;
  if (!isRecord(operations))
    throw new UsageError(`the contract at ${where} has no 'operations' export in src/operations.ts`);
  const checked: Record<string, OperationDef> = {};
  for (const [name, operation] of Object.entries(operations)) {
    if (!isOperation(operation))
      throw new UsageError(`the contract at ${where} describes ${name} in a form this command does not read`);
    checked[name] = operation;
  }
  return checked;
}

const FIELD_KINDS: ReadonlySet<string> = new Set<FieldMeta['kind']>([
  'text',
  'digits',
  'email',
  'money',
  'flag',
  'date',
  'phone',
  'id',
  'json',
]);

/** Whether a field description is one this working tree's openapi.ts can read. */
function isFieldMeta(value: unknown): value is FieldMeta {
  if (!isRecord(value) || typeof value.kind !== 'string' || !FIELD_KINDS.has(value.kind)) return false;
  if (value.kind === 'text')
    return typeof value.min === 'number' && typeof value.max === 'number' && typeof value.multiline === 'boolean';
  if (value.kind === 'digits') return typeof value.length === 'number';
  return true;
}

interface MetaRegistry {
  get: (schema: z.core.$ZodType) => unknown;
}

const isRegistry = (value: unknown): value is MetaRegistry => isRecord(value) && typeof value.get === 'function';

/** The schemas a schema is made of (an object's fields, a union's options, a codec's two sides, ...). */
function* parts(schema: z.core.$ZodType): Generator<z.core.$ZodType> {
  const def = schema._zod.def;
  for (const key of Object.keys(def)) {
    const value: unknown = Reflect.get(def, key);
    const items: readonly unknown[] =
      value instanceof z.core.$ZodType
        ? [value]
        : Array.isArray(value)
          ? value
          : isRecord(value)
            ? Object.values(value)
            : [];
    for (const item of items) if (item instanceof z.core.$ZodType) yield item;
  }
}

/**
 * Gives the working tree's field registry the field descriptions of the loaded contract's schemas. The
 * JSON Schema of a field says what openapi.ts adds from that registry (a text's minimum length, a date's
 * format, a JSON field's inner schema); the loaded contract registered its fields in its own copy of
 * fields.ts, so without this its schemas would lack those parts and differ from the working tree's where
 * nothing changed.
 */
export function shareFieldMeta(operations: ContractOperations, registry: unknown): void {
  if (!isRegistry(registry)) return;
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const meta = registry.get(schema);
    if (isFieldMeta(meta) && !fieldMeta.has(schema)) fieldMeta.add(schema, meta);
    for (const part of parts(schema)) visit(part);
  };
  for (const operation of Object.values(operations)) visit(operation.request);
}

/** Imports a TypeScript module of the extracted contract. */
async function importFrom(dir: string, file: string): Promise<unknown> {
  return (await import(pathToFileURL(path.join(dir, CONTRACT_DIR, 'src', file)).href)) as unknown;
}

/** The contract's operations at a commit (see the top of this file). */
export async function loadContractAt(ref: string, root = REPO_ROOT): Promise<LoadedContract> {
  const commit = await resolveRef(ref, root);
  const parent = path.join(root, CONTRACT_DIR, 'node_modules', '.contract-diff');
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, `${commit.slice(0, 12)}-`));
  try {
    await extract(commit, dir, root);
    const where = `${ref} (${commit.slice(0, 12)})`;
    let module: unknown;
    try {
      module = await importFrom(dir, 'operations.ts');
    } catch (error) {
      throw new UsageError(
        `could not load the contract at ${where}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    const operations = operationsOf(module, where);
    const fields = await importFrom(dir, 'fields.ts').catch(() => undefined);
    shareFieldMeta(operations, isRecord(fields) ? fields.fieldMeta : undefined);
    return { commit, operations };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
