import { createFileRoute, Link, Outlet, redirect, useRouter } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminSandbox, useAdminBank } from '@/api/admin-sandbox';
import { ownSandboxQuery } from '@/api/staff';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { AdminError } from './-components/admin-error';
import { SECTIONS } from './-components/sections';

/**
 * The admin area: only with a signed-in admin's token (the portal's login keeps it); anyone else goes to
 * the login. Its code loads with its routes, never on a customer's pages. It acts on one bank at a time,
 * the default bank or a chosen sandbox, and says which under its header.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (!session.isAdmin()) throw redirect({ to: '/account/login', replace: true });
  },
  component: AdminLayout,
  errorComponent: AdminError,
});

const linkClass =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground';

function AdminLayout() {
  const logout = useLogout();
  const { sandbox } = useAdminBank();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/admin" className="rounded-md">
            <Brand />
          </Link>
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
            Admin area
          </span>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={logout}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
        <nav aria-label="Sections" className="mx-auto w-full max-w-6xl px-2 pb-2 sm:px-4">
          <ul className="flex flex-wrap gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className={linkClass}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ActingOn />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        {/* A section starts afresh on another bank: nothing it holds belongs to the new one. */}
        <Outlet key={sandbox ?? ''} />
      </main>
    </div>
  );
}

/** Which bank the admin area acts on, a way back to the default bank, and why it is back, if a sandbox went. */
function ActingOn() {
  const { sandbox, gone } = useAdminBank();
  // A browser kept in a sandbox by its cookie (a visitor's) acts on that one when none is chosen.
  const { data: own } = useQuery(ownSandboxQuery);
  const router = useRouter();
  const line = useRef<HTMLParagraphElement>(null);
  const shown = useRef<{ sandbox: string | undefined; gone: string | undefined }>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = { sandbox, gone };
    // At first sight, only a sandbox found gone while the section loaded matters: that section failed.
    if (before === undefined ? gone === undefined : before.sandbox === sandbox && before.gone === gone) return;
    // The section loads again for the bank now chosen (and leaves its error, if a sandbox went under it).
    void router.invalidate();
    // The control that changed the bank may be gone with the section it was in: the line takes the focus.
    if (before !== undefined && before.sandbox !== sandbox) line.current?.focus();
  }, [sandbox, gone, router]);
  return (
    <div className="border-t bg-muted/40">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p ref={line} tabIndex={-1} aria-live="polite" className="rounded-sm break-all outline-none">
          {sandbox === undefined ? (
            own ? (
              <>
                Acting on: <strong>this browser’s sandbox {own}</strong>
              </>
            ) : (
              <>
                Acting on: <strong>the default bank</strong>
              </>
            )
          ) : (
            <>
              Acting on sandbox <strong>{sandbox}</strong>
            </>
          )}
        </p>
        {sandbox !== undefined && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              adminSandbox.choose(undefined);
            }}
          >
            {own ? 'Back to this browser’s sandbox' : 'Back to the default bank'}
          </Button>
        )}
        {gone !== undefined && sandbox === undefined && (
          <p role="alert" className="basis-full font-medium break-words text-destructive">
            Sandbox {gone} is gone: it was removed, or nobody used it for longer than the server keeps one. The admin
            area acts on the default bank again.
          </p>
        )}
      </div>
    </div>
  );
}
