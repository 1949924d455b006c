import { clsx, type ClassValue } from 'clsx';

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

/*
 * A small stand-in for tailwind-merge, limited to the utilities this portal uses. It sorts every class into
 * the group tailwind-merge 3 would (padding, font size, text colour...), and a class drops every earlier one of
 * its group, or of a group it overrides (`p-4` overrides `px-3`, `size-4` overrides `w-4`), under the same
 * variants (`sm:`, `hover:`, `[&_svg]:`..., in any order) and the same `!` (`size-3.5!`). A class of no known
 * group (`group`, `peer`, a theme animation, a utility left out here) is always kept. `utils.test.ts` checks
 * that it merges as tailwind-merge does.
 *
 * Tailwind reads this file for class names too, and would add CSS for every utility it found here. So the
 * tables below name none: their lists are comma-separated, and their prefixes end in a dash (`shadow-`).
 */

type Test = (value: string) => boolean;

/** `[value]` or `(--var)`, either with a `label:` first. */
const BRACKETED = /^(?:\[(?:(\w[\w-]*):)?(.+)\]|\((?:(\w[\w-]*):)?(.+)\))$/;
const LENGTH =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/;
const COLOR_FUNCTION = /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/;
const SHADOW = /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/;
const IMAGE = /^(url|image|image-set|cross-fade|element|(repeating-)?(linear|radial|conic)-gradient)\(.+\)$/;

function bracketed(value: string) {
  const match = BRACKETED.exec(value);
  return match && { square: match[2] !== undefined, label: match[1] ?? match[3], value: match[2] ?? match[4] ?? '' };
}

const any: Test = () => true;
const isNumber: Test = (v) => v !== '' && !Number.isNaN(Number(v));
const isInteger: Test = (v) => v !== '' && Number.isInteger(Number(v));
const isFraction: Test = (v) => /^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/.test(v);
const isTshirt: Test = (v) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(v);
const isArbitrary: Test = (v) => BRACKETED.test(v);
const isVariable: Test = (v) => bracketed(v)?.square === false;
const isValue: Test = (v) => bracketed(v)?.square === true;
const isSpacing: Test = (v) => v === 'px' || isNumber(v) || isArbitrary(v);
const isLength: Test = (v) => {
  const b = bracketed(v);
  return (
    !!b && (b.label ? /^length$/.test(b.label) : b.square && LENGTH.test(b.value) && !COLOR_FUNCTION.test(b.value))
  );
};
const isShadow: Test = (v) => {
  const b = bracketed(v);
  return !!b && (b.label ? /^shadow$/.test(b.label) : !b.square || SHADOW.test(b.value));
};
const isWeight: Test = (v) => {
  const b = bracketed(v);
  return !!b && (!b.label || /^(number|weight)$/.test(b.label));
};
const isFamily: Test = (v) => {
  const b = bracketed(v);
  return !b || /^family-name$/.test(b.label ?? '');
};
const isArbitraryNumber: Test = (v) => {
  const b = bracketed(v);
  return !!b && b.square && (b.label ? /^number$/.test(b.label) : isNumber(b.value));
};
/** A background position, size or image (a `url(...)`, or labelled `length:` and so on), not a colour. */
const isBackgroundLayer: Test = (v) => {
  const b = bracketed(v);
  return (
    !!b &&
    (b.label ? /^(position|percentage|length|size|bg-size|image|url)$/.test(b.label) : b.square && IMAGE.test(b.value))
  );
};

/** A whole class (`flex`, `border-b`) → its group; `''` for a class that tailwind-merge knows but we leave out. */
const KEYWORDS = new Map<string, string>();
/** A prefix (`border-t`) → the groups it spells with a value, and the test of that value, in tailwind-merge's order. */
const PREFIXES = new Map<string, (readonly [group: string, test: Test])[]>();
/** A group → the groups a class of it overrides. */
const CONFLICTS = new Map<string, string[]>();

const list = (items: string) => items.split(',');

/**
 * Declares a group: the classes `<prefix><keyword>` (`_` for the bare prefix, without its dash) and
 * `<prefix><value>` for every value that passes one of the tests. `prefixes` is a list (`inset-s-,start-`) of
 * prefixes that end in a dash, or `''` for keywords that are whole classes.
 */
function group(id: string, prefixes: string, keywords: string, ...tests: Test[]) {
  for (const prefix of list(prefixes)) {
    for (const keyword of list(keywords)) {
      if (keyword !== '') KEYWORDS.set(keyword === '_' ? prefix.slice(0, -1) : prefix + keyword, id);
    }
    for (const test of tests) {
      const name = prefix.slice(0, -1);
      PREFIXES.set(name, [...(PREFIXES.get(name) ?? []), [id, test]]);
    }
  }
}

function overrides(id: string, others: string) {
  CONFLICTS.set(id, list(others));
}

/** `prefixed('rounded-', 's,e')` → `'rounded-s,rounded-e'`. */
const prefixed = (prefix: string, items: string) => list(items).map((item) => prefix + item);

/**
 * Utilities that tailwind-merge tells apart from a group below that shares their prefix, but that we leave out
 * (so never merge): whole classes, and prefixes (`bg-size-`).
 */
function leftOut(classes: string, prefixes: string) {
  group('', '', classes);
  group('', prefixes, '', any);
}

const OVERFLOW = 'auto,hidden,clip,visible,scroll';
const SIZING = 'auto,full,dvw,dvh,lvw,lvh,svw,svh,min,max,fit';
const SIDES = 'x,y,s,e,bs,be,t,r,b,l';
const ALIGN = 'start,end,center,stretch,center-safe,end-safe';

/** `p`, `px`... `pl`: the whole box overrides every side, an axis its sides. */
function box(id: string, separator: string) {
  const side = (sides: string) => prefixed(id + separator, sides).join();
  overrides(id, side(SIDES));
  overrides(id + separator + 'x', side('s,e,r,l'));
  overrides(id + separator + 'y', side('bs,be,t,b'));
}

// Layout
group('aspect', 'aspect-', 'auto,square,video', isFraction, isArbitrary);
group(
  'display',
  '',
  'block,inline-block,inline,flex,inline-flex,table,inline-table,table-caption,table-cell,table-column,table-column-group,table-footer-group,table-header-group,table-row-group,table-row,flow-root,grid,inline-grid,contents,list-item,hidden',
);
group('sr', '', 'sr-only,not-sr-only');
group('position', '', 'static,fixed,absolute,relative,sticky');
group('visibility', '', 'visible,invisible,collapse');
group('overflow', 'overflow-', OVERFLOW);
group('overflow-x', 'overflow-x-', OVERFLOW);
group('overflow-y', 'overflow-y-', OVERFLOW);
overrides('overflow', 'overflow-x,overflow-y');
const INSETS = 'inset,inset-x,inset-y,start,end,inset-bs,inset-be,top,right,bottom,left';
for (const id of list(INSETS)) {
  const prefixes = id === 'start' ? 'inset-s-,start-' : id === 'end' ? 'inset-e-,end-' : `${id}-`;
  group(id, prefixes, 'full,auto', isFraction, isSpacing);
}
overrides('inset', INSETS.slice('inset,'.length));
overrides('inset-x', 'start,end,right,left');
overrides('inset-y', 'inset-bs,inset-be,top,bottom');
group('z', 'z-', 'auto', isInteger, isArbitrary);

// Flexbox and grid
group('basis', 'basis-', 'full,auto', isFraction, isTshirt, isSpacing);
group('flex-direction', 'flex-', 'row,row-reverse,col,col-reverse');
group('flex-wrapping', 'flex-', 'nowrap,wrap,wrap-reverse');
group('flex-shorthand', 'flex-', 'auto,initial,none', isNumber, isFraction, isValue);
overrides('flex-shorthand', 'basis,grow-factor,shrink-factor');
group('grow-factor', 'grow-', '_', isNumber, isArbitrary);
group('shrink-factor', 'shrink-', '_', isNumber, isArbitrary);
group('order', 'order-', 'first,last,none', isInteger, isArbitrary);
group('grid-cols', 'grid-cols-', 'none,subgrid', isInteger, isArbitrary);
group('grid-rows', 'grid-rows-', 'none,subgrid', isInteger, isArbitrary);
for (const axis of ['col', 'row']) {
  group(`${axis}-start-end`, `${axis}-`, 'auto,span-full', isInteger, isArbitrary);
  group(`${axis}-start-end`, `${axis}-span-`, '', isInteger, isArbitrary);
  group(`${axis}-start`, `${axis}-start-`, 'auto', isInteger, isArbitrary);
  group(`${axis}-end`, `${axis}-end-`, 'auto', isInteger, isArbitrary);
}
group('gap', 'gap-', '', isSpacing);
group('gap-x', 'gap-x-', '', isSpacing);
group('gap-y', 'gap-y-', '', isSpacing);
overrides('gap', 'gap-x,gap-y');
group('justify-content', 'justify-', `${ALIGN},between,around,evenly,baseline,normal`);
group('justify-items', 'justify-items-', `${ALIGN},normal`);
group('justify-self', 'justify-self-', `auto,${ALIGN}`);
group('align-items', 'items-', `${ALIGN},baseline,baseline-last`);
group('align-self', 'self-', `auto,${ALIGN},baseline,baseline-last`);
group('place-content', 'place-content-', `${ALIGN},between,around,evenly,baseline`);
group('place-items', 'place-items-', `${ALIGN},baseline`);
group('place-self', 'place-self-', `auto,${ALIGN}`);

// Spacing
for (const side of ['', ...list(SIDES)]) {
  group(`p${side}`, `p${side}-`, '', isSpacing);
  group(`m${side}`, `m${side}-`, 'auto', isSpacing);
}
box('p', '');
box('m', '');

// Sizing
group('size', 'size-', SIZING, isFraction, isSpacing);
overrides('size', 'w,h');
group('w', 'w-', `screen,${SIZING}`, isTshirt, isFraction, isSpacing);
group('min-w', 'min-w-', `screen,none,${SIZING}`, isTshirt, isFraction, isSpacing);
group('max-w', 'max-w-', `screen,none,prose,${SIZING}`, isTshirt, isFraction, isSpacing);
group('max-w', 'max-w-screen-', '', isTshirt);
group('h', 'h-', `screen,lh,${SIZING}`, isFraction, isSpacing);
group('min-h', 'min-h-', `screen,lh,none,${SIZING}`, isFraction, isSpacing);
group('max-h', 'max-h-', `screen,lh,none,${SIZING}`, isFraction, isSpacing);

// Typography
group('font-size', 'text-', 'base', isTshirt, isLength);
overrides('font-size', 'leading');
group('font-weight', 'font-', 'thin,extralight,light,normal,medium,semibold,bold,extrabold,black', isWeight);
group('font-family', 'font-', '', isFamily);
leftOut('', 'font-stretch-,font-features-');
const NUMERIC: [id: string, prefix: string, keywords: string][] = [
  ['fvn-ordinal', 'ordinal-', '_'],
  ['fvn-slashed-zero', 'slashed-', 'zero'],
  ['fvn-figure', '', 'lining-nums,oldstyle-nums'],
  ['fvn-spacing', '', 'proportional-nums,tabular-nums'],
  ['fvn-fraction', '', 'diagonal-fractions,stacked-fractions'],
];
group('fvn-normal', 'normal-', 'nums');
overrides('fvn-normal', NUMERIC.map(([id]) => id).join());
for (const [id, prefix, keywords] of NUMERIC) {
  group(id, prefix, keywords);
  overrides(id, 'fvn-normal');
}
group('tracking', 'tracking-', 'tighter,tight,normal,wide,wider,widest', isArbitrary);
group('line-clamp', 'line-clamp-', 'none', isNumber, isVariable, isArbitraryNumber);
overrides('line-clamp', 'display,overflow');
group('leading', 'leading-', 'none,tight,snug,normal,relaxed,loose', isSpacing);
group('list-style-position', 'list-', 'inside,outside');
group('list-style-type', 'list-', 'disc,decimal,none', isArbitrary);
group('text-alignment', 'text-', 'left,center,right,justify,start,end');
group('text-color', 'text-', '', any);
leftOut('', 'text-shadow-');
group('text-decoration', '', 'underline,overline,line-through,no-underline');
group('underline-offset', 'underline-offset-', 'auto', isNumber, isArbitrary);
group('text-transform', '', 'uppercase,lowercase,capitalize,normal-case');
group('text-overflow', '', 'truncate,text-ellipsis,text-clip');
group('text-wrapping', 'text-', 'wrap,nowrap,balance,pretty');
group('vertical-align', 'align-', 'baseline,top,middle,bottom,text-top,text-bottom,sub,super', isArbitrary);
group('whitespace', 'whitespace-', 'normal,nowrap,pre,pre-line,pre-wrap,break-spaces');
group('word-break', 'break-', 'normal,words,all,keep');

// Backgrounds
group('', 'bg-', '', isBackgroundLayer);
group('bg-color', 'bg-', '', any);
leftOut(
  prefixed(
    'bg-',
    'fixed,local,scroll,center,top,bottom,left,right,no-repeat,repeat,auto,cover,contain,none,radial,conic',
  ).join(),
  prefixed(
    'bg-',
    'clip-,origin-,position-,top-,bottom-,left-,right-,repeat-,size-,linear-,radial-,conic-,blend-',
  ).join(),
);

// Borders
const CORNERS = 's,e,t,r,b,l,ss,se,ee,es,tl,tr,br,bl';
group('radius', 'rounded-', '_,none,full', isTshirt, isArbitrary);
for (const corner of list(CORNERS))
  group(`radius-${corner}`, `rounded-${corner}-`, '_,none,full', isTshirt, isArbitrary);
overrides('radius', prefixed('radius-', CORNERS).join());
for (const [side, corners] of [
  ['s', 'ss,es'],
  ['e', 'se,ee'],
  ['t', 'tl,tr'],
  ['r', 'tr,br'],
  ['b', 'br,bl'],
  ['l', 'tl,bl'],
] as const) {
  overrides(`radius-${side}`, prefixed('radius-', corners).join());
}
for (const side of ['', ...list(SIDES)]) {
  group(`border-w${side && '-'}${side}`, `border-${side}${side && '-'}`, '_', isNumber, isLength);
}
for (const axis of ['x', 'y']) {
  group(`divide-${axis}`, `divide-${axis}-`, '_', isNumber, isLength);
  group(`divide-${axis}-reverse`, `divide-${axis}-`, 'reverse');
}
group('border-style', 'border-', 'solid,dashed,dotted,double,hidden,none');
leftOut('border-collapse,border-separate', 'border-spacing-');
for (const side of ['', ...list(SIDES)]) {
  group(`border-color${side && '-'}${side}`, `border-${side}${side && '-'}`, '', any);
}
box('border-w', '-');
box('border-color', '-');
group('outline-style', 'outline-', 'solid,dashed,dotted,double,none,hidden');
group('outline-offset', 'outline-offset-', '', isNumber, isArbitrary);
group('outline-w', 'outline-', '_', isNumber, isLength);
group('outline-color', 'outline-', '', any);

// Effects, filters, transitions and transforms
group('box-shadow', 'shadow-', '_,inner,none', isTshirt, isShadow);
group('shadow-color', 'shadow-', '', any);
group('ring-w', 'ring-', '_', isNumber, isLength);
group('ring-w-inset', 'ring-', 'inset');
group('ring-color', 'ring-', '', any);
leftOut('', 'ring-offset-');
group('opacity', 'opacity-', '', isNumber, isArbitrary);
group('filter-blur', 'blur-', '_,none', isTshirt, isArbitrary);
group('backdrop-filter-blur', 'backdrop-blur-', '_,none', isTshirt, isArbitrary);
group('transition-property', 'transition-', '_,all,colors,opacity,shadow,transform,none', isArbitrary);
group('transition-behavior', 'transition-', 'normal,discrete');
group('animate', 'animate-', 'none,spin,ping,pulse,bounce', isArbitrary);
for (const axis of ['', '-x', '-y', '-z'])
  group(`translate${axis}`, `translate${axis}-`, 'full', isFraction, isSpacing);
group('no-translate', 'translate-', 'none');
overrides('translate', 'translate-x,translate-y,no-translate');
overrides('no-translate', 'translate,translate-x,translate-y,translate-z');

// Interactivity
group('appearance', 'appearance-', 'none,auto');
// tailwind-merge knows 36 cursors by name: any other name is no Tailwind class at all.
group('cursor', 'cursor-', '', any);
group('field-sizing', 'field-sizing-', 'fixed,content');
group('pointer-events', 'pointer-events-', 'auto,none');
group('resize-axis', 'resize-', '_,none,y,x');
group('user-select', 'select-', 'none,text,all,auto');
group('object-fit', 'object-', 'contain,cover,fill,none,scale-down');

/** The group of a class without its variants, `!` and `/modifier`, or `undefined` when it has none. */
function groupOf(base: string): string | undefined {
  if (base.startsWith('[') && base.endsWith(']')) {
    // An arbitrary property, in square brackets, is grouped by its property.
    const property = /^\[([^:]*):/.exec(base)?.[1];
    return property ? `arbitrary..${property}` : undefined;
  }
  const parts = base.split('-');
  // A negative value (`-mt-2`) is in the group of the positive one.
  const from = parts[0] === '' && parts.length > 1 ? 1 : 0;
  // The longest known prefix wins, as in tailwind-merge's tree of class parts.
  for (let end = parts.length; end > from; end -= 1) {
    const prefix = parts.slice(from, end).join('-');
    if (end === parts.length) {
      const id = KEYWORDS.get(prefix);
      if (id !== undefined) return id || undefined;
    } else {
      const value = parts.slice(end).join('-');
      const match = PREFIXES.get(prefix)?.find(([, test]) => test(value));
      if (match) return match[0] || undefined;
    }
  }
  return undefined;
}

/** Modifiers whose order matters (`before:`...); the others are sorted, but not across an arbitrary one. */
const ORDERED_MODIFIERS = new Set(
  list('*,**,after,backdrop,before,details-content,file,first-letter,first-line,marker,placeholder,selection'),
);

function sortModifiers(modifiers: string[]) {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const modifier of modifiers) {
    if (modifier.startsWith('[') || ORDERED_MODIFIERS.has(modifier)) {
      sorted.push(...run.sort(), modifier);
      run = [];
    } else {
      run.push(modifier);
    }
  }
  return [...sorted, ...run.sort()].join(':');
}

/** A class → the key of its variants and `!` (`hover:sm!`), and its group. */
function parseClass(name: string) {
  const modifiers: string[] = [];
  let brackets = 0;
  let parens = 0;
  let start = 0;
  let slash = 0;
  for (let index = 0; index < name.length; index += 1) {
    const char = name[index];
    if (brackets === 0 && parens === 0) {
      if (char === ':') {
        modifiers.push(name.slice(start, index));
        start = index + 1;
        continue;
      }
      if (char === '/') {
        slash = index;
        continue;
      }
    }
    if (char === '[') brackets += 1;
    else if (char === ']') brackets -= 1;
    else if (char === '(') parens += 1;
    else if (char === ')') parens -= 1;
  }
  const withImportant = name.slice(start);
  let base = withImportant;
  if (withImportant.endsWith('!')) base = withImportant.slice(0, -1);
  else if (withImportant.startsWith('!')) base = withImportant.slice(1);
  const important = base !== withImportant;
  // With a `/modifier` (an opacity, or a fraction such as `top-1/2`): the group of the class without it, or
  // else of the whole.
  const postfix = slash > start ? slash - start : 0;
  const id = (postfix ? groupOf(base.slice(0, postfix)) : undefined) ?? groupOf(base);
  return { key: sortModifiers(modifiers) + (important ? '!' : ''), id };
}

/** tailwind-merge's `twMerge` for the utilities above: a later class drops the earlier ones it overrides. */
function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let index = names.length - 1; index >= 0; index -= 1) {
    const name = names[index] ?? '';
    const { key, id } = parseClass(name);
    if (id !== undefined) {
      if (taken.has(key + id)) continue;
      taken.add(key + id);
      for (const other of CONFLICTS.get(id) ?? []) taken.add(key + other);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}
