// Generated from the class names Tailwind finds in src, by src/lib/class-groups.build.ts: do not edit.
// Regenerate: cd packages/web && npx tsx scripts/gen-class-groups.ts

/**
 * The Tailwind classes of the portal that tailwind-merge knows (401), in groups of classes that behave
 * alike: a class drops every earlier one of its group, and of the groups `DROPS` lists for it, under the same
 * variants and `!`. Groups are separated by `|` (group 0, first, is classes that are kept, never merged),
 * classes by `;`; in `stem~value`, the stem starts this class and the next ones, up to another stem.
 * The separators hide the names from Tailwind, which would otherwise write CSS for them.
 */
export const GROUPS =
  '|-mt-2;mt-~0;0.5;2;3;6;8;auto' +
  '|-mx-~1;5;mx-~0;auto' +
  '|-right-~24;32;right-~0;1;2;3;4' +
  '|-top-~24;32;top-~0;1;1/2;3;4' +
  '|-translate-x-1/2;translate-x-(--radix-toast-swipe-~end-x);move-x);translate-x-~0;0.5' +
  '|-translate-y-~1;1/2;~translate-y-1' +
  '|absolute;fixed;relative;static;sticky' +
  '|align-~middle;top' +
  '|animate-~none;pulse;spin' +
  '|appearance-none' +
  '|aspect-square' +
  '|backdrop-~blur;blur-[2px]' +
  '|bg-~accent;accent/40;background;border;brand;bg-brand-~accent;bg-brand-accent/~15;20;bg-brand-foreground/~10;15;20;bg-~card;bg-card/~80;95;bg-~destructive;destructive-soft;destructive/90;foreground/40;muted;popover;primary;primary-hover;secondary;secondary/70;success-soft;transparent;warning-soft' +
  '|block;flex;grid;hidden;inline;inline-flex;table;table-cell' +
  '|blur-3xl' +
  '|border;border-0' +
  '|border-~b;b-0' +
  '|border-~brand-foreground/10;destructive;destructive/30;input;primary;border-primary/~30;40;border-~ring;ring/60;border-success/~30;40;border-warning/~30;40' +
  '|border-dashed' +
  '|border-l' +
  '|border-r' +
  '|border-t' +
  '|bottom-0' +
  '|break-~all;words' +
  '|capitalize;uppercase' +
  '|col-span-~2;3' +
  '|col-start-1' +
  '|cursor-~default;not-allowed;pointer' +
  '|divide-y' +
  '|field-sizing-content' +
  '|flex-1' +
  '|flex-~col;col-reverse;row' +
  '|flex-wrap' +
  '|font-~medium;normal;semibold' +
  '|font-mono' +
  '|gap-~0;0.5;1;1.5;2;3;4;5;6' +
  '|gap-x-~1;4;6' +
  '|gap-y-4' +
  '|grid-cols-~1;2;3;4;[250px_minmax(0,1fr)];[auto_1fr];[minmax(0,1fr)_minmax(0,2fr)];[minmax(0,3fr)_minmax(0,2fr)];[minmax(0,5fr)_minmax(0,7fr)]' +
  '|h-~10;11;12;16;20;24;32;4.5;5;6;64;7;72;8;80;9;auto;dvh;fit;full;px' +
  '|inset-0' +
  '|inset-x-0' +
  '|inset-y-0' +
  '|invisible;visible' +
  '|items-~center;end;start' +
  '|justify-~between;center;end' +
  '|justify-items-center' +
  '|justify-self-start' +
  '|leading-~none;snug;tight' +
  '|left-~0;1/2;3;auto' +
  '|line-clamp-1' +
  '|list-none' +
  '|m-0' +
  '|max-h-(--radix-~dropdown-menu-content-available-height);select-content-available-height);max-h-~80;[calc(100dvh-2rem)];dvh' +
  '|max-w-~14;2xl;3xl;6xl;[85vw];lg;md;sm;xl' +
  '|mb-~1;2;5' +
  '|min-h-~11;16;24;[50vh];dvh' +
  '|min-w-~(--radix-select-trigger-width);0;4.5;5;[10rem];[8rem]' +
  '|ml-auto' +
  '|mr-3' +
  '|my-1' +
  '|not-sr-only;sr-only' +
  '|object-cover' +
  '|opacity-~0;100;50;60;70;75' +
  '|order-~1;2' +
  '|outline;outline-2' +
  '|outline-none' +
  '|outline-offset-2' +
  '|outline-ring' +
  '|overflow-hidden' +
  '|overflow-x-~auto;hidden' +
  '|overflow-y-auto' +
  '|p-~0;0.5;1;12;3;4;5;6;8' +
  '|pb-6' +
  '|pl-2' +
  '|place-self-center' +
  '|pointer-events-~auto;none' +
  '|pr-~10;12;6;8' +
  '|pt-~0.5;2;6' +
  '|px-~0;1;1.5;12;2;2.5;3;4;5;6;8' +
  '|py-~0.5;1;1.5;10;12;16;2;3;4;5;6;8' +
  '|resize-~none;y' +
  '|ring-~2;4;[3px]' +
  '|ring-~brand-accent;card;ring-destructive/~15;25;ring-ring/~25;40;50;60' +
  '|rounded;rounded-~full;lg;md;sm;xl' +
  '|rounded-r-md' +
  '|row-span-2' +
  '|row-start-1' +
  '|select-none' +
  '|self-start' +
  '|shadow-card' +
  '|shadow-~none;sm;xs' +
  '|shrink-0' +
  '|size-~10;11;12;16;28;3.5;4;5;6;72;8;9;96;[18px];full' +
  '|tabular-nums' +
  '|text-~2xl;3xl;4xl;[11px];base;lg;sm;xl;xs' +
  '|text-~accent-foreground;brand;text-brand-~accent;foreground;text-brand-foreground/~50;60;70;75;80;85;text-~card-foreground;destructive;destructive-foreground;foreground;text-muted-~foreground;foreground/80;text-~popover-foreground;primary;primary-foreground;secondary-foreground;success;warning' +
  '|text-balance' +
  '|text-~center;left;right' +
  '|tracking-~tight;wide;wider' +
  '|transform' +
  '|transition-~[color,box-shadow];colors;opacity;shadow;transform' +
  '|truncate' +
  '|underline' +
  '|underline-offset-4' +
  '|w-~11;20;28;3/4;32;4;48;56;8;[250px];[380px];[calc(100%-2rem)];auto;fit;full' +
  '|whitespace-~nowrap;pre-line' +
  '|z-~30;50;[100];[200]';

/** Group → the other groups that a later class of it drops. */
export const DROPS: Partial<Record<number, number[]>> = { 2:[59,60], 16:[17,20,21,22], 31:[93], 36:[37,38], 41:[3,4,23,42,43,50], 42:[3,50], 43:[4,23], 51:[14,70], 53:[1,2,56,59,60,61], 61:[1,56], 70:[71,72], 73:[74,75,78,79,80,81], 80:[75,78], 81:[74,79], 85:[86], 94:[40,106], 96:[49] };

/** The variants whose order matters that the portal uses (tailwind-merge sorts the others), separated by `|`. */
export const ORDERED = '*|file|placeholder';
