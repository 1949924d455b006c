import Menu from 'lucide-react/icons/menu';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MobileMenuSheet } from './mobile-menu-sheet';

/**
 * Below the large breakpoint the side menu is a drawer: a modal sheet from the left (focus stays in it
 * and returns to the menu button), closed by Escape, the close button, a tap outside or any entry.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
    </>
  );
}
