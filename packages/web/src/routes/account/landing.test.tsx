import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { renderApp } from '@/test/render-app';

describe('the account landing page', () => {
  it('welcomes, and links to signup and sign-in', async () => {
    renderApp('/wp-user/account');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Let's Get Started" })).toHaveAttribute('href', '/wp-user/account/signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/wp-user/account/login');
    expect(screen.queryByText('Logged out !')).not.toBeInTheDocument();
  });

  it("says 'Logged out !' when the logged-out flag is set", async () => {
    session.logout();
    renderApp('/wp-user/account');
    expect(await screen.findByRole('status')).toHaveTextContent('Logged out !');
  });
});
