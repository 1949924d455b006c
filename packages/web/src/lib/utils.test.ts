import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { textLinkClass } from '@/components/ui/text-link';
import { cnInputs, sourceClassLists } from './class-corpus';
import { cn } from './utils';

/**
 * A list of classes, each followed by a comma. Tailwind reads test files for class names too, and would add
 * CSS for every utility it found; it takes no word followed by a comma for one.
 */
function commaList(text: string) {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Classes of every group `cn` merges, with the edge values of each (beyond what the portal uses today). */
const SUPPORTED = commaList(`
aspect-video, aspect-3/2, aspect-[4/3], aspect-(--ratio), block, inline-flex, table-row, flow-root, list-item,
contents, hidden, sr-only, not-sr-only, static, sticky, visible, invisible, collapse, overflow-auto,
overflow-x-clip, overflow-y-scroll, inset-2, inset-1/2, inset-full, inset-x-px, inset-y-[3px], inset-s-4,
start-0, end-auto, inset-e-2, inset-bs-1, inset-be-(--x), top-px, right-full, bottom-[10%], left-2/3, -top-4,
-inset-x-2, z-10, z-auto, z-(--z), -z-10, basis-1/3, basis-xs, basis-full, basis-[30%], flex-row-reverse,
flex-wrap-reverse, flex-nowrap, flex-auto, flex-none, flex-2, flex-1/2, flex-[2_2_0%], flex-initial, grow,
grow-0, grow-[2], shrink, shrink-2, order-first, order-last, order-none, order-3, -order-1, grid-cols-none,
grid-cols-subgrid, grid-cols-12, grid-rows-3, grid-rows-[auto_1fr], col-auto, col-span-full, col-span-4, col-2,
col-[3], col-start-2, col-end-auto, row-auto, row-span-full, row-start-1, row-end-3, gap-px, gap-2.5, gap-[3px],
gap-(--gap), gap-x-2, gap-y-px, justify-start, justify-between, justify-normal, justify-center-safe,
justify-items-start, justify-items-normal, justify-self-auto, justify-self-end-safe, items-baseline,
items-baseline-last, items-stretch, self-auto, self-baseline-last, self-center, place-content-center,
place-content-between, place-items-start, place-items-baseline, place-self-auto, place-self-end-safe, p-px,
p-[5px], px-(--x), py-0, ps-2, pe-3, pbs-1, pbe-2, pt-4, pr-1, pb-0.5, pl-3, m-auto, m-2, mx-px, my-auto, ms-2,
me-auto, mbs-1, mbe-2, mt-[7px], mr-auto, mb-4, ml-2, -m-1, -mx-2, -ml-px, size-auto, size-1/2, size-px,
size-(--s), w-px, w-screen, w-xs, w-2xl, w-dvw, w-min, w-max, w-1/2, w-[50%], min-w-none, min-w-screen,
min-w-full, min-w-xs, max-w-none, max-w-prose, max-w-screen, max-w-screen-lg, max-w-1/2, max-w-full, h-screen,
h-lh, h-svh, h-1/2, h-(--h), min-h-screen, min-h-none, min-h-lh, max-h-none, max-h-screen, max-h-full,
max-h-[50vh], text-base, text-xs, text-2xl, text-[14px], text-[length:var(--x)], text-(length:--y), text-[red],
text-(--c), text-(color:--c), text-red-500, text-red-500/50, text-sm/6, text-lg/[1.5], font-thin, font-bold,
font-black, font-[600], font-(--w), font-(weight:--w), font-[number:500], font-sans, font-serif,
font-[family-name:Inter], font-(family-name:--f), normal-nums, ordinal, slashed-zero, lining-nums,
oldstyle-nums, proportional-nums, diagonal-fractions, stacked-fractions, tracking-tighter, tracking-normal,
tracking-[0.1em], tracking-(--t), -tracking-[1px], line-clamp-2, line-clamp-none, line-clamp-[3],
line-clamp-(--n), line-clamp-[number:4], leading-tight, leading-loose, leading-6, leading-px, leading-[1.2],
list-inside, list-outside, list-disc, list-decimal, list-[square], text-left, text-right, text-justify,
text-start, text-end, overline, line-through, no-underline, underline-offset-2, underline-offset-auto,
underline-offset-[3px], uppercase, lowercase, normal-case, text-ellipsis, text-clip, text-wrap, text-nowrap,
text-pretty, align-baseline, align-bottom, align-text-top, align-sub, align-[4px], whitespace-normal,
whitespace-pre, whitespace-pre-wrap, whitespace-break-spaces, break-normal, break-keep, bg-red-500,
bg-red-500/50, bg-[#fff], bg-(--bg), bg-(color:--c), bg-[color:red], bg-white/[0.5], bg-transparent, rounded,
rounded-none, rounded-full, rounded-2xl, rounded-[4px], rounded-(--r), rounded-s-lg, rounded-e, rounded-t-sm,
rounded-b-none, rounded-l-md, rounded-ss, rounded-se-lg, rounded-ee-none, rounded-es-xl, rounded-tl-lg,
rounded-tr, rounded-br-sm, rounded-bl-full, border-2, border-[3px], border-(length:--w), border-x, border-x-2,
border-y-0, border-s, border-e-4, border-bs, border-be-2, border-t-2, border-r-0, border-l-[2px], border-solid,
border-dotted, border-double, border-hidden, border-none, border-red-500, border-[red], border-(--c),
border-x-red-500, border-y-blue-500, border-s-red-500, border-e-(--c), border-bs-red-500, border-be-red-500,
border-t-red-500, border-r-[red], border-b-red-500, border-l-transparent, divide-x, divide-x-2, divide-y-4,
divide-y-[3px], divide-x-reverse, divide-y-reverse, outline-dashed, outline-hidden, outline-solid, outline-0,
outline-4, outline-[3px], outline-red-500, outline-(--c), outline-offset-4, outline-offset-[3px],
-outline-offset-2, shadow, shadow-lg, shadow-inner, shadow-none, shadow-[0_1px_2px_red], shadow-(--s),
shadow-(shadow:--s), shadow-(color:--c), shadow-red-500, shadow-red-500/20, shadow-[red], ring, ring-0, ring-8,
ring-[3px], ring-(length:--w), ring-inset, ring-red-500, ring-(--c), ring-[red], ring-red-500/30, opacity-0,
opacity-[.35], opacity-(--o), blur, blur-none, blur-sm, blur-[2px], backdrop-blur, backdrop-blur-none,
backdrop-blur-lg, backdrop-blur-(--b), transition, transition-all, transition-none, transition-(--t),
transition-normal, transition-discrete, animate-bounce, animate-ping, animate-[wiggle_1s], animate-(--a),
translate-1/2, translate-full, translate-px, translate-4, translate-x-full, translate-x-px, translate-y-1/3,
translate-y-[3px], translate-z-2, -translate-z-px, translate-none, appearance-none, appearance-auto,
cursor-auto, cursor-wait, cursor-grab, cursor-zoom-in, cursor-[url(x.cur)], cursor-(--c), field-sizing-fixed,
pointer-events-none, resize, resize-x, resize-none, select-text, select-all, select-auto, object-contain,
object-fill, object-none, object-scale-down, [mask-type:alpha], [mask-type:luminance], [--my-var:1],
[--my-var:2], [color:red],
`);

/** Tailwind classes that `cn` leaves out on purpose (the portal uses none): it keeps every one of them. */
const LEFT_OUT = commaList(`
bg-fixed, bg-scroll, bg-center, bg-top-left, bg-no-repeat, bg-repeat-x, bg-cover, bg-size-[10px],
bg-[length:10px], bg-[url(/a.png)], bg-(image:--i), bg-[position:center], bg-none, bg-linear-to-r, bg-radial,
bg-conic-45, bg-blend-multiply, bg-clip-text, bg-origin-border, text-shadow-sm, text-shadow-red-500,
font-stretch-condensed, font-features-['smcp'], border-collapse, border-separate, border-spacing-2,
border-spacing-x-1, ring-offset-2, ring-offset-red-500, space-x-2, space-y-4, float-left, float-right,
clear-both, isolate, columns-2, content-center, content-none, duration-200, ease-in, delay-100, rotate-45,
scale-95, skew-x-2, origin-top, fill-current, stroke-2, caret-red-500, accent-red-500, decoration-red-500,
decoration-2, indent-4, mix-blend-multiply, box-border, object-center, object-[25%], inset-shadow-sm,
inset-ring-2, grid-flow-col, auto-cols-fr, container, @container, italic, antialiased, will-change-transform,
touch-none, snap-x, scroll-mt-2, hyphens-auto, filter, grayscale,
`);

const words = (list: string) => list.split(/\s+/u).filter((word) => word !== '');
const unique = <T>(items: readonly T[]) => [...new Set(items)];
const isTailwindClass = (word: string) => twMerge(`${word} ${word}`) === word;

/**
 * Every string literal of the web source that reads as a class list, but for type names (`Omit<..., 'transform'>`)
 * and other JSX attributes than `className` (`variant="outline"`). The tests, the corpus and the merge's own
 * tables are left out.
 */
function scanSourceClassLists(): string[] {
  const src = path.join(import.meta.dirname, '..');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/u.test(file) && !/\.(test|gen)\.tsx?$|lib[\\/](class-corpus|utils)\.ts$/u.test(file),
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

/** A class → its variants and its base without `!`, split at the colons outside brackets. */
function splitVariants(className: string) {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index += 1) {
    const char = className[index];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, index));
      start = index + 1;
    }
  }
  return { variants: parts, base: className.slice(start).replace(/^!|!$/u, '') };
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

const sourceLists = scanSourceClassLists();
const portalLists = unique([...cnInputs, ...sourceClassLists, ...sourceLists]);
const portalClasses = unique(portalLists.flatMap(words));

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
    // Each set of variants, and the important modifier, is a slot of its own.
    expect(
      cn(
        'focus-visible:ring-ring/40 aria-invalid:focus-visible:ring-destructive/25 size-3.5!',
        'focus-visible:ring-ring/60 size-4',
      ),
    ).toBe('aria-invalid:focus-visible:ring-destructive/25 size-3.5! focus-visible:ring-ring/60 size-4');
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

  it('merges any two classes of the portal, or of the groups it knows, as tailwind-merge does', () => {
    const bases = unique(portalClasses.map((className) => splitVariants(className).base));
    expect(mismatches(pairs(bases, bases))).toEqual([]);
    expect(mismatches(pairs(SUPPORTED, SUPPORTED))).toEqual([]);
  });

  it('merges mixes of the portal classes, under any variants, as tailwind-merge does', () => {
    const split = portalClasses.map(splitVariants);
    const variants = unique(split.flatMap((parts) => parts.variants));
    const bases = unique([...split.map((parts) => parts.base), ...SUPPORTED]);
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
    const aClass = fc.oneof(fc.constantFrom(...portalClasses), fc.constantFrom(...bases), recombined);
    fc.assert(
      fc.property(fc.constantFrom(...portalLists), fc.array(aClass, { maxLength: 12 }), (base, extra) => {
        // A UI-kit component: its base classes, then what the caller adds.
        expect(cn(base, extra.join(' '))).toBe(twMerge(base, extra.join(' ')));
        expect(cn(extra.join(' '))).toBe(twMerge(extra.join(' ')));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every utility it leaves out, and so never drops a class that tailwind-merge keeps', () => {
    for (const className of LEFT_OUT) expect(cn(className, className)).toBe(`${className} ${className}`);
    const lists = [...pairs(LEFT_OUT, [...SUPPORTED, ...LEFT_OUT]), ...pairs(SUPPORTED, LEFT_OUT)];
    const droppingMore = lists.filter((list) => {
      const ours = words(cn(list));
      return words(twMerge(list)).some((className) => !ours.includes(className));
    });
    expect(droppingMore).toEqual([]);
  });
});
