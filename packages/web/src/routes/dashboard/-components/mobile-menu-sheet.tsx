/** The phone menu's drawer (mobile-menu.tsx). */
import { useRef, type RefObject } from 'react';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { MenuPanel } from './side-menu';

export function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: it gets the focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        className="w-[250px] max-w-[85vw] gap-0 overflow-y-auto bg-brand text-brand-foreground lg:hidden"
        ref={content}
        onOpenAutoFocus={(event) => {
          // The drawer opens on the menu's first entry, as a keyboard user reads it; left to itself the
          // dialog would pass over the links and start at the first button among them (Loan).
          event.preventDefault();
          content.current?.querySelector<HTMLElement>('nav li :is(a, button)')?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <MenuPanel
          onSelect={() => {
            onOpenChange(false);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
