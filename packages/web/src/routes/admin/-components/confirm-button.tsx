/**
 * A button for what cannot be undone: it asks first (an alert dialog whose Cancel has the focus), and
 * acts only on the explicit choice.
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
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

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
}: {
  /** The button's text. */
  children: ReactNode;
  /** The question the dialog asks. */
  title: string;
  description: ReactNode;
  /** The text of the button that acts. */
  confirm: string;
  onConfirm: () => void;
  pending?: boolean;
  disabled?: boolean;
  variant?: 'outline' | 'destructive';
  /** An accessible name for the button, when its text alone does not say what it acts on. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        pending={pending}
        disabled={disabled}
        aria-label={label}
        onClick={() => {
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onConfirm}>
              {confirm}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
