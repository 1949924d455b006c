import { clsx, type ClassValue } from 'clsx';
import { DROPS, GROUPS, ORDERED } from './class-groups.gen';

/*
 * tailwind-merge's `twMerge`, for the classes of this portal. Tailwind writes CSS only for the class names it
 * finds in the source, so those are the only ones whose merge matters: `class-groups.gen.ts` sorts each of them
 * into a group (generated from the source by `class-groups.build.ts`, with tailwind-merge itself). A class drops
 * every earlier one of its group, or of a group its group drops, under the same variants (in any order, as
 * tailwind-merge sorts them) and the same `!`. A class the table does not know is kept, as tailwind-merge keeps
 * what it does not know. `utils.test.ts` checks that the table is current and that it merges as tailwind-merge;
 * after changing class names, regenerate it: `cd packages/web && npx tsx scripts/gen-class-groups.ts`.
 */

/** A class → its variants (the parts before the colons outside brackets), and its base as written and without `!` (last, or first the old way). */
export function splitClass(className: string) {
  const variants: string[] = [];
  let brackets = 0;
  let parens = 0;
  let start = 0;
  for (let index = 0; index < className.length; index += 1) {
    const char = className[index];
    if (char === ':' && brackets === 0 && parens === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    } else if (char === '[') brackets += 1;
    else if (char === ']') brackets -= 1;
    else if (char === '(') parens += 1;
    else if (char === ')') parens -= 1;
  }
  const written = className.slice(start);
  const base = written.endsWith('!') ? written.slice(0, -1) : written.replace(/^!/u, '');
  return { variants, written, base };
}

/** A merge of class lists by a table in the form of `class-groups.gen.ts`. */
export function classMerger(table: string, drops: Partial<Record<number, number[]>>, orderedVariants: string) {
  /** A class without its variants or `!` → its group; group 0 is classes that are always kept. */
  const groups = new Map<string, number>();
  table.split('|').forEach((group, id) => {
    let stem = '';
    for (const item of group.split(';')) {
      const [first = '', value] = item.split('~');
      if (value !== undefined) stem = first;
      groups.set(stem + (value ?? first), id);
    }
  });
  const ordered = new Set(orderedVariants.split('|'));

  /** Variants whose order matters (`*:`, `file:`...) keep it, as arbitrary ones do; the others between are sorted. */
  const sortVariants = (variants: string[]) => {
    const sorted: string[] = [];
    let run: string[] = [];
    for (const variant of variants) {
      if (variant.startsWith('[') || ordered.has(variant)) {
        sorted.push(...run.sort(), variant);
        run = [];
      } else {
        run.push(variant);
      }
    }
    return [...sorted, ...run.sort()].join(':');
  };

  /** The later class of a group wins: from the last class back, a class whose group is taken is dropped. */
  return (classList: string) => {
    const taken = new Set<string>();
    const kept: string[] = [];
    for (const name of classList.trim().split(/\s+/).reverse()) {
      const { variants, written, base } = splitClass(name);
      // A `!`-first class has an entry of its own where tailwind-merge treats it apart.
      const id = groups.get(written) ?? groups.get(base);
      if (id) {
        const key = sortVariants(variants) + (base === written ? ' ' : '! ');
        if (taken.has(`${key}${id}`)) continue;
        for (const group of [id, ...(drops[id] ?? [])]) taken.add(`${key}${group}`);
      }
      kept.push(name);
    }
    return kept.reverse().join(' ');
  };
}

const mergeClasses = classMerger(GROUPS, DROPS, ORDERED);

/** The lists merged lately: components render the same few again and again. */
const merged = new Map<string, string>();

/** Joins class names and lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  const classList = clsx(inputs);
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= 500) merged.clear();
    result = mergeClasses(classList);
    merged.set(classList, result);
  }
  return result;
}
