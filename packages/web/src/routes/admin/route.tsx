import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { AdminError } from './-components/admin-error';
import { SECTIONS } from './-components/sections';

/**
 * The admin area: only with a signed-in admin's token (the portal's login keeps it); anyone else goes to
 * the login. Its code loads with its routes, never on a customer's pages.
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
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
