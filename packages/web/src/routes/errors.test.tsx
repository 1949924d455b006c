import { ApiError } from '@ebank/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import type { AppRouter } from '@/router';
import { installFakeBank } from '@/test/fake-bank';
import { renderApp } from '@/test/render-app';

const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

/** Makes a route's loader fail, as a page whose data call breaks would (until the test ends: routes are shared). */
function failLoader(router: AppRouter, routeId: keyof AppRouter['routesById'], error: () => Error) {
  const options = router.routesById[routeId].options as { loader?: unknown };
  const original = options.loader;
  options.loader = () => {
    throw error();
  };
  restores.push(() => {
    options.loader = original;
  });
}

describe('route errors', () => {
  it("show 'Unexpected Application Error!' in the account tree", async () => {
    const app = renderApp('/wp-user/account/forgot');
    await screen.findByRole('heading', { name: 'Forgot your passcode?' });
    failLoader(app.router, '/account/', () => new Error('boom'));
    await app.router.navigate({ to: '/account' });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });

  it('in the dashboard tree go to login when the bank no longer accepts the token', async () => {
    installFakeBank();
    session.signIn('expired');
    const app = renderApp('/wp-user/account/forgot');
    failLoader(
      app.router,
      '/dashboard/',
      () => new ApiError('http', 'Your session has expired', 'getInstitution', { status: 401 }),
    );
    await app.router.navigate({ to: '/dashboard' });
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account/login');
    });
    expect(session.isSignedIn()).toBe(false);
  });

  it('in the dashboard tree go to login when no token is stored any more', async () => {
    session.signIn('token');
    const app = renderApp('/wp-user/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    failLoader(app.router, '/dashboard/', () => {
      session.logout();
      return new Error('boom');
    });
    await app.router.invalidate();
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account/login');
    });
  });

  it('on the dashboard home with a token offer a retry instead of a loop', async () => {
    session.signIn('token');
    const app = renderApp('/wp-user/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    failLoader(app.router, '/dashboard/', () => new Error('boom'));
    await app.router.invalidate();
    // The page settles on the retry (the router may render its error boundary again as it names the page).
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'We could not load your dashboard' })).toBeInTheDocument();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('heading', { name: 'We could not load your dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });
});
