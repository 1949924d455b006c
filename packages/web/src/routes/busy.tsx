import { SANDBOX_NAME } from '@ebank/contract';
import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router';
import { StateScreen } from '@/components/app-states';
import { Button } from '@/components/ui/button';
import { titled } from '@/lib/page-title';

/**
 * Where the mock server sends a visitor it cannot give a bank of their own (one sandbox per visitor,
 * docs/decisions/0043): every sandbox is in use (`full`), or this address already holds as many as one
 * may (`address`). It says why in plain words and offers the page the visitor asked for, or the sandbox
 * link they followed, again. The server
 * gives this page no bank, so it asks none.
 */
export const Route = createFileRoute('/busy')({
  head: titled('The demo is busy'),
  component: BusyPage,
});

/** A server's link that opens a sandbox (`GET /__mock/sandboxes/:name/open`), as the server names it. */
const SANDBOX_LINK = /^\/__mock\/sandboxes\/([^/?#]+)\/open$/u;

/**
 * What to try again: a path under the portal's base, or the sandbox link the visitor followed; never
 * another site.
 */
function againPath(value: unknown, basepath: string): string {
  const home = `${basepath.replace(/\/$/u, '')}/`;
  if (typeof value !== 'string') return home;
  const isPortalPath = value.startsWith(home) && !value.includes('\\') && !/[\u0000-\u001f]/u.test(value);
  const sandbox = SANDBOX_LINK.exec(value)?.[1];
  return isPortalPath || (sandbox !== undefined && SANDBOX_NAME.test(sandbox)) ? value : home;
}

const wholeMinutes = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 24 * 60 ? value : undefined;

/** What the server's address says, checked here (in the page's own chunk, not in every page's first script). */
function readSearch(search: Readonly<Record<string, unknown>>, basepath: string) {
  return {
    reason: search.reason === 'address' ? ('address' as const) : ('full' as const),
    from: againPath(search.from, basepath),
    minutes: wholeMinutes(search.minutes),
  };
}

function BusyPage() {
  const { basepath } = useRouter();
  const { reason, from, minutes } = readSearch(useLocation({ select: (location) => location.search }), basepath);
  const away = minutes === undefined ? 'for a while' : `for ${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
  return (
    <StateScreen title={reason === 'full' ? 'The demo is busy' : 'Too many demo banks from here'}>
      <p className="mt-2 text-sm text-muted-foreground">
        {reason === 'full'
          ? `Every demo bank on this server is in use right now. One is freed when its visitor has been away ${away}, or when the demo's staff remove it: please try again later.`
          : `This device or network already holds as many demo banks as one may. Go back to the browser you opened the demo in, or try again once one of them has been unused ${away}.`}
      </p>
      {/* A full page load: the server gives the visitor a bank when it loads a page. */}
      <Button asChild className="mt-6">
        <a href={from}>Try again</a>
      </Button>
    </StateScreen>
  );
}
