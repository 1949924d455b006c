/**
 * The notice of a browser in a sandbox of the mock server (a whole bank of its own, chosen by the
 * `mock_sandbox` cookie): a thin bar at the top of every page that says the bank is private to this
 * browser (or names the sandbox), when it is cleared if left unused, and offers to start over.
 *
 * It costs nothing to anyone without the cookie: the entry (main.tsx) only looks for the cookie, and
 * imports this module, with its staff client, only when it is there. No other page ever asks /__mock
 * (the production host has none).
 */
import { createStaffClient, staffReply, type CurrentSandbox } from '@ebank/contract';
import { useEffect, useRef, useState } from 'react';
import type { createRoot } from 'react-dom/client';
import { API_BASE } from '@/api/client';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { session } from '@/session/session';

/** The cookie picks the sandbox: no header, no token (the server leaves these two calls open). */
const client = createStaffClient({ baseUrl: API_BASE });

/** Where a visitor lands after starting over: the login, on the bank as the sandbox began. */
export const AFTER_START_OVER = `${import.meta.env.BASE_URL}account/login`;

export function SandboxNotice({
  leave = (url) => {
    window.location.replace(url);
  },
}: {
  /** Leaves for a page with a full load (tests watch it instead). */
  readonly leave?: (url: string) => void;
}) {
  const [current, setCurrent] = useState<CurrentSandbox>();
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
  if (current?.name == null) return null;

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
        <p className="min-w-0 flex-1 break-words">
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
        {asking ? (
          <div role="group" aria-label="Start over?" className="flex flex-wrap items-center gap-2">
            <span>Undo everything done in this bank and sign out?</span>
            <Button ref={confirmButton} variant="destructive" size="sm" pending={pending} onClick={startOver}>
              {pending ? 'Starting over…' : 'Yes, start over'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={pending}
              onClick={() => {
                toggled.current = true;
                setAsking(false);
              }}
            >
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
export default function showSandboxNotice(create: typeof createRoot): void {
  const host = document.createElement('div');
  document.body.prepend(host);
  create(host).render(<SandboxNotice />);
}
