import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankAnswer } from '@/test/fake-bank';
import { mutationOptionsFor, queryOptionsFor } from './dashboard';
import { createAppQueryClient, type CallMeta } from './query-client';
import { TOAST_MS } from '@/lib/timings';

function setup(answer: () => BankAnswer) {
  installFakeBank({ getContact: answer, changeEmail: answer });
  render(<Toaster />);
  return createAppQueryClient();
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/iu }));

async function runMutation(queryClient: ReturnType<typeof createAppQueryClient>, meta?: string | CallMeta) {
  const options = {
    ...mutationOptionsFor('changeEmail'),
    ...(meta === undefined ? {} : { meta: typeof meta === 'string' ? { errorMessage: meta } : meta }),
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

  it('leaves a failure the screen shows itself untoasted: every one, or those its test picks', async () => {
    const failures = ['Shown where it happened', 'Toasted'];
    const queryClient = setup(() => errorReply(failures.shift(), 403));
    const picked = (error: Error) => error.message === 'Shown where it happened';
    await runMutation(queryClient, { inline: picked });
    await runMutation(queryClient, { inline: picked });
    expect(await toasts().findByText('Toasted')).toBeInTheDocument();
    expect(toasts().queryByText('Shown where it happened')).not.toBeInTheDocument();
    failures.push('Never toasted');
    await runMutation(queryClient, { inline: true });
    expect(toasts().queryByText('Never toasted')).not.toBeInTheDocument();
  });

  it('toasts a read that failed with a message', async () => {
    const queryClient = setup(() => errorReply('Please sign in again', 401));
    await act(async () => {
      await queryClient.query(queryOptionsFor('getContact')).catch(() => undefined);
    });
    expect(await toasts().findByText('Please sign in again')).toBeInTheDocument();
  });
});

/** Moves the fake clock by `ms` and says whether a toast saying `text` is still up. */
function shownAfter(ms: number, text: string) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  return toasts().queryByText(text) !== null;
}

describe('central error toasts: how long they stay', () => {
  it('keeps a failed write up as long as its meta says (toastMs)', async () => {
    vi.useFakeTimers();
    const queryClient = setup(() => errorReply('Incorrect PIN. 4 attempts left.'));
    await runMutation(queryClient, { errorMessage: 'An error has Occured.', toastMs: 15_000 });
    expect(toasts().getByText('Incorrect PIN. 4 attempts left.').closest('[data-slot=toast]')).toHaveAttribute(
      'data-duration',
      '15000',
    );
    expect(shownAfter(15_000 - 1, 'Incorrect PIN. 4 attempts left.')).toBe(true);
    expect(shownAfter(1, 'Incorrect PIN. 4 attempts left.')).toBe(false);
  });

  it('uses the fallback with the same duration when the failure has no message', async () => {
    vi.useFakeTimers();
    const queryClient = setup(() => NETWORK_FAILURE);
    await runMutation(queryClient, { errorMessage: 'An error has Occured.', toastMs: 3000 });
    expect(shownAfter(3000 - 1, 'An error has Occured.')).toBe(true);
    expect(shownAfter(1, 'An error has Occured.')).toBe(false);
  });

  it('keeps a failed read up as long as its meta says', async () => {
    vi.useFakeTimers();
    const queryClient = setup(() => errorReply('Service charge unavailable', 503));
    await act(async () => {
      await queryClient.query({ ...queryOptionsFor('getContact'), meta: { toastMs: 2000 } }).catch(() => undefined);
    });
    expect(shownAfter(2000 - 1, 'Service charge unavailable')).toBe(true);
    expect(shownAfter(1, 'Service charge unavailable')).toBe(false);
  });

  it('stays 5 s when the meta names no duration', async () => {
    vi.useFakeTimers();
    const queryClient = setup(() => errorReply('Your session has expired', 401));
    await runMutation(queryClient, 'Something went wrong!');
    expect(shownAfter(TOAST_MS - 1, 'Your session has expired')).toBe(true);
    expect(shownAfter(1, 'Your session has expired')).toBe(false);
  });
});

describe('central error toasts: a write that got no reply', () => {
  it('says nothing when its meta asks for quiet (quietWithoutReply)', async () => {
    const queryClient = setup(() => NETWORK_FAILURE);
    await runMutation(queryClient, { errorMessage: 'Something went wrong!', quietWithoutReply: true });
    expect(toasts().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('still reports any other failure of such a write', async () => {
    const queryClient = setup(() => errorReply(''));
    await runMutation(queryClient, { errorMessage: 'Something went wrong!', quietWithoutReply: true });
    expect(await toasts().findByText('Something went wrong!')).toBeInTheDocument();
  });
});
