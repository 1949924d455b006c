import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { institution } from '@/test/bank-data';
import { installDashboardBank } from '@/test/dashboard-data';
import { findToast, renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

const ADDRESS = 'bc1qv3rfc8x5ja2t0gk7ymn4wq6sd9ulh2ez8pe4xs';

describe("'Submit verification'", () => {
  it("explains the step and offers the bank's verification deposit address to copy", async () => {
    installDashboardBank({
      getInstitution: () => institution({ verification_deposit: { type: 'BTC', address: ADDRESS } }),
    });
    const app = renderApp('/wp-user/dashboard/kyc');
    expect(await screen.findByRole('heading', { name: 'Submit verification' })).toBeInTheDocument();
    expect(screen.getByText(/Send the verification deposit in BTC to the address below/u)).toBeInTheDocument();
    const address = await screen.findByLabelText('Verification deposit address');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveValue(ADDRESS);
    expect(screen.queryByText(/placeholder/u)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Copy Verification deposit address' }));
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(ADDRESS);
  });

  it('says to ask support, with nothing to copy, when the bank names no address', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/kyc');
    expect(await screen.findByRole('heading', { name: 'Submit verification' })).toBeInTheDocument();
    expect(screen.getByLabelText('Verification deposit address')).toHaveValue('Ask support for the address');
    expect(screen.getByRole('button', { name: 'Copy Verification deposit address' })).toBeDisabled();
    expect(screen.getByText(/Send the verification deposit to the address below/u)).toBeInTheDocument();
  });
});
