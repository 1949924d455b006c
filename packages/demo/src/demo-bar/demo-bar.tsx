/**
 * The demo's bar, a thin strip above the portal in the page's flow (it covers nothing): the data stays
 * in this browser; the seeded personas to sign in with; the messages the bank "sent"; the admin area;
 * and starting over from the seeded bank, after asking. Each opens a dialog that Escape closes. (No
 * label here says "e-mail", so that the portal's own "E-mail" fields keep a label of their own.)
 */
import { createStaffClient, staffReply, type StaffClient } from '@ebank/contract';
import { ConfirmButton } from '@ebank/web/src/components/confirm-button';
import { Button } from '@ebank/web/src/components/ui/button';
import { forgetPortalStorage } from '@ebank/web/src/session/browser-storage';
import { useState } from 'react';
import { MessagesDialog } from './messages-dialog';
import { PersonasDialog } from './personas-dialog';

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

function StartOver({
  bank,
  home,
  forgetBank,
  navigate,
}: Pick<DemoBarOptions, 'home' | 'forgetBank' | 'navigate'> & { readonly bank: StaffClient }) {
  const [pending, setPending] = useState(false);

  const startOver = async () => {
    setPending(true);
    try {
      await staffReply(bank.resetBank());
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
    <ConfirmButton
      title="Start the demo over?"
      description="The bank goes back to its seeded personas: everything done in this demo is lost, and you are signed out."
      confirm="Start over"
      pending={pending}
      pendingText="Starting over…"
      onConfirm={() => {
        void startOver();
      }}
    >
      Start over
    </ConfirmButton>
  );
}

export function DemoBar({ apiOrigin, adminArea, ...startOver }: DemoBarOptions) {
  // The bank's staff API in this page (the demo has no staff key: none is sent).
  const [bank] = useState(() => createStaffClient({ baseUrl: apiOrigin }));
  return (
    <aside aria-label="Demo mode" className="border-b border-warning/30 bg-warning-soft text-sm text-foreground">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-3 py-1.5 sm:px-4">
        <p className="mr-auto">
          <strong>Demo mode:</strong> data stays in this browser.
        </p>
        <div className="flex flex-wrap gap-2">
          <PersonasDialog adminArea={adminArea} />
          <MessagesDialog bank={bank} />
          <Button asChild variant="outline" size="sm">
            <a href={adminArea}>Admin area</a>
          </Button>
          <StartOver bank={bank} {...startOver} />
        </div>
      </div>
    </aside>
  );
}
