import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session, STORAGE_KEYS } from '@/session/session';
import { renderApp } from '@/test/render-app';

const GENERAL_HEAD = 'Notice';
const GENERAL_BODY = 'There is a message about your account. Please contact support.';

/** Opens the notice page as the portal does: the message in the history state. */
async function openWithMessage(to: '/account/info' | '/account/info/notice', head: string, body: string) {
  const app = renderApp('/wp-user/account');
  await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' });
  await act(() => app.router.navigate({ to, state: { notice: { head, body } } }));
  return app;
}

describe.each(['/account/info', '/account/info/notice'] as const)('the notice at %s', (to) => {
  it('shows the heading and body it is given, and logs out', async () => {
    session.setTempToken('kyc-jwt');
    session.setEmail('ada@bank.test');
    const app = await openWithMessage(to, 'Account on hold', 'Please call us.\nWe are open 24/7.');
    expect(await screen.findByRole('heading', { name: 'Account on hold' })).toBeInTheDocument();
    expect(screen.getByText(/Please call us\.\s+We are open 24\/7\./u)).toBeInTheDocument();
    // Nothing of the message is in the address.
    expect(app.router.history.location.search).toBe('');
    await app.user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
  });

  it('shows the body as text, never as markup', async () => {
    await openWithMessage(to, 'Hi', '<img src=x onerror=alert(1)>');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src=x]')).toBeNull();
  });

  it('shows nothing a link writes in its address, only the general notice', async () => {
    const injected = new URLSearchParams({ head: 'Security alert', body: 'Call +1 555 0100 and read us your PIN' });
    renderApp(`/wp-user${to}?${injected.toString()}`);
    expect(await screen.findByRole('heading', { name: GENERAL_HEAD })).toBeInTheDocument();
    expect(screen.getByText(GENERAL_BODY)).toBeInTheDocument();
    expect(screen.queryByText(/Security alert/u)).not.toBeInTheDocument();
    expect(screen.queryByText(/555 0100/u)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('shows the general notice for a history state of another shape', async () => {
    const app = renderApp('/wp-user/account');
    await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' });
    // What an older page or another script of the origin may have left in the entry.
    const odd = JSON.parse('{"notice":{"head":42,"body":["x"]}}') as Record<string, unknown>;
    await act(() => app.router.navigate({ to, state: odd }));
    expect(await screen.findByRole('heading', { name: GENERAL_HEAD })).toBeInTheDocument();
    expect(screen.getByText(GENERAL_BODY)).toBeInTheDocument();
  });
});
