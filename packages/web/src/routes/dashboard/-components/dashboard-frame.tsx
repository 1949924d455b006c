/**
 * The frame of every dashboard page: the side menu (from 1024 px), the top bar, the page and the footer.
 * The signed-in shell fills it (routes/dashboard/route.tsx), and so does the waiting frame the build writes
 * into the dashboard's pages (prerender.tsx), so that a phone on a slow network shows the bank's frame at
 * once instead of a blank page while the scripts load.
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';

export function DashboardFrame({
  menu,
  topBar,
  children,
  after,
}: {
  readonly menu: ReactNode;
  readonly topBar: ReactNode;
  readonly children: ReactNode;
  /** What goes beside the frame (the idle-session watch). */
  readonly after?: ReactNode;
}) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[250px_minmax(0,1fr)]">
      <aside className="hidden bg-brand text-brand-foreground lg:block">
        <div className="sticky top-0 flex max-h-dvh flex-col overflow-y-auto">{menu}</div>
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-col">
        {topBar}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
        <footer className="border-t px-4 py-6 text-center text-sm text-muted-foreground">
          © {new Date().getFullYear()} E-Banking. All rights reserved.
        </footer>
      </div>
      {after}
    </div>
  );
}

/**
 * The dashboard before its scripts have run: the frame with the bank's name, and a line saying the page is
 * on its way. Nothing in it belongs to a customer, so the build can write it into every dashboard page.
 */
export function DashboardWaiting() {
  return (
    <DashboardFrame
      menu={<Brand inverted className="px-5 py-5" />}
      topBar={
        <header className="sticky top-0 z-30 border-b bg-card/95">
          <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
            <Brand className="lg:hidden" />
          </div>
        </header>
      }
    >
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        {/* Inset a little: turning, its corners reach past its square. */}
        <LoaderCircle className="ml-1 size-4 animate-spin" aria-hidden="true" />
        Loading your dashboard…
      </p>
    </DashboardFrame>
  );
}
