import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBank } from '@/test/fake-bank';
import { renderApp } from '@/test/render-app';
import { session, STORAGE_KEYS } from '@/session/session';

describe('the two route trees', () => {
  it('opens the account tree at /wp-user/ when no token is stored', async () => {
    const app = renderApp('/wp-user/');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
  });

  it('opens the dashboard tree at /wp-user/ when a token is stored under baUid', async () => {
    window.localStorage.setItem('baUid', 'user-token');
    const app = renderApp('/wp-user/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('sends a signed-in user from any account page to the dashboard', async () => {
    session.signIn('user-token');
    const app = renderApp('/wp-user/account/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('sends a visitor without a token from any dashboard page to login', async () => {
    const app = renderApp('/wp-user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
  });

  it('shows a not-found page for an unknown path', async () => {
    renderApp('/wp-user/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe("each page's title", () => {
  it('names the page, its area and the bank, and follows the customer from page to page', async () => {
    const app = renderApp('/wp-user/account/login');
    await waitFor(() => expect(document.title).toBe('Sign in · E-Banking'));
    await act(() => app.router.navigate({ to: '/account/signup' }));
    await waitFor(() => expect(document.title).toBe('Create your account · E-Banking'));
    installFakeBank();
    session.signIn('user-token');
    await act(() => app.router.navigate({ to: '/dashboard/settings' }));
    await waitFor(() => expect(document.title).toBe('Settings · E-Banking'));
    // One title, whichever page set it last.
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('names the unknown address as not found, and the next page by its own name', async () => {
    const app = renderApp('/wp-user/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Page not found · E-Banking'));
    await act(() => app.router.navigate({ to: '/account/login' }));
    await waitFor(() => expect(document.title).toBe('Sign in · E-Banking'));
    await act(() => app.router.navigate({ href: '/account/no-such-page' }));
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Page not found · E-Banking'));
  });

  it('is said to screen readers when the customer moves to another page, not on the first one', async () => {
    const app = renderApp('/wp-user/account/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    const said = () =>
      screen
        .queryAllByRole('log')
        .map((log) => log.textContent)
        .join(' ');
    expect(said()).not.toContain('Sign in · E-Banking');
    await act(() => app.router.navigate({ to: '/account/forgot' }));
    await waitFor(() => expect(said()).toContain('Forgot your passcode · E-Banking'));
    // A change of the address's search alone is no new page.
    await act(() => app.router.navigate({ to: '/account/forgot', search: {}, hash: 'top' }));
    expect(said().match(/Forgot your passcode/gu)).toHaveLength(1);
  });
});

describe('logout', () => {
  it('clears the session and the cache, sets the logged-out flag and shows the landing page', async () => {
    installFakeBank();
    session.signIn('user-token');
    session.setTempToken('kyc-token');
    session.setAccountVerification('Declined');
    session.setEmail('demo@bank.test');
    session.setNotVerified(true);
    session.setClosed(true);
    const app = renderApp('/wp-user/dashboard');
    app.queryClient.setQueryData(['bank', 'checkPin', {}], { haspin: true });

    await app.user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.tempToken,
      STORAGE_KEYS.accountVerification,
      STORAGE_KEYS.email,
      STORAGE_KEYS.notVerified,
      STORAGE_KEYS.close,
    ])
      expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('1');
    expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('signing in again clears the logged-out flag', async () => {
    session.logout();
    const app = renderApp('/wp-user/account');
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    session.signIn('user-token');
    await act(() => app.router.navigate({ to: '/account' }));
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard');
    });
    expect(session.isLoggedOut()).toBe(false);
  });
});
