import { useMemo, type ComponentProps, type Ref } from 'react';
import { cn } from '@/lib/utils';
import { mergeRefs } from './slot';

const inputClasses =
  'flex h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/15 aria-invalid:focus-visible:ring-destructive/25 sm:text-sm';

/**
 * `autoFocus`, done in the next frame rather than while React adds the element: focusing makes the browser
 * lay the page out on the spot, which on a page's first render would join React's commit and the page's
 * whole first layout into one long task. In the frame, the focus comes with the layout the frame does anyway.
 */
function useAutoFocusRef<E extends HTMLElement>(autoFocus: boolean, ref: Ref<E> | undefined) {
  return useMemo(() => {
    if (!autoFocus) return ref;
    const focusNextFrame = (node: E | null) => {
      // Once per element, as the attribute does: a new `ref` later must not take the focus back.
      if (node === null || autoFocused.has(node)) return undefined;
      const frame = requestAnimationFrame(() => {
        autoFocused.add(node);
        // As the attribute does, it leaves the focus where the user put it: a field they are in (such as
        // one of a prerendered page, filled in before the page was taken over) keeps it.
        if (!inUse(document.activeElement, node)) node.focus();
      });
      return () => {
        cancelAnimationFrame(frame);
      };
    };
    return ref === undefined ? focusNextFrame : mergeRefs(ref, focusNextFrame);
  }, [autoFocus, ref]);
}
const autoFocused = new WeakSet<HTMLElement>();

/** Whether `active` is another field the user is in. */
const inUse = (active: Element | null, node: HTMLElement) =>
  active !== node &&
  (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement);

function Input({ className, type = 'text', autoFocus = false, ref, ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      ref={useAutoFocusRef(autoFocus, ref)}
      className={cn(
        inputClasses,
        'file:mr-3 file:h-full file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}

function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(inputClasses, 'min-h-24 resize-y', className)} {...props} />;
}

export { Input, Textarea, inputClasses };
