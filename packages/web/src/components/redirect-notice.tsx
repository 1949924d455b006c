import { Link, linkOptions, useNavigate, type LinkOptions } from '@tanstack/react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { useCallback, useEffect, useState } from 'react';
import { textLinkClass } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { useAfterDelay, type PendingAction } from '@/lib/use-after-delay';

/** Where a screen goes on its own after a delay, and what it says meanwhile. */
export interface DelayedRedirect {
  /** What is happening, as a sentence: 'Taking you to your dashboard…'. */
  readonly message: string;
  /** The place, as the router's `Link` and `navigate` take it (`linkOptions({ to, params })`). */
  readonly to: LinkOptions;
}

/** The dashboard, where a customer goes once signed in, a transfer sent or a PIN made. */
export const TO_DASHBOARD = {
  message: 'Taking you to your dashboard…',
  to: linkOptions({ to: '/dashboard' }),
} satisfies DelayedRedirect;

/**
 * A screen's move to another one after the spec's delay (5 s after login, sign-up, verification, reset and
 * KYC submission; 3 s after a transfer and a PIN creation, given as `ms`), with a notice that says where to and
 * counts down, and a link to go at once. The link stops the timer, so the screen moves once. `waiting` keeps
 * the screen's buttons disabled until it is left.
 */
export function useDelayedRedirect() {
  const navigate = useNavigate();
  const { schedule, skip, waiting, pending } = useAfterDelay();
  const [redirect, setRedirect] = useState<DelayedRedirect | undefined>(undefined);

  const redirectAfterDelay = useCallback(
    (next: DelayedRedirect, ms: number = AUTH_REDIRECT_MS) => {
      setRedirect(next);
      schedule(() => {
        void navigate(next.to);
      }, ms);
    },
    [navigate, schedule],
  );

  const notice: RedirectNoticeProps | undefined =
    redirect === undefined || !waiting ? undefined : { redirect, pending, onGo: skip };
  return { redirectAfterDelay, waiting, notice };
}

export interface RedirectNoticeProps {
  readonly redirect: DelayedRedirect;
  /** When the move happens; without it the screen is already on its way. */
  readonly pending: PendingAction | undefined;
  /** The "go now" link was followed: the timer must not move the screen again. */
  readonly onGo: () => void;
}

/** The time now, again every `ms` while `running` (a time from before it runs reads as the full delay). */
export function useNow(running: boolean, ms: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const id = setInterval(() => {
      setNow(Date.now());
    }, ms);
    return () => {
      clearInterval(id);
    };
  }, [running, ms]);
  return now;
}

/**
 * Says where the screen is going and when: the sentence once to screen readers (a polite status, there
 * before the sentence is, so that it is announced), the seconds left and a bar that fills for the eyes,
 * and a link that goes there now. Until then it takes no room.
 */
export function RedirectNotice({ notice }: { notice: RedirectNoticeProps | undefined }) {
  const [going, setGoing] = useState(false);
  const counting = notice?.pending !== undefined && !going;
  const now = useNow(counting, 250);
  const pending = notice?.pending;
  const total = pending === undefined ? 1 : Math.max(1, pending.runsAt - pending.startedAt);
  const left = pending === undefined || going ? 0 : Math.min(total, Math.max(0, pending.runsAt - now));
  return (
    <div
      data-slot="redirect-notice"
      data-state={notice === undefined ? 'idle' : 'leaving'}
      className={notice === undefined ? 'sr-only' : 'grid gap-3 rounded-lg border bg-muted/60 p-4 text-sm'}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p role="status" className="min-w-0 font-medium">
          {notice !== undefined && (
            <>
              {notice.redirect.message}
              {/* Said once: a countdown read out every second would drown everything else. */}
              <span className="sr-only"> This takes {Math.ceil(total / 1000)} seconds.</span>
            </>
          )}
        </p>
        {notice !== undefined && (
          <span data-slot="redirect-countdown" aria-hidden="true" className="text-muted-foreground tabular-nums">
            {Math.ceil(left / 1000)} s
          </span>
        )}
      </div>
      {notice !== undefined && (
        <>
          <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-border">
            <div
              data-slot="redirect-progress"
              className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear"
              style={{ width: `${String(Math.round(((total - left) / total) * 100))}%` }}
            />
          </div>
          <Link
            {...notice.redirect.to}
            className={cn(textLinkClass, 'inline-flex w-fit items-center gap-1 rounded-sm')}
            onClick={() => {
              notice.onGo();
              setGoing(true);
            }}
          >
            Go now
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      )}
    </div>
  );
}
