import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBank } from '@/test/fake-bank';
import { renderApp } from '@/test/render-app';

describe('terms and conditions', () => {
  it('shows the terms under /account/terms, with a way on to sign-up', async () => {
    installFakeBank();
    renderApp('/wp-user/account/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who may open an account' })).toBeInTheDocument();
    expect(screen.getByText(/at least 18 years old/u)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/wp-user/account/signup');
  });
});
