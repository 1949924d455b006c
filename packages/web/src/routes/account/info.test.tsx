import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session, STORAGE_KEYS } from '@/session/session';
import { renderApp } from '@/test/render-app';

const search = new URLSearchParams({ head: 'Account on hold', body: 'Please call us.\nWe are open 24/7.' });

describe.each(['/wp-user/account/info', '/wp-user/account/info/notice'])('the notice at %s', (path) => {
  it('shows the heading and body passed in, and logs out', async () => {
    session.setTempToken('kyc-jwt');
    session.setEmail('ada@bank.test');
    const app = renderApp(`${path}?${search.toString()}`);
    expect(await screen.findByRole('heading', { name: 'Account on hold' })).toBeInTheDocument();
    expect(screen.getByText(/Please call us\.\s+We are open 24\/7\./u)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
  });

  it('shows the body as text, never as markup', async () => {
    renderApp(`${path}?${new URLSearchParams({ head: 'Hi', body: '<img src=x onerror=alert(1)>' }).toString()}`);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src=x]')).toBeNull();
  });
});
