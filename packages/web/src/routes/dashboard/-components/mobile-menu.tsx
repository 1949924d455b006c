import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { SideMenu } from './side-menu';

/**
 * Below the large breakpoint the side menu is a drawer: a modal sheet from the left (focus stays in it
 * and returns to the menu button), closed by Escape, the close button, a tap outside or any entry.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DialogTrigger>
      <DialogContent
        aria-describedby={undefined}
        className="top-0 left-0 flex h-dvh max-h-dvh w-[250px] max-w-[85vw] translate-x-0 translate-y-0 flex-col gap-0 overflow-y-auto rounded-none border-y-0 border-l-0 bg-brand p-0 text-brand-foreground lg:hidden [&>[data-slot=dialog-close]]:text-brand-foreground"
      >
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <div className="flex h-16 shrink-0 items-center px-4">
          <Link to="/dashboard" className="rounded-md" onClick={close}>
            <Brand inverted />
          </Link>
        </div>
        <div className="px-3 pb-6">
          <SideMenu onSelect={close} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
