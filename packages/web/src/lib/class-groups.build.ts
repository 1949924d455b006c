/**
 * Builds `class-groups.gen.ts`, the table `cn()` (in `utils.ts`) merges classes with. Run by
 * `scripts/gen-class-groups.ts`, and by `utils.test.ts`, which checks that the committed table is current.
 *
 * Tailwind only writes CSS for the class names it finds in the files it scans, so the classes that can matter at
 * run time are known at build time. This module:
 * 1. lists every class candidate of `src` as Tailwind sees it, with Tailwind's own scanner (`@tailwindcss/oxide`)
 *    and the `@source not` rules of `styles.css`;
 * 2. keeps the bases (variants and `!` taken off) that tailwind-merge knows;
 * 3. asks tailwind-merge, for every two of them, whether the later drops the earlier, and sorts them into groups
 *    of classes that behave alike;
 * 4. writes the groups, and for each group the other groups it drops.
 *
 * Tailwind scans this file too: it names no utility that the portal does not use.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { splitClass } from './utils';

const SRC = path.join(import.meta.dirname, '..');
export const GEN_FILE = path.join(import.meta.dirname, 'class-groups.gen.ts');
const GEN_PATTERN = path.relative(SRC, GEN_FILE).split(path.sep).join('/');
export const REGENERATE = 'cd packages/web && npx tsx scripts/gen-class-groups.ts';

/** Separators of the encoded table: characters of no class name, after which Tailwind reads no class name either. */
const GROUP = '|';
const ITEM = ';';
const STEM = '~';

interface SourceEntry {
  base: string;
  pattern: string;
  negated: boolean;
}

/** The part of `@tailwindcss/oxide` used here (the package ships no types this package can resolve). */
interface OxideScanner {
  scan(): string[];
  getCandidatesWithPositions(input: { content: string; extension: string }): { candidate: string }[];
}
type OxideScannerClass = new (options: { sources: SourceEntry[] }) => OxideScanner;

/** Tailwind's scanner, from the `@tailwindcss/oxide` that the Vite plugin runs (the plugin's own dependency). */
function tailwindScanner(sources: SourceEntry[]): OxideScanner {
  const plugin = createRequire(import.meta.url).resolve('@tailwindcss/vite');
  const { Scanner } = createRequire(plugin)('@tailwindcss/oxide') as { Scanner: OxideScannerClass };
  return new Scanner({ sources });
}

/** The files Tailwind scans in `src`: all but the `@source not` ones of `styles.css` (and the table itself). */
function sources(): SourceEntry[] {
  const css = readFileSync(path.join(SRC, 'styles.css'), 'utf8');
  const excluded = [...css.matchAll(/@source\s+not\s+['"]([^'"]+)['"]/gu)].map((match) =>
    (match[1] ?? '').replace(/^\.\//u, ''),
  );
  return [
    { base: SRC, pattern: '**/*', negated: false },
    ...[...excluded, GEN_PATTERN].map((pattern) => ({ base: SRC, pattern, negated: true })),
  ];
}

/** Every class candidate Tailwind finds in `src` (the table left out), with its variants. */
export function scanCandidates(): string[] {
  return tailwindScanner(sources()).scan();
}

/** The class candidates Tailwind would find in a text (a `.ts` file's). */
export function candidatesIn(content: string): string[] {
  return tailwindScanner([])
    .getCandidatesWithPositions({ content, extension: 'ts' })
    .map((found) => found.candidate);
}

const isKnown = (className: string) => twMerge(`${className} ${className}`) === className;

export interface ClassTable {
  /** Groups of classes that behave alike; group 0 holds the old-style `!` classes tailwind-merge does not know. */
  groups: string[][];
  /** For each group, the other groups that a later class of it drops. */
  drops: number[][];
  /** The order-sensitive variants (`*:`, `file:`...) that the classes use, in tailwind-merge's list. */
  ordered: string[];
}

/**
 * The table for a set of class candidates. Its entries are the bases tailwind-merge knows, and, for a base with a
 * `/` (an opacity), its `!`-first form when tailwind-merge treats that differently (it looks the part before the
 * `/` up one character too long).
 */
export function buildClassTable(candidates: Iterable<string>): ClassTable {
  const split = [...new Set(candidates)].map(splitClass);
  const bases = [...new Set(split.map((parts) => parts.base))].filter(isKnown).sort();
  const known = new Set(bases);
  const legacy = bases.filter((base) => base.includes('/')).map((base) => `!${base}`);
  const entries = [...bases, ...legacy];
  // Each entry as a class, all important so that the plain and the `!`-first ones share a slot.
  const asClass = (entry: string) => (entry.startsWith('!') ? entry : `${entry}!`);
  // drops[b][a]: a later `b` drops an earlier `a`.
  const dropsMatrix = entries.map((later) =>
    entries.map((earlier) => {
      const list = `${asClass(earlier)} ${asClass(later)}`;
      return twMerge(list) === asClass(later);
    }),
  );
  const signature = (index: number) =>
    (dropsMatrix[index] ?? []).map(Number).join('') + '/' + dropsMatrix.map((row) => Number(row[index])).join('');

  const groupOf = new Map<string, string[]>();
  const legacyUnknown: string[] = [];
  entries.forEach((entry, index) => {
    if (entry.startsWith('!') && !isKnown(entry)) {
      legacyUnknown.push(entry);
      return;
    }
    const key = signature(index);
    groupOf.set(key, [...(groupOf.get(key) ?? []), entry]);
  });
  const sorted = [...groupOf.values()].sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
  const groupIndex = new Map<string, number>();
  sorted.forEach((group, index) => {
    for (const entry of group) groupIndex.set(entry, index + 1);
  });
  const all = [legacyUnknown, ...sorted];
  const drops = all.map((group, index) => {
    const first = group[0];
    if (index === 0 || first === undefined) return [];
    const row = dropsMatrix[entries.indexOf(first)] ?? [];
    const dropped = new Set(entries.filter((_, other) => row[other]).map((entry) => groupIndex.get(entry) ?? 0));
    dropped.delete(index);
    dropped.delete(0);
    return [...dropped].sort((a, b) => a - b);
  });
  // A `!`-first entry that behaves as its base needs no entry of its own.
  const groups = all.map((group, index) =>
    group.filter((entry) => !entry.startsWith('!') || groupIndex.get(entry.slice(1)) !== index),
  );
  const variants = new Set(split.filter((parts) => known.has(parts.base)).flatMap((parts) => parts.variants));
  const ordered = getDefaultConfig().orderSensitiveModifiers.filter((variant) => variants.has(variant));
  return { groups, drops, ordered };
}

/** A group as `stem~value;value;stem~value`: a stem is the start of its value and of the values after it. */
export function encodeGroup(group: readonly string[]) {
  let stem = '';
  return group
    .map((entry, index) => {
      const next = group[index + 1] ?? '';
      let shared = 0;
      while (shared < entry.length && entry[shared] === next[shared]) shared += 1;
      // The stem this entry shares with the next one, up to a `-` or `/`, but never the whole entry.
      const newStem = entry.slice(0, shared).replace(/[^-/]*$/u, '');
      if (stem !== '' && entry.startsWith(stem) && entry !== stem && newStem.length <= stem.length) {
        return entry.slice(stem.length);
      }
      const usable = newStem.length > 1 && newStem !== entry ? newStem : '';
      if (usable === stem) return entry.slice(stem.length);
      stem = usable;
      return `${stem}${STEM}${entry.slice(stem.length)}`;
    })
    .join(ITEM);
}

/** The inverse of `encodeGroup`, as `cn()` decodes it. */
export function decodeGroup(encoded: string) {
  let stem = '';
  return encoded.split(ITEM).map((item) => {
    const [first = '', value] = item.split(STEM);
    if (value !== undefined) stem = first;
    return stem + (value ?? first);
  });
}

/** The table as `class-groups.gen.ts` holds it: `groups` one string a group (joined, they are `GROUPS`). */
export function encodeClassTable({ groups, drops, ordered }: ClassTable) {
  for (const entry of [...groups.flat(), ...ordered]) {
    if ([GROUP, ITEM, STEM, "'", '\\'].some((char) => entry.includes(char)) || /\s/u.test(entry)) {
      throw new Error(`${entry}: a class name with a separator of the table, or a quote`);
    }
  }
  // Each group after its separator; group 0 (usually empty) first, after an empty class.
  const encoded = groups.flatMap((group, index) => {
    const items = encodeGroup(group);
    if (group.length > 0 && JSON.stringify(decodeGroup(items)) !== JSON.stringify(group)) {
      throw new Error(`${items}: not decoded back`);
    }
    if (index > 0) return [GROUP + items];
    return group.length > 0 ? [ITEM + items] : [];
  });
  const dropped: Partial<Record<number, number[]>> = {};
  drops.forEach((others, index) => {
    if (others.length > 0) dropped[index] = others;
  });
  return { groups: encoded, drops: dropped, ordered: ordered.join(GROUP) };
}

/** The text of `class-groups.gen.ts`. */
export function renderClassTable(table: ClassTable) {
  const { groups, drops, ordered } = encodeClassTable(table);
  const dropList = Object.entries(drops).map(([index, others = []]) => `${index}:[${others.join(',')}]`);
  return `// Generated from the class names Tailwind finds in src, by src/lib/class-groups.build.ts: do not edit.
// Regenerate: ${REGENERATE}

/**
 * The Tailwind classes of the portal that tailwind-merge knows (${table.groups.flat().length}), in groups of classes that behave
 * alike: a class drops every earlier one of its group, and of the groups \`DROPS\` lists for it, under the same
 * variants and \`!\`. Groups are separated by \`${GROUP}\` (group 0, first, is classes that are kept, never merged),
 * classes by \`${ITEM}\`; in \`stem${STEM}value\`, the stem starts this class and the next ones, up to another stem.
 * The separators hide the names from Tailwind, which would otherwise write CSS for them.
 */
export const GROUPS =
${groups.map((group) => `  '${group}'`).join(' +\n')};

/** Group → the other groups that a later class of it drops. */
export const DROPS: Partial<Record<number, number[]>> = { ${dropList.join(', ')} };

/** The variants whose order matters that the portal uses (tailwind-merge sorts the others), separated by \`${GROUP}\`. */
export const ORDERED = '${ordered}';
`;
}

/** The text `class-groups.gen.ts` should have, from the source as it is now. */
export function generateClassGroups() {
  return renderClassTable(buildClassTable(scanCandidates()));
}

export function writeClassGroups() {
  const text = generateClassGroups();
  writeFileSync(GEN_FILE, text);
  return text;
}
