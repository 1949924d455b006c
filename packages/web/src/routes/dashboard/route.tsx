import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Brand } from '@/components/brand';
import { DashboardError } from '@/components/route-errors';
import { Button } from '@/components/ui/button';
import { session } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';

/** The dashboard tree: only with a stored user token. Its errors (and its children's) go to login or home. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    if (!session.isSignedIn()) throw redirect({ to: '/account/login', replace: true });
  },
  component: DashboardLayout,
  errorComponent: DashboardError,
});

function DashboardLayout() {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/dashboard" className="rounded-md">
            <Brand />
          </Link>
          <Button variant="outline" size="sm" onClick={logout}>
            <LogOut aria-hidden="true" />
            Log Out
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} E-Banking
      </footer>
    </div>
  );
}
