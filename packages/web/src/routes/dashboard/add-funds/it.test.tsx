import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { institution } from '@/test/bank-data';
import { NETWORK_FAILURE, type BankHandlers } from '@/test/fake-bank';
import { signedInBank } from '@/test/money-data';
import { findToast, renderApp, toastRegion, useAdvancingFakeTimers } from '@/test/render-app';

beforeEach(() => {
  useAdvancingFakeTimers();
});

function setup(handlers: BankHandlers = {}) {
  signedInBank(handlers);
  return renderApp('/wp-user/dashboard/add-funds/it');
}

const value = (label: string) => screen.getByRole('textbox', { name: label });
const LABELS = ['Your Username', 'Your Account Number', 'Swift Code', 'Routing Number', 'Country'];

describe('institutional transfer', () => {
  it("shows 'Your Details', each copyable, and the balance", async () => {
    const app = setup();
    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeInTheDocument();
    expect(value('Your Username')).toHaveValue('dana.demo');
    expect(value('Your Account Number')).toHaveValue('4820193746');
    expect(value('Swift Code')).toHaveValue('EBNKUS33XXX');
    expect(value('Routing Number')).toHaveValue('021000021');
    expect(value('Country')).toHaveValue('United States');
    for (const label of LABELS) expect(screen.getByRole('button', { name: `Copy ${label}` })).toBeEnabled();
    expect(screen.getByText('$5,120.00')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Copy Your Account Number' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('4820193746');
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
  });

  it("shows 'n/a' for a missing username or account number, and other missing details empty", async () => {
    setup({
      getInstitution: () =>
        institution({
          u: { username: null },
          data: { account_no: null },
          data2: { swift_code: null, routing_no: '', country: null },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeInTheDocument();
    expect(value('Your Username')).toHaveValue('n/a');
    expect(value('Your Account Number')).toHaveValue('n/a');
    for (const label of ['Swift Code', 'Routing Number', 'Country']) expect(value(label)).toHaveValue('');
    for (const label of LABELS) expect(screen.getByRole('button', { name: `Copy ${label}` })).toBeDisabled();
  });

  it('shows empty details, with no message, when the call gets no reply', async () => {
    setup({ getInstitution: () => NETWORK_FAILURE });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByRole('heading', { name: 'Your Details' })).toBeInTheDocument();
    expect(value('Your Username')).toHaveValue('n/a');
    expect(value('Swift Code')).toHaveValue('');
    expect(within(toastRegion()).queryByText(/.+/u)).not.toBeInTheDocument();
  });
});
