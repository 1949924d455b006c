import { notFound } from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { installFakeBank } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion } from '@/test/render-app';
import { UNKNOWN_PAGE_MESSAGE } from './route-errors';

/** No toast said that the page does not exist (after the app settled on a heading). */
const expectNoUnknownPageToast = () => {
  expect(toastRegion()).not.toHaveTextContent(UNKNOWN_PAGE_MESSAGE);
};

describe('an unknown address in the dashboard tree', () => {
  it('goes to the dashboard when a token is stored, and says why', async () => {
    installFakeBank();
    session.signIn('user-token');
    const app = renderApp('/wp-user/dashboard/nope');
    expect(await findToast(UNKNOWN_PAGE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('goes to login when no token is stored, and says why', async () => {
    const app = renderApp('/wp-user/dashboard/send/nope');
    expect(await findToast(UNKNOWN_PAGE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
  });

  it('is handled the same when the app is already open', async () => {
    installFakeBank();
    session.signIn('user-token');
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expectNoUnknownPageToast();
    act(() => {
      app.router.history.push('/wp-user/dashboard/statements/2024');
    });
    expect(await findToast(UNKNOWN_PAGE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard');
    });
  });

  it('a page that finds nothing to show (notFound) goes home the same way', async () => {
    installFakeBank();
    session.signIn('user-token');
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const options = app.router.routesById['/dashboard/statements'].options as { loader?: unknown };
    const original = options.loader;
    options.loader = () => {
      throw notFound();
    };
    try {
      await act(() => app.router.navigate({ to: '/dashboard/statements' }));
      expect(await findToast(UNKNOWN_PAGE_MESSAGE)).toBeInTheDocument();
      await waitFor(() => {
        expect(app.path()).toBe('/wp-user/dashboard');
      });
    } finally {
      options.loader = original;
    }
  });

  it('a known page says nothing', async () => {
    const app = renderApp('/wp-user/dashboard/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
    expectNoUnknownPageToast();
  });
});

describe('an unknown address elsewhere (the router’s 404)', () => {
  it.each([false, true])('in the account tree shows the not-found page (signed in: %s)', async (signedIn) => {
    if (signedIn) session.signIn('user-token');
    const app = renderApp('/wp-user/account/kyc/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/kyc/nope');
    expectNoUnknownPageToast();
  });

  it('a known account page sends a signed-in user to the dashboard without a word', async () => {
    installFakeBank();
    session.signIn('user-token');
    const app = renderApp('/wp-user/account/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
    expectNoUnknownPageToast();
  });

  it.each([false, true])('outside both trees shows the not-found page (signed in: %s)', async (signedIn) => {
    if (signedIn) session.signIn('user-token');
    const app = renderApp('/wp-user/nowhere/at/all');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/nowhere/at/all');
    expectNoUnknownPageToast();
  });
});
