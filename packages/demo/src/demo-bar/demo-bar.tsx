/**
 * The demo's bar, a thin strip above the portal in the page's flow (it covers nothing): the data stays
 * in this browser; the seeded personas to sign in with; the messages the bank "sent"; the admin area;
 * and starting over from the seeded bank, after asking. Each opens a dialog that Escape closes. (No
 * label here says "e-mail", so that the portal's own "E-mail" fields keep a label of their own.)
 */
import { staffContract } from '@ebank/contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@ebank/web/src/components/ui/alert-dialog';
import { Button } from '@ebank/web/src/components/ui/button';
import { forgetPortalStorage } from '@ebank/web/src/session/browser-storage';
import { useRef, useState } from 'react';
import { MessagesDialog } from './messages-dialog';
import { PersonasDialog } from './personas-dialog';

const { resetBank } = staffContract;

export interface DemoBarOptions {
  /** Where the bank's developer endpoints are (the page's origin). */
  readonly apiOrigin: string;
  /** Where to go after starting over (the portal's login). */
  readonly home: string;
  /** The portal's admin area. */
  readonly adminArea: string;
  /** Forgets the bank kept in this tab, so that the next page seeds a new one. */
  readonly forgetBank: () => void;
  /** Opens a page (the next one after starting over). */
  readonly navigate: (url: string) => void;
}

function StartOver({ apiOrigin, home, forgetBank, navigate }: Omit<DemoBarOptions, 'adminArea'>) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const startOver = async () => {
    setPending(true);
    try {
      await fetch(`${apiOrigin}${resetBank.path}`, { method: resetBank.method });
    } catch (error) {
      // The bank is forgotten below all the same: the next page seeds a new one.
      console.warn('The demo bank did not answer the reset:', error);
    }
    forgetBank();
    // Signed out too: the visitor starts at the login, as a new visitor would.
    forgetPortalStorage();
    navigate(home);
  };

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
        }}
      >
        Start over
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) setOpen(next);
        }}
      >
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it (the dialog has no trigger of its own).
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Start the demo over?</AlertDialogTitle>
            <AlertDialogDescription>
              The bank goes back to its seeded personas: everything done in this demo is lost, and you are signed out.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={(event) => {
                // The dialog stays open until the next page replaces it.
                event.preventDefault();
                void startOver();
              }}
            >
              {pending ? 'Starting over…' : 'Start over'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

export function DemoBar({ adminArea, ...startOver }: DemoBarOptions) {
  return (
    <aside aria-label="Demo mode" className="border-b border-warning/30 bg-warning-soft text-sm text-foreground">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-3 py-1.5 sm:px-4">
        <p className="mr-auto">
          <strong>Demo mode:</strong> data stays in this browser.
        </p>
        <div className="flex flex-wrap gap-2">
          <PersonasDialog adminArea={adminArea} />
          <MessagesDialog apiOrigin={startOver.apiOrigin} />
          <Button asChild variant="outline" size="sm">
            <a href={adminArea}>Admin area</a>
          </Button>
          <StartOver {...startOver} />
        </div>
      </div>
    </aside>
  );
}
