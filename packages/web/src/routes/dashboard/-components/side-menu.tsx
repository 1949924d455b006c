import { Link } from '@tanstack/react-router';
import Lock from 'lucide-react/icons/lock';
import { useId } from 'react';
import { Brand } from '@/components/brand';
import { useLogout } from '@/session/use-logout';
import { navEntries } from './nav-items';
import { showNotAvailable } from './unavailable';
import { useUnreadCount } from './unread-count';

const itemClass =
  'group flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-brand-foreground/80 transition-colors outline-none hover:bg-brand-foreground/10 hover:text-brand-foreground focus-visible:ring-2 focus-visible:ring-brand-accent data-[status=active]:bg-brand-foreground/15 data-[status=active]:text-brand-foreground [&_svg]:size-[18px] [&_svg]:shrink-0';

function UnreadBadge() {
  const count = useUnreadCount();
  if (count === undefined || count <= 0) return null;
  return (
    <span className="ml-auto inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-accent px-1.5 text-xs font-semibold text-brand tabular-nums">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The dashboard's menu, every entry of the spec in its order. `onSelect` runs after any entry is used
 * (the phone drawer closes with it).
 */
export function SideMenu({ onSelect }: { onSelect?: (() => void) | undefined }) {
  const logout = useLogout();
  const hintId = useId();
  return (
    <nav aria-label="Main menu" className="grid gap-1">
      <span id={hintId} hidden>
        Not available in your region
      </span>
      <ul className="grid gap-0.5">
        {navEntries.map((entry) => {
          const Icon = entry.icon;
          switch (entry.kind) {
            case 'link':
              return (
                <li key={entry.label}>
                  <Link
                    to={entry.to}
                    activeOptions={{ exact: entry.exact ?? false }}
                    className={itemClass}
                    onClick={onSelect}
                  >
                    <Icon
                      aria-hidden="true"
                      className="text-brand-foreground/60 group-data-[status=active]:text-brand-accent"
                    />
                    {entry.label}
                    {entry.unreadCount === true && <UnreadBadge />}
                  </Link>
                </li>
              );
            case 'unavailable':
              return (
                <li key={entry.label}>
                  <button
                    type="button"
                    className={itemClass}
                    aria-describedby={hintId}
                    onClick={() => {
                      onSelect?.();
                      showNotAvailable();
                    }}
                  >
                    <Icon aria-hidden="true" className="text-brand-foreground/60" />
                    {entry.label}
                    <Lock aria-hidden="true" className="ml-auto size-3.5! text-brand-foreground/50" />
                  </button>
                </li>
              );
            case 'logout':
              return (
                <li key={entry.label} className="mt-2 border-t border-brand-foreground/10 pt-2">
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      onSelect?.();
                      logout();
                    }}
                  >
                    <Icon aria-hidden="true" className="text-brand-foreground/60" />
                    {entry.label}
                  </button>
                </li>
              );
          }
        })}
      </ul>
    </nav>
  );
}

/**
 * The side panel's content, the same in the wide layout and in the phone drawer: the brand (a link home)
 * and the menu. `onSelect` runs after the brand or any entry is used.
 */
export function MenuPanel({ onSelect }: { onSelect?: (() => void) | undefined }) {
  return (
    <>
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/dashboard" className="rounded-md" onClick={onSelect}>
          <Brand inverted />
        </Link>
      </div>
      <div className="px-3 pb-6">
        <SideMenu onSelect={onSelect} />
      </div>
    </>
  );
}
