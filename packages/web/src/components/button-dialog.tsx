/**
 * A dialog opened by a small button on a bar (the demo's, a private bank's notice), with its title and a line on
 * what it shows.
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
  title,
  description,
  className,
  children,
}: {
  /** The text of the button that opens it. */
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
