import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { textLinkClass } from '@/components/ui/text-link';
import {
  buildClassTable,
  candidatesIn,
  encodeClassTable,
  GEN_FILE,
  REGENERATE,
  renderClassTable,
  scanCandidates,
} from './class-groups.build';
import { cnInputs, sourceClassLists } from './class-corpus';
import { classMerger, cn, splitClass } from './utils';

/*
 * `cn()` knows only the classes of the portal: the Tailwind classes of `src` (tests and the corpus left out), the
 * only ones Tailwind writes CSS for, so the only ones whose merge shows. So these tests keep no list of Tailwind
 * classes that the portal does not use, to merge as tailwind-merge would: by design, `cn()` keeps them. The few
 * such classes named here (to check that it keeps them, and to try the table's builder) are written as
 * comma-separated lists: Tailwind reads no word followed by a comma as a class name, should it ever scan this file
 * (`styles.css` keeps the tests out of its scan).
 */

/** A list of classes, each followed by a comma. */
function commaList(text: string) {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const words = (list: string) => list.split(/\s+/u).filter((word) => word !== '');
const unique = <T>(items: readonly T[]) => [...new Set(items)];
const isTailwindClass = (word: string) => twMerge(`${word} ${word}`) === word;

/**
 * Every string literal of the web source that reads as a class list, but for type names (`Omit<..., 'transform'>`)
 * and other JSX attributes than `className` (`variant="outline"`). The tests, the corpus and the class table are
 * left out.
 */
function scanSourceClassLists(): string[] {
  const src = path.join(import.meta.dirname, '..');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/u.test(file) && !/\.(test|gen|build)\.tsx?$|lib[\\/]class-corpus\.ts$/u.test(file),
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isLiteralTypeNode(node) || (ts.isJsxAttribute(node) && node.name.getText() !== 'className')) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      const list = words(node.text);
      const classLike = list.every(
        (word) => isTailwindClass(word) || /[-:[\]]/u.test(word) || word === 'group' || word === 'peer',
      );
      if (classLike && list.some(isTailwindClass)) found.push(list.join(' '));
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) {
    visit(ts.createSourceFile(file, readFileSync(path.join(src, file), 'utf8'), ts.ScriptTarget.Latest, true));
  }
  return unique(found);
}

/** The class lists that differ: `[list, ours, tailwind-merge's]`. */
function mismatches(lists: Iterable<string>) {
  const found: [string, string, string][] = [];
  for (const list of lists) {
    const ours = cn(list);
    const theirs = twMerge(list);
    if (ours !== theirs) found.push([list, ours, theirs]);
  }
  return found;
}

function* pairs(firsts: readonly string[], seconds: readonly string[]) {
  for (const first of firsts) for (const second of seconds) yield `${first} ${second}`;
}

/** What Tailwind finds in `src` now, and the table it makes. */
const candidates = scanCandidates();
const table = buildClassTable(candidates);
/** Every Tailwind class of the portal, with its variants, as Tailwind finds it. */
const tailwindClasses = candidates.filter((candidate) => isTailwindClass(splitClass(candidate).base));

const sourceLists = scanSourceClassLists();
const portalLists = unique([...cnInputs, ...sourceClassLists, ...sourceLists]);
const portalClasses = unique([...portalLists.flatMap(words), ...tailwindClasses]);
const split = portalClasses.map(splitClass);
/** The portal's classes without variants or `!`: those tailwind-merge knows (`group` and such left out). */
const bases = unique(split.map((parts) => parts.base)).filter(isTailwindClass);
const variants = unique(split.flatMap((parts) => parts.variants));

/** Classes tailwind-merge knows that the portal does not use (so that Tailwind writes no CSS for them). */
const OUTSIDE = commaList(`
float-left, space-x-2, p-13, px-[7px], mt-13, text-7xl, text-red-500, bg-red-500/50, size-13, w-1/3, border-x-4,
rounded-t-2xl, ring-8, shadow-2xl, opacity-35, z-40, rotate-45, duration-200, leading-9, col-span-5, [mask-type:alpha],
`);

describe('the class table', () => {
  it('is generated from the source as it is now', () => {
    const committed = readFileSync(GEN_FILE, 'utf8');
    expect(committed, `class-groups.gen.ts is out of date: regenerate it with \`${REGENERATE}\``).toBe(
      renderClassTable(table),
    );
  });

  it('knows every Tailwind class of the portal, and none outside it', () => {
    const entries = new Set(table.groups.flat());
    expect(bases.filter((base) => !entries.has(base))).toEqual([]);
    expect(OUTSIDE.filter((className) => entries.has(className) || !isTailwindClass(className))).toEqual([]);
    // Tailwind's scan finds the portal's classes (here, those of a link).
    expect(tailwindClasses).toEqual(expect.arrayContaining(words(textLinkClass)));
  });

  it('hides its class names from Tailwind, which writes CSS only for the classes of the source', () => {
    const found = new Set(candidates);
    const named = candidatesIn(readFileSync(GEN_FILE, 'utf8'));
    expect(named.filter((candidate) => isTailwindClass(candidate) && !found.has(candidate))).toEqual([]);
  });

  it('merges any other set of classes as tailwind-merge does, when built from them', () => {
    // Classes of groups that drop others one way only, or in a chain (`ordinal` drops `normal-nums`, which drops
    // `slashed-zero`), modifiers (`/6`), and the `!` that tailwind-merge reads apart: it looks `!text-sm/6` up at
    // `text-sm/` (a text colour), and keeps `!top-1/x` (it finds nothing at `top-1/`).
    const classes = commaList(`
      text-sm/6, text-sm, text-primary, leading-none, leading-9, top-1/x, top-1, top-1/2, inset-0, inset-x-0, p-4,
      px-3, pt-2, w-1/3, size-13, h-4, bg-red-500/50, bg-red-500, float-left, normal-nums, ordinal, slashed-zero,
      line-clamp-2, block, overflow-hidden, [mask-type:alpha], [mask-type:luminance], group,
    `);
    const someVariants = commaList('hover, sm, *, before, [&_svg], data-[state=open],');
    const built = buildClassTable([...classes, ...someVariants.map((variant) => `${variant}:${classes[0] ?? ''}`)]);
    const groupOf = (entry: string) => built.groups.findIndex((group) => group.includes(entry));
    const [fontSize = '', legacy = '', fraction = '', legacyFraction = ''] = commaList(
      'text-sm/6, !text-sm/6, top-1/x, !top-1/x,',
    );
    expect(groupOf(legacy)).toBe(groupOf('text-primary'));
    expect(groupOf(fontSize)).toBe(groupOf('text-sm'));
    expect(groupOf(legacyFraction)).toBe(0);
    expect(groupOf(fraction)).toBe(groupOf('top-1'));
    expect(built.ordered).toEqual(commaList('*, before,'));

    const { groups, drops, ordered } = encodeClassTable(built);
    const merge = classMerger(groups.join(''), drops, ordered);
    const aClass = fc
      .record({
        variants: fc.shuffledSubarray(someVariants, { maxLength: 3 }),
        base: fc.constantFrom(...classes),
        important: fc.constantFrom('', '!', '!first'),
      })
      .map(({ variants, base, important }) =>
        [...variants, important === '!first' ? `!${base}` : base + important].join(':'),
      );
    fc.assert(
      fc.property(fc.array(aClass, { maxLength: 10 }), (list) => {
        expect(merge(list.join(' '))).toBe(twMerge(list.join(' ')));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('cn', () => {
  // The examples use classes of the portal only, so that Tailwind adds no CSS for them.
  it('joins its arguments as clsx does and lets the later Tailwind utility win', () => {
    expect(cn('px-3 py-2 text-sm', false, undefined, 'p-4')).toBe('text-sm p-4');
    expect(cn('grid gap-2', { 'gap-1.5': true, hidden: false }, ['text-muted-foreground'])).toBe(
      'grid gap-1.5 text-muted-foreground',
    );
    // Font size and text colour share `text-`, but not a group; `size-*` overrides `w-*` and `h-*`, not `max-w-*`.
    expect(cn('text-sm text-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('h-9 w-4 max-w-md', 'size-10')).toBe('max-w-md size-10');
    // A side does not drop the whole: `px-3` after `p-4` keeps it.
    expect(cn('p-4 px-3')).toBe('p-4 px-3');
    // Each set of variants, and the important modifier, is a slot of its own.
    expect(
      cn(
        'focus-visible:ring-ring/40 aria-invalid:focus-visible:ring-destructive/25 size-3.5!',
        'focus-visible:ring-ring/60 size-4',
      ),
    ).toBe('aria-invalid:focus-visible:ring-destructive/25 size-3.5! focus-visible:ring-ring/60 size-4');
    // Variants in another order are the same variants, but for those whose order matters (`*:`).
    expect(cn('aria-invalid:focus-visible:ring-destructive/25', 'focus-visible:aria-invalid:ring-destructive/15')).toBe(
      'focus-visible:aria-invalid:ring-destructive/15',
    );
    expect(cn('sm:hover:[&_svg]:size-4', 'hover:sm:[&_svg]:size-5')).toBe('hover:sm:[&_svg]:size-5');
    expect(cn('*:data-[slot=select-value]:block', 'data-[slot=select-value]:*:line-clamp-1')).toBe(
      '*:data-[slot=select-value]:block data-[slot=select-value]:*:line-clamp-1',
    );
    // Arbitrary values and opacity modifiers merge; `group` (no utility) is kept.
    expect(cn('group min-w-[8rem] bg-card/95', 'min-w-(--radix-select-trigger-width) bg-accent/40')).toBe(
      'group min-w-(--radix-select-trigger-width) bg-accent/40',
    );
    expect(cn('', false)).toBe('');
  });

  it('merges every class list of the portal exactly as tailwind-merge does', () => {
    expect(cnInputs.length).toBeGreaterThan(100);
    // The live scan still finds the class lists (here, one the corpus has too).
    expect(sourceLists).toContain(textLinkClass);
    expect(mismatches(portalLists)).toEqual([]);
  });

  it('merges any two classes of the portal, in either order, as tailwind-merge does', () => {
    expect(bases.length).toBeGreaterThan(300);
    expect(mismatches(pairs(bases, bases))).toEqual([]);
  });

  it('merges mixes of the portal classes, under any of its variants and `!`, as tailwind-merge does', () => {
    const recombined = fc
      .record({
        variants: fc.shuffledSubarray(variants, { maxLength: 3 }),
        base: fc.constantFrom(...bases),
        important: fc.constantFrom('', '!'),
        legacyImportant: fc.boolean(),
      })
      .map(({ variants, base, important, legacyImportant }) =>
        [...variants, legacyImportant ? important + base : base + important].join(':'),
      );
    // A class of the portal with its variants in another order.
    const withVariants = split.filter((parts) => parts.variants.length > 1);
    const reordered = fc
      .constantFrom(...withVariants)
      .chain(({ variants, base }) =>
        fc.shuffledSubarray(variants, { minLength: variants.length }).map((shuffled) => [...shuffled, base].join(':')),
      );
    const aClass = fc.oneof(fc.constantFrom(...portalClasses), fc.constantFrom(...bases), recombined, reordered);
    fc.assert(
      fc.property(fc.constantFrom(...portalLists), fc.array(aClass, { maxLength: 12 }), (base, extra) => {
        // A UI-kit component: its base classes, then what the caller adds.
        expect(cn(base, extra.join(' '))).toBe(twMerge(base, extra.join(' ')));
        expect(cn(extra.join(' '))).toBe(twMerge(extra.join(' ')));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every class it does not know, where tailwind-merge may drop it', () => {
    for (const className of OUTSIDE) {
      expect(cn(className, className)).toBe(`${className} ${className}`);
      const dropped = [...pairs([className], bases), ...pairs(bases, [className])].filter((list) => cn(list) !== list);
      expect(dropped).toEqual([]);
    }
  });
});
