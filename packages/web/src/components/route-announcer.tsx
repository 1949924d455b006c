/**
 * Says the new page's title to screen readers after each move to another page within the portal (a link, Back, a
 * redirect), as a reload or the first page is said by the browser itself: without it, a screen reader user who
 * follows a link in the menu hears nothing while the page beside it changes. The title is the one the router's
 * head management gives the page (`lib/page-title.ts`); React Aria's live announcer says it, politely.
 */
import { announce } from '@react-aria/live-announcer';
import { useRouter, type AnyRouteMatch } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The title of the deepest page that names itself. */
function titleOf(matches: readonly AnyRouteMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = matches[i]?.meta?.find((tag) => tag?.title !== undefined)?.title;
    if (title !== undefined) return title;
  }
  return undefined;
}

export function RouteAnnouncer() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
        // The first page is the browser's to say; a change of the search alone (a filter) is no new page.
        if (fromLocation === undefined || !pathChanged) return;
        const title = titleOf(router.state.matches);
        if (title !== undefined) announce(title, 'polite');
      }),
    [router],
  );
  return null;
}
