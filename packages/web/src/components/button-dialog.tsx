/**
 * A dialog opened by a small button (on the demo's bar, a private bank's notice, a customer's row in the admin
 * area), with its title and a line on what it shows. Closing it gives the focus back to its button. It opens
 * and closes by itself, or as `open` says (a form that closes it once sent).
 */
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import type { ReactNode } from 'react';

export function ButtonDialog({
  button,
  label,
  title,
  description,
  className,
  open,
  onOpenChange,
  children,
}: {
  /** The text of the button that opens it. */
  readonly button: string;
  /** The button's accessible name, when its text alone does not say what it opens. */
  readonly label?: string;
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly title: string;
  readonly description: ReactNode;
  /** Classes for the dialog's box (a wider one, for example). */
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          {button}
        </Button>
      </DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
