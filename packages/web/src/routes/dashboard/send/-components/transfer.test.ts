import { serviceChargeCents } from '@ebank/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { transferForm } from '@/test/money-data';
import { TRANSFER_STORAGE_KEY, transferCharges, transferDraft } from './transfer';
import { emptyTransferForm } from './transfer-form';

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('the kept transfer', () => {
  it('is an empty form and no transfer when nothing is kept', () => {
    expect(transferDraft.form()).toEqual(emptyTransferForm);
    expect(transferDraft.transfer()).toBeUndefined();
  });

  it('keeps the form as typed, and a typed change drops the reviewed amount', () => {
    const fields = transferForm({ amount: '100' });
    transferDraft.saveReviewed(fields, '$100.00');
    expect(transferDraft.form()).toEqual(fields);
    expect(transferDraft.transfer()).toMatchObject({ transfer: { amount: 100 }, display: '$100.00' });
    transferDraft.saveForm({ ...fields, amount: '120' });
    expect(transferDraft.transfer()).toMatchObject({ transfer: { amount: 120 }, display: undefined });
  });

  it('is no transfer when the record is broken or the form incomplete', () => {
    window.sessionStorage.setItem(TRANSFER_STORAGE_KEY, '{not json');
    expect(transferDraft.transfer()).toBeUndefined();
    expect(transferDraft.form()).toEqual(emptyTransferForm);
    transferDraft.saveForm({ ...transferForm(), swift: '' });
    expect(transferDraft.transfer()).toBeUndefined();
  });

  it('keeps that a code was sent for the transfer, never the code, until the form changes', () => {
    const fields = transferForm({ amount: '100' });
    transferDraft.saveReviewed(fields, '$100.00');
    const step = { head: 'Transfer Authorization Code is required', body: 'We sent a 4-digit code to d***@bank.test.' };
    transferDraft.saveCodeSent(step);
    expect(transferDraft.transfer()).toMatchObject({ transfer: { amount: 100 }, display: '$100.00', codeSent: step });
    expect(JSON.parse(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY) ?? 'null')).toEqual({
      fields,
      display: '$100.00',
      codeSent: step,
    });
    transferDraft.saveForm({ ...fields, amount: '120' });
    expect(transferDraft.transfer()?.codeSent).toBeUndefined();

    transferDraft.saveReviewed(fields, '$100.00');
    transferDraft.saveCodeSent(step);
    transferDraft.saveReviewed(fields, '$100.00');
    expect(transferDraft.transfer()?.codeSent).toBeUndefined();
  });

  it('forgets the code sent and keeps the transfer', () => {
    transferDraft.saveReviewed(transferForm(), '$100.00');
    transferDraft.saveCodeSent({ head: 'Code', body: 'Check your e-mail.' });
    transferDraft.forgetCodeSent();
    expect(transferDraft.transfer()).toMatchObject({ display: '$100.00', codeSent: undefined });
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).not.toContain('codeSent');
  });

  it('keeps no code sent without a transfer', () => {
    transferDraft.saveCodeSent({ head: 'Code', body: 'Check your e-mail.' });
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBeNull();
    transferDraft.forgetCodeSent();
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBeNull();
  });

  it('is cleared by its reset', () => {
    transferDraft.saveForm(transferForm());
    transferDraft.clear();
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBeNull();
  });
});

describe('the review and PIN screens without a transfer', () => {
  const errors = () => vi.mocked(toast.error).mock.calls.map(([message]) => message);
  const toastsShown = () => {
    const shown = errors();
    vi.mocked(toast.error).mockClear();
    return shown;
  };
  const visit = () => {
    expect(() => transferDraft.transferOrBack(false, 1000)).toThrow();
  };
  beforeEach(() => {
    vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("say 'Something went wrong!' and go back to the form", () => {
    visit();
    expect(toastsShown()).toEqual(['Something went wrong!']);
  });

  it('go back to an empty form quietly after a transfer that went through, and keep nothing of it', () => {
    transferDraft.saveReviewed(transferForm({ amount: '100' }), '$100.00');
    transferDraft.sent();
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBe('{"sent":true}');
    expect(transferDraft.transfer()).toBeUndefined();
    expect(transferDraft.form()).toEqual(emptyTransferForm);
    visit();
    expect(toastsShown()).toEqual([]);
    // A new form is a new transfer: its screens say so again when it is missing.
    transferDraft.saveForm({ ...transferForm(), swift: '' });
    visit();
    expect(toastsShown()).toEqual(['Something went wrong!']);
  });
});

describe('the charges on the review', () => {
  it('are the bank’s fee and the rest, to the cent', () => {
    expect(transferCharges(100, 10)).toEqual({ fee: 10, received: 90 });
    expect(transferCharges(123.45, 10)).toEqual({ fee: 12.35, received: 111.1 });
    expect(transferCharges(0.05, 10)).toEqual({ fee: 0.01, received: 0.04 });
    for (const amount of [0.01, 19.99, 1500, 2_500.55])
      expect(transferCharges(amount, 7.5).fee).toBe(serviceChargeCents(Math.round(amount * 100), 7.5) / 100);
  });
});
