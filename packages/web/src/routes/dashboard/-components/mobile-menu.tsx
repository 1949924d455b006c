import Menu from 'lucide-react/icons/menu';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLazyPart } from '@/lib/lazy-part';

const loadSheet = () => import('./mobile-menu-sheet');

/**
 * Below the large breakpoint the side menu is a drawer: a modal sheet from the left (focus stays in it
 * and returns to the menu button), closed by Escape, the close button, a tap outside or any entry. The
 * drawer's code loads when the browser is idle after the page has painted, or on the first press.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [sheet, request] = useLazyPart(loadSheet);
  const Drawer = sheet?.MobileMenuSheet;
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
          request(() => {
            setOpen(true);
          });
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {Drawer && <Drawer open={open} onOpenChange={setOpen} returnFocusTo={button} />}
    </>
  );
}
