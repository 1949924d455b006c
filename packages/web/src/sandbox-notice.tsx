/**
 * The notice of a browser in a sandbox of the mock server (a whole bank of its own, chosen by the
 * `mock_sandbox` cookie): a thin bar at the top of every page that says the bank is private to this
 * browser (or names the sandbox), when it is cleared if left unused, shows the messages the bank sent by
 * e-mail (it sends none for real), and offers to start over. Not in the admin area: staff there have their
 * own 'Acting on …' line and Sandboxes section, and starting over would reset their own browser's bank.
 *
 * It costs nothing to anyone without the cookie: the entry (main.tsx) only looks for the cookie, and
 * imports this module, with its staff client, only when it is there. No other page ever asks /__mock
 * (the production host has none).
 */
import { createStaffClient, staffReply, type CurrentSandbox } from '@ebank/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { createRoot } from 'react-dom/client';
import { API_BASE } from '@/api/client';
import { MessagesDialog } from '@/components/messages-dialog';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { session } from '@/session/session';

/**
 * The cookie picks the sandbox: no header, no token (the server leaves these calls open, and a visitor's
 * own sandbox's outbox too).
 */
const client = createStaffClient({ baseUrl: API_BASE });

/** Where a visitor lands after starting over: the login, on the bank as the sandbox began. */
export const AFTER_START_OVER = `${import.meta.env.BASE_URL}account/login`;

/** The portal's admin area. */
const ADMIN_AREA = `${import.meta.env.BASE_URL}admin`;

/** Whether a page of the portal is in the admin area (its paths match in any case, as the router's do). */
export function isAdminArea(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === ADMIN_AREA || path.startsWith(`${ADMIN_AREA}/`);
}

export function SandboxNotice({
  history,
  leave = (url) => {
    window.location.replace(url);
  },
}: {
  /** The portal's history: the notice follows its pages, in and out of the admin area. */
  readonly history: RouterHistory;
  /** Leaves for a page with a full load (tests watch it instead). */
  readonly leave?: (url: string) => void;
}) {
  const [current, setCurrent] = useState<CurrentSandbox>();
  const follow = useCallback((onChange: () => void) => history.subscribe(onChange), [history]);
  const inAdminArea = isAdminArea(useSyncExternalStore(follow, () => history.location.pathname));

  useEffect(() => {
    const controller = new AbortController();
    staffReply(client.currentSandbox({ fetchOptions: { signal: controller.signal } })).then(setCurrent, () => {
      // No answer, or no sandbox here after all: the page stays as it is, without the notice.
    });
    return () => {
      controller.abort();
    };
  }, []);

  // The cookie names no live sandbox (the server then answers for the default bank): nothing to say.
  if (current?.name == null || inAdminArea) return null;
  return <Notice current={current} leave={leave} />;
}

function Notice({ current, leave }: { readonly current: CurrentSandbox; readonly leave: (url: string) => void }) {
  const [pending, setPending] = useState(false);
  /** Whether the visitor was asked to confirm: starting over cannot be undone. */
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  // The question takes the focus when asked, and gives it back to the first button when withdrawn.
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    (asking ? confirmButton : startButton).current?.focus();
  }, [asking]);

  const withdraw = () => {
    toggled.current = true;
    setAsking(false);
  };

  const startOver = () => {
    setPending(true);
    setError(undefined);
    staffReply(client.startOver()).then(
      () => {
        // The customer's session belonged to the bank that was just wiped.
        session.logout();
        leave(AFTER_START_OVER);
      },
      (failure: unknown) => {
        setPending(false);
        setError(failure instanceof Error ? failure.message : 'The bank could not start over. Try again.');
      },
    );
  };

  return (
    <aside aria-label="Private bank" className="border-b border-warning/30 bg-warning-soft text-sm">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-1.5 sm:px-6">
        {/* On a phone the words take a line of their own, above the buttons, rather than a narrow column beside them. */}
        <p className="min-w-0 basis-full break-words sm:flex-1 sm:basis-0">
          {current.perVisitor ? (
            <>This bank is private to this browser.</>
          ) : (
            <>
              You are in sandbox <strong className="break-all">{current.name}</strong>, a bank of its own.
            </>
          )}{' '}
          {current.expiresAt !== null && (
            <>
              If left unused, it is cleared at{' '}
              <time dateTime={current.expiresAt}>{formatDateTime(current.expiresAt)}</time>.
            </>
          )}
        </p>
        <MessagesDialog
          bank={client}
          description="Codes and links this bank sent by e-mail. It sends no real e-mail, so they are here."
        />
        {asking ? (
          <div
            role="group"
            aria-label="Start over?"
            className="flex flex-wrap items-center gap-2"
            // Escape withdraws the question, as it closes a dialog (not while the bank starts over).
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || pending) return;
              event.preventDefault();
              withdraw();
            }}
          >
            <span>Undo everything done in this bank and sign out?</span>
            <Button ref={confirmButton} variant="destructive" size="sm" pending={pending} onClick={startOver}>
              {pending ? 'Starting over…' : 'Yes, start over'}
            </Button>
            <Button variant="outline" size="sm" disabled={pending} onClick={withdraw}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            ref={startButton}
            variant="outline"
            size="sm"
            onClick={() => {
              toggled.current = true;
              setAsking(true);
            }}
          >
            Start over
          </Button>
        )}
        {error !== undefined && (
          <p role="alert" className="basis-full font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </aside>
  );
}

/**
 * Puts the notice at the top of the page, above the portal: in the flow, so it covers nothing. The entry
 * hands over React's `createRoot`, which it holds already, so that this chunk shares no more code with it.
 */
export default function showSandboxNotice(
  create: typeof createRoot,
  portal: { readonly history: RouterHistory; readonly queryClient: QueryClient },
): void {
  const host = document.createElement('div');
  document.body.prepend(host);
  // A root of its own beside the portal's, sharing its query client (the Messages dialog reads with it).
  create(host).render(
    <QueryClientProvider client={portal.queryClient}>
      <SandboxNotice history={portal.history} />
    </QueryClientProvider>,
  );
}
