import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { installDashboardBank } from '@/test/dashboard-data';
import { findToast, renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

describe("'Submit verification'", () => {
  it('explains the step and offers the verification deposit address to copy', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/kyc');
    expect(await screen.findByRole('heading', { name: 'Submit verification' })).toBeInTheDocument();
    const address = screen.getByLabelText('Verification deposit address');
    expect(address).toHaveAttribute('readonly');
    await app.user.click(screen.getByRole('button', { name: 'Copy verification deposit address' }));
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe((address as HTMLInputElement).value);
  });
});
