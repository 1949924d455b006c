import Menu from 'lucide-react/icons/menu';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { MenuPanel } from './side-menu';

/**
 * Below the large breakpoint the side menu is a drawer: a modal sheet from the left (focus stays in it
 * and returns to the menu button), closed by Escape, the close button, a tap outside or any entry.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        className="w-[250px] max-w-[85vw] gap-0 overflow-y-auto bg-brand text-brand-foreground lg:hidden"
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <MenuPanel
          onSelect={() => {
            setOpen(false);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
