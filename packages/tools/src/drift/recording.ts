/**
 * A recording of the validating proxy (packages/mock-server/src/http/recorder.ts), read back: the
 * manifest `recording.json` (the pseudonyms of the personas that signed in, what a pseudonym looks like)
 * and one JSON file per exchange under a folder per operation, in the order the exchanges reached the
 * proxy. A folder that is not such a recording (missing, empty, no manifest) is refused with a
 * {@link NotARecording}: the caller named the wrong folder, which is not the same as a broken recording.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';

/** The manifest's file name, at the top of the folder. */
export const MANIFEST_FILE = 'recording.json';
/** What a pseudonym looks like when the manifest does not say (the recorder's pattern). */
export const DEFAULT_PSEUDONYM_PATTERN =
  'anon-[0-9a-f]{8}(?:@example\\.invalid)?|\\+000 \\d{8}|0000\\d{8}|1900-\\d{2}-\\d{2}';
/** What the recorder writes for a masked secret. */
export const MASK = '***';

export type Json = z.infer<ReturnType<typeof z.json>>;

const JsonSchema = z.json();

export const ExchangeSchema = z.object({
  format: z.literal(1),
  seq: z.int().check(z.positive()),
  at: z.string(),
  operation: z.nullable(z.string()),
  wire: z.nullable(z.string()),
  /** The pseudonym of the persona's e-mail address (an address in recordings made before pseudonyms). */
  persona: z.nullable(z.string()),
  request: z.object({
    contentType: z.nullable(z.string()),
    query: z.record(z.string(), JsonSchema),
    fields: z.record(z.string(), JsonSchema),
  }),
  reply: z.object({ status: z.int(), body: JsonSchema, json: z.boolean() }),
  pseudonymised: z.array(z.string()),
});
export type Exchange = z.infer<typeof ExchangeSchema>;

// An `email` beside the pseudonym (recordings made before the recorder stopped writing addresses) is
// dropped: the replay signs in with the addresses --email gives, never with the recorded ones.
const ManifestSchema = z.object({
  format: z.literal(1),
  pseudonymPattern: z.optional(z.string()),
  personas: z._default(z.array(z.object({ pseudonym: z.string() })), []),
});

/** Not a recording at all: a folder that does not exist, or holds no manifest or no exchange. */
export class NotARecording extends Error {
  override readonly name = 'NotARecording';
}

export interface Recording {
  readonly dir: string;
  /** The pseudonym of each persona that signed in through the proxy, in the order they first did. */
  readonly personas: readonly { readonly pseudonym: string }[];
  /** Matches any pseudonym, anywhere in a text. */
  readonly pseudonym: RegExp;
  /** Every exchange, by `seq`. */
  readonly exchanges: readonly Exchange[];
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The folder's entries; a NotARecording when there is no folder. */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT') throw new NotARecording(`No recording in ${dir}: the folder does not exist`);
    if (code === 'ENOTDIR') throw new NotARecording(`No recording in ${dir}: it is not a folder`);
    throw error;
  }
}

/**
 * Reads a recording folder. Throws a {@link NotARecording} when the folder does not exist, has no
 * recording.json (the proxy writes it before any exchange) or no exchange, so that a wrong path is never
 * a recording in which nothing drifts; and an Error with the file's name when a file cannot be read.
 */
export async function readRecording(dir: string): Promise<Recording> {
  const entries = await entriesOf(dir);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!entries.some((e) => e.isFile() && e.name === MANIFEST_FILE))
    throw new NotARecording(
      `No recording in ${dir}: it has no ${MANIFEST_FILE} (the proxy writes one into the folder MOCK_RECORD_DIR names)`,
    );
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  } catch (error) {
    throw new Error(`${manifestFile}: ${describe(error)}`, { cause: error });
  }
  const parsed = ManifestSchema.safeParse(manifest);
  if (!parsed.success) throw new Error(`${manifestFile}: ${z.prettifyError(parsed.error)}`);
  const { personas } = parsed.data;
  const pattern = parsed.data.pseudonymPattern ?? DEFAULT_PSEUDONYM_PATTERN;
  const exchanges: Exchange[] = [];
  for (const folder of entries) {
    if (!folder.isDirectory()) continue;
    for (const name of (await readdir(path.join(dir, folder.name))).sort()) {
      if (!/^\d+\.json$/u.test(name)) continue;
      const file = path.join(dir, folder.name, name);
      let data: unknown;
      try {
        data = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file}: ${describe(error)}`, { cause: error });
      }
      const parsed = ExchangeSchema.safeParse(data);
      if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
      exchanges.push(parsed.data);
    }
  }
  if (exchanges.length === 0)
    throw new NotARecording(`No recording in ${dir}: it has no recorded exchange (<operation>/<seq>.json)`);
  exchanges.sort((a, b) => a.seq - b.seq);
  return { dir, personas, pseudonym: new RegExp(pattern, 'gu'), exchanges };
}
