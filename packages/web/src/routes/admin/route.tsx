import { createFileRoute, Link, Outlet, redirect, useRouter } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSandbox, useAdminBank } from '@/api/admin-sandbox';
import { ownSandboxQuery } from '@/api/staff';
import { sandboxOfThisBrowser } from '@/lib/sandbox-cookie';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { AdminError } from './-components/admin-error';
import { SectionsNav } from './-components/sections-nav';
import { titled } from '@/lib/page-title';

/** Said to a customer who opens the admin area. */
export const ADMIN_IS_FOR_STAFF = 'The admin area is for staff: log out, then sign in as staff.';

/**
 * The admin area: only with a signed-in admin's token (the portal's login keeps it); anyone else goes to
 * the login, and a signed-in customer back to their dashboard, told why. Its code loads with its routes, never on a customer's pages. It acts on one bank at a time,
 * the default bank or a chosen sandbox, and says which under its header.
 */
export const Route = createFileRoute('/admin')({
  head: titled('Admin area'),
  beforeLoad: ({ preload }) => {
    if (session.isAdmin()) return;
    if (session.isSignedIn()) {
      // A customer of this browser: the login would send them straight back to their dashboard, saying nothing.
      if (!preload) toast.warning(ADMIN_IS_FOR_STAFF);
      throw redirect({ to: '/dashboard', replace: true });
    }
    throw redirect({ to: '/account/login', replace: true });
  },
  component: AdminLayout,
  errorComponent: AdminError,
});

function AdminLayout() {
  const logout = useLogout();
  const { sandbox } = useAdminBank();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        {/* One row on a phone too: the badge says "Admin", and sign-out shows its icon alone (named "Sign out"). */}
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:px-6 sm:py-3">
          <Link to="/admin" className="rounded-md">
            <Brand />
          </Link>
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-secondary-foreground">
            Admin<span className="max-sm:hidden"> area</span>
          </span>
          <Button variant="ghost" size="sm" className="ml-auto max-sm:size-10 max-sm:px-0" onClick={logout}>
            <LogOut aria-hidden="true" />
            <span className="max-sm:sr-only">Sign out</span>
          </Button>
        </div>
        <SectionsNav />
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
  const { sandbox, gone, deleted, left } = useAdminBank();
  // A browser kept in a sandbox by its cookie (a visitor's, or one opened by its link) acts on that one
  // when none is chosen.
  const { data: asked } = useQuery(ownSandboxQuery);
  // Only while the browser still holds the cookie: once it leaves the sandbox, at once, not at the next answer.
  const own = asked && sandboxOfThisBrowser() === asked.name ? asked : undefined;
  const queryClient = useQueryClient();
  const router = useRouter();
  const line = useRef<HTMLParagraphElement>(null);
  const shown = useRef<{ sandbox: string | undefined; gone: string | undefined; left: number }>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = { sandbox, gone, left };
    // At first sight, only a sandbox found gone while the section loaded matters: that section failed.
    if (
      before === undefined
        ? gone === undefined
        : before.sandbox === sandbox && before.gone === gone && before.left === left
    )
      return;
    // The browser left its cookie's sandbox: which one it is in is asked again (none, now).
    if (before !== undefined && before.left !== left)
      void queryClient.invalidateQueries({ queryKey: ownSandboxQuery.queryKey });
    // The section loads again for the bank now chosen (and leaves its error, if a sandbox went under it).
    void router.invalidate();
    // The control that changed the bank may be gone with the section it was in: the line takes the focus.
    if (before !== undefined && before.sandbox !== sandbox) line.current?.focus();
  }, [sandbox, gone, left, router, queryClient]);
  return (
    <div className="border-t bg-muted/40">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p ref={line} tabIndex={-1} aria-live="polite" className="rounded-sm break-all outline-none">
          {sandbox === undefined && deleted !== undefined && <>Deleted sandbox {deleted}. </>}
          {sandbox === undefined ? (
            own ? (
              <>
                Acting on: <strong>this browser’s sandbox {own.name}</strong>
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
        {sandbox === undefined && own && !own.perVisitor && (
          // Opened by its link (staff trying one before sending it): the way back to the default bank. A
          // visitor's own sandbox has none: the server would give the browser another at its next page.
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              adminSandbox.leaveBrowserSandbox();
              // The button goes with the sandbox: the line takes the focus.
              line.current?.focus();
            }}
          >
            Leave it for the default bank
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
