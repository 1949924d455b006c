/**
 * A recording of the validating proxy (packages/mock-server/src/http/recorder.ts), read back: the
 * manifest `recording.json` (the personas that signed in, what a pseudonym looks like) and one JSON file
 * per exchange under a folder per operation, in the order the exchanges reached the proxy.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

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
  seq: z.number().int().positive(),
  at: z.string(),
  operation: z.string().nullable(),
  wire: z.string().nullable(),
  persona: z.string().nullable(),
  request: z.object({
    contentType: z.string().nullable(),
    query: z.record(z.string(), JsonSchema),
    fields: z.record(z.string(), JsonSchema),
  }),
  reply: z.object({ status: z.number().int(), body: JsonSchema, json: z.boolean() }),
  pseudonymised: z.array(z.string()),
});
export type Exchange = z.infer<typeof ExchangeSchema>;

const ManifestSchema = z.object({
  format: z.literal(1),
  pseudonymPattern: z.string().optional(),
  personas: z.array(z.object({ email: z.string(), pseudonym: z.string() })).default([]),
});

export interface Recording {
  readonly dir: string;
  /** Each persona that signed in through the proxy, and the pseudonym its e-mail address has. */
  readonly personas: readonly { readonly email: string; readonly pseudonym: string }[];
  /** Matches any pseudonym, anywhere in a text. */
  readonly pseudonym: RegExp;
  /** Every exchange, by `seq`. */
  readonly exchanges: readonly Exchange[];
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads a recording folder; throws with the file's name when a file cannot be read. */
export async function readRecording(dir: string): Promise<Recording> {
  const entries = await readdir(dir, { withFileTypes: true });
  let personas: Recording['personas'] = [];
  let pattern = DEFAULT_PSEUDONYM_PATTERN;
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (entries.some((e) => e.isFile() && e.name === MANIFEST_FILE)) {
    const parsed = ManifestSchema.safeParse(JSON.parse(await readFile(manifestFile, 'utf8')));
    if (!parsed.success) throw new Error(`${manifestFile}: ${z.prettifyError(parsed.error)}`);
    personas = parsed.data.personas;
    pattern = parsed.data.pseudonymPattern ?? pattern;
  }
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
  exchanges.sort((a, b) => a.seq - b.seq);
  return { dir, personas, pseudonym: new RegExp(pattern, 'gu'), exchanges };
}
