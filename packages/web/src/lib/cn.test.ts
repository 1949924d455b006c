import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins its arguments as clsx does', () => {
    expect(cn('grid gap-2', { 'font-medium': true, hidden: false }, ['text-muted-foreground'], undefined, null)).toBe(
      'grid gap-2 font-medium text-muted-foreground',
    );
    expect(cn('', false)).toBe('');
  });

  it("lets a caller's class win over the component's own of the same kind", () => {
    expect(cn('px-3 py-2 text-sm', 'p-4')).toBe('text-sm p-4');
    expect(cn('h-9 w-4 max-w-md', 'size-10')).toBe('max-w-md size-10');
    // A side after the whole keeps both.
    expect(cn('p-4 px-3')).toBe('p-4 px-3');
  });

  it('tells font size from text colour, both written `text-`', () => {
    expect(cn('text-sm text-foreground', 'text-destructive')).toBe('text-sm text-destructive');
  });

  it('merges only under the same variants, arbitrary values and opacity modifiers included', () => {
    expect(cn('focus-visible:ring-ring/40 hover:bg-accent', 'focus-visible:ring-ring/60')).toBe(
      'hover:bg-accent focus-visible:ring-ring/60',
    );
    expect(cn('group min-w-[8rem] bg-card/95', 'min-w-(--radix-select-trigger-width) bg-accent/40')).toBe(
      'group min-w-(--radix-select-trigger-width) bg-accent/40',
    );
  });
});
