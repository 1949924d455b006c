/**
 * The admin area's section menu. On a phone its links stay in one row that scrolls sideways (the last one
 * cut at the edge shows there are more), so the menu takes one line above the section; from `sm` on they
 * wrap as the width allows. The current section's link is brought into view in that row.
 */
import { Link, useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { SECTIONS } from './sections';

const linkClass =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground';

/**
 * Scrolls the row sideways, and nothing else (the page stays where it is, as the browser put it back), so
 * that the current section's link is in full view, in the middle of the row when it was not.
 */
function showCurrent(row: HTMLElement) {
  const current = row.querySelector('[aria-current="page"]');
  if (current === null) return;
  const seen = row.getBoundingClientRect();
  const link = current.getBoundingClientRect();
  if (link.left >= seen.left && link.right <= seen.right) return;
  row.scrollLeft += link.left + link.width / 2 - (seen.left + seen.width / 2);
}

export function SectionsNav() {
  const row = useRef<HTMLUListElement>(null);
  const router = useRouter();
  useLayoutEffect(() => {
    if (row.current !== null) showCurrent(row.current);
    // After each navigation the router's scroll restoration has put the row back where the last page left it
    // (it keeps the scroll of elements that stay on the page); the new current link is shown after that.
    return router.subscribe('onRendered', () => {
      if (row.current !== null) showCurrent(row.current);
    });
  }, [router]);
  return (
    <nav aria-label="Sections" className="mx-auto w-full max-w-6xl sm:px-4 sm:pb-2">
      {/* The row's own padding leaves room for a link's focus ring, which the scrolling row would cut. */}
      <ul
        ref={row}
        className="flex gap-1 overflow-x-auto px-2 pt-0.5 pb-1.5 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible sm:p-0"
      >
        {SECTIONS.map((section) => (
          <li key={section.to} className="shrink-0">
            <Link to={section.to} className={linkClass}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
