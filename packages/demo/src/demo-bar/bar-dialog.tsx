/** A dialog of the demo bar: opened by a button on the bar, with its title and a line on what it shows. */
import { Button } from '@ebank/web/src/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@ebank/web/src/components/ui/dialog';
import type { ReactNode } from 'react';

export function BarDialog({
  button,
  title,
  description,
  className,
  children,
}: {
  /** The text of the bar's button that opens it. */
  readonly button: string;
  readonly title: string;
  readonly description: ReactNode;
  /** Classes for the dialog's box (a wider one, for example). */
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
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
