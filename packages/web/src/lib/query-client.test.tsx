import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankAnswer } from '@/test/fake-bank';
import { mutationOptionsFor, queryOptionsFor } from './api';
import { createAppQueryClient } from './query-client';

function setup(answer: () => BankAnswer) {
  installFakeBank({ getContact: answer, changeEmail: answer });
  render(<Toaster />);
  return createAppQueryClient();
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/iu }));

async function runMutation(queryClient: ReturnType<typeof createAppQueryClient>, errorMessage?: string) {
  const options = {
    ...mutationOptionsFor('changeEmail'),
    ...(errorMessage === undefined ? {} : { meta: { errorMessage } }),
  };
  await act(async () => {
    await queryClient
      .getMutationCache()
      .build(queryClient, options)
      .execute({ email: 'ada@bank.test' })
      .catch(() => undefined);
  });
}

describe('central error toasts', () => {
  it("shows the bank's message for a failed call", async () => {
    const queryClient = setup(() => errorReply('Your session has expired', 401));
    await runMutation(queryClient, 'Something went wrong!');
    expect(await toasts().findByText('Your session has expired')).toBeInTheDocument();
  });

  it("falls back to the screen's message when the failure has none", async () => {
    const queryClient = setup(() => errorReply(''));
    await runMutation(queryClient, 'Invalid Credentials');
    expect(await toasts().findByText('Invalid Credentials')).toBeInTheDocument();
  });

  it("and to 'Something went wrong!' when the screen names none", async () => {
    const queryClient = setup(() => ({ status: 'failed' }));
    await runMutation(queryClient);
    expect(await toasts().findByText('Something went wrong!')).toBeInTheDocument();
  });

  it('does not show contract jargon for a reply that does not match the contract', async () => {
    const queryClient = setup(() => ({ unexpected: 'shape' }));
    await runMutation(queryClient, 'Something went wrong!');
    expect(await toasts().findByText('Something went wrong!')).toBeInTheDocument();
    expect(toasts().queryByText(/contract/u)).not.toBeInTheDocument();
  });

  it('reports a write that got no reply with the fallback', async () => {
    const queryClient = setup(() => NETWORK_FAILURE);
    await runMutation(queryClient, 'An unexpected error occured');
    expect(await toasts().findByText('An unexpected error occured')).toBeInTheDocument();
  });

  it('gives a read that got no reply an empty result, with no message', async () => {
    const queryClient = setup(() => NETWORK_FAILURE);
    queryClient.setDefaultOptions({ queries: { retry: false } });
    await act(async () => {
      await queryClient.query(queryOptionsFor('getContact')).catch(() => undefined);
    });
    expect(queryClient.getQueryData(queryOptionsFor('getContact').queryKey)).toBeUndefined();
    expect(toasts().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('toasts a read that failed with a message', async () => {
    const queryClient = setup(() => errorReply('Please sign in again', 401));
    await act(async () => {
      await queryClient.query(queryOptionsFor('getContact')).catch(() => undefined);
    });
    expect(await toasts().findByText('Please sign in again')).toBeInTheDocument();
  });
});
