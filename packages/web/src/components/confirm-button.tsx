/**
 * A button for what cannot be undone: it asks first (an alert dialog whose Cancel has the focus), and
 * acts only on the explicit choice. Closing the dialog gives the focus back to the button.
 */
import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

export interface ConfirmButtonProps {
  /** The button's text. */
  readonly children: ReactNode;
  /** The question the dialog asks. */
  readonly title: string;
  readonly description: ReactNode;
  /** The text of the button that acts. */
  readonly confirm: string;
  readonly onConfirm: () => void;
  /** The action is running. */
  readonly pending?: boolean;
  readonly disabled?: boolean;
  readonly variant?: 'outline' | 'destructive';
  /** An accessible name for the button, when its text alone does not say what it acts on. */
  readonly label?: string;
  /**
   * For an action that ends by leaving the page: the acting button's text while the action runs. The
   * dialog then stays open, its buttons held, until the next page replaces it.
   */
  readonly pendingText?: string;
}

export function ConfirmButton({
  children,
  title,
  description,
  confirm,
  onConfirm,
  pending = false,
  disabled = false,
  variant = 'outline',
  label,
  pendingText,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const staysOpen = pendingText !== undefined;
  const held = staysOpen && pending;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!held) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant={variant} size="sm" pending={pending && !staysOpen} disabled={disabled} aria-label={label}>
          {children}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={held}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={held}
            aria-busy={held || undefined}
            onClick={(event) => {
              if (staysOpen) event.preventDefault();
              onConfirm();
            }}
          >
            {held ? pendingText : confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
