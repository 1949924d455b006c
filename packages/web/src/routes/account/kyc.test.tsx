import { pngBlob } from '@ebank/contract/testing';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session, STORAGE_KEYS } from '@/session/session';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankHandlers } from '@/test/fake-bank';
import { findToast, renderApp, useAdvancingFakeTimers } from '@/test/render-app';

function setup(handlers: BankHandlers = {}, path = '/wp-user/account/kyc/form') {
  const bank = installFakeBank({
    getDocumentTypes: () => ({ docs: [{ doc_name: 'Passport' }, { doc_name: 'National ID Card' }] }),
    submitVerification: () => ({ status: 'success', message: 'Verification submitted' }),
    ...handlers,
  });
  const app = renderApp(path);
  return { bank, app };
}

async function choose(app: ReturnType<typeof renderApp>, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

async function fillForm(app: ReturnType<typeof renderApp>) {
  await choose(app, 'Country', 'Germany');
  await app.user.type(screen.getByLabelText('Phone number'), '+49 30 1234567');
  await app.user.type(screen.getByLabelText('Home address'), 'Unter den Linden 1, Berlin');
  await app.user.upload(screen.getByLabelText('Your picture'), pngBlob('me.png'));
  await choose(app, 'Document type', 'Passport');
  await app.user.upload(screen.getByLabelText('Document front'), pngBlob('front.png'));
  await app.user.upload(screen.getByLabelText('Document back'), pngBlob('back.png'));
}

beforeEach(() => {
  useAdvancingFakeTimers();
  session.setTempToken('kyc-jwt');
});

// The form is large (a 250-country list among its fields): give it room on a busy machine, as profile does.
describe('KYC', { timeout: 15_000 }, () => {
  it('introduces the check and links to the form', async () => {
    setup({}, '/wp-user/account/kyc');
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start verification' })).toHaveAttribute(
      'href',
      '/wp-user/account/kyc/form',
    );
  });

  it('sends a visitor without the temporary token to login', async () => {
    session.clearTempToken();
    const { app } = setup();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
  });

  it("offers 'Driver's License' first, then the bank's document types", async () => {
    const { app } = setup();
    const trigger = await screen.findByRole('combobox', { name: 'Document type' });
    expect(trigger).toHaveTextContent("Driver's License");
    await app.user.click(trigger);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(["Driver's License", 'Passport', 'National ID Card']);
  });

  it('lists the world’s countries', async () => {
    const { app } = setup();
    await app.user.click(await screen.findByRole('combobox', { name: 'Country' }));
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(240);
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['Germany', 'Kenya', 'Brazil']));
  });

  it('accepts only images for the three uploads, and says which', async () => {
    setup();
    for (const label of ['Your picture', 'Document front', 'Document back']) {
      const input = await screen.findByLabelText(label);
      expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('PNG, JPG, GIF or WebP (max. 5 MB, 8000 × 8000 px)'),
      );
    }
  });

  it('a picture the bank refuses: its field says why, in plain words, and nothing else goes', async () => {
    const message =
      'Invalid submit_verification request: idcardBack: must be a plain image: it also contains HTML or script';
    const { app } = setup({
      submitVerification: () =>
        Response.json(
          { error: true, message, code: 'invalid_request', issues: [{ field: 'idcardBack', message }] },
          { status: 400 },
        ),
    });
    await screen.findByRole('combobox', { name: 'Country' });
    await fillForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const plain =
      'That picture could not be used: it must be a PNG, JPG, GIF or WebP image up to 5 MB and 8000 × 8000 pixels.';
    expect(await findToast(plain)).toBeInTheDocument();
    expect(await screen.findByLabelText('Document back')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Document front')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/idcardBack|submit_verification|request:/u)).not.toBeInTheDocument();
  });

  it("offers 'Back' to the introduction and 'Sign out', from the keyboard", async () => {
    const { app } = setup();
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/wp-user/account/kyc');
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    signOut.focus();
    await app.user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
    expect(session.tempToken()).toBeUndefined();
  });

  it("asks before 'Back' leaves what was typed: Stay keeps it, Leave goes; an untouched form just goes", async () => {
    const { app } = setup();
    await app.user.type(await screen.findByLabelText('Phone number'), '+49 30 1234567');
    await app.user.click(screen.getByRole('link', { name: 'Back' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('What you entered here has not been sent, and will be lost.');
    expect(within(ask).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await app.user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/kyc/form');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+49 30 1234567');

    await app.user.click(screen.getByRole('link', { name: 'Back' }));
    await app.user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('link', { name: /Start/u })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/kyc');

    // Nothing typed: nothing asked.
    await app.user.click(screen.getByRole('link', { name: /Start/u }));
    await app.user.click(await screen.findByRole('link', { name: 'Back' }));
    await screen.findByRole('link', { name: /Start/u });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("signing out with a form typed into asks nothing: 'Sign out' always leaves", async () => {
    const { app } = setup();
    await app.user.type(await screen.findByLabelText('Phone number'), '+49 30 1234567');
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('requires every field and sends nothing without them', async () => {
    const { app, bank } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    for (const message of [
      'Choose your country',
      'Phone number is required',
      'Home address is required',
      'Choose a picture of yourself',
      'Choose the front of your document',
      'Choose the back of your document',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(bank.callsTo('submitVerification')).toHaveLength(0);
  });

  it('submits with the temporary token, clears it, and opens under-review after 5 s', async () => {
    const { app, bank } = setup();
    await screen.findByRole('combobox', { name: 'Country' });
    await fillForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await findToast('Verification submitted')).toBeInTheDocument();
    expect(bank.rejected).toEqual([]);
    const [call] = bank.callsTo('submitVerification');
    expect(call?.token).toBe('kyc-jwt');
    expect(call?.input).toMatchObject({
      country: 'Germany',
      phone: '+49 30 1234567',
      home_address: 'Unter den Linden 1, Berlin',
      type: 'Passport',
      pic: { mimetype: 'image/png', size: pngBlob().size },
      idcardFront: { mimetype: 'image/png' },
      idcardBack: { mimetype: 'image/png' },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
    expect(screen.getByText('Taking you to your review status…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/wp-user/account/kyc/under-review');
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS));
    expect(await screen.findByRole('heading', { name: 'Your verification is under review' })).toBeInTheDocument();
  });

  it('keeps everything for another try when the submission fails', async () => {
    const { app } = setup({ submitVerification: () => errorReply('', 500) });
    await screen.findByRole('combobox', { name: 'Country' });
    await fillForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveValue('+49 30 1234567');
    expect(screen.getByText('front.png')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBe('kyc-jwt');
  });

  it('tells a declined user why they are back', async () => {
    session.setAccountVerification('Declined');
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your previous verification was declined');
  });

  it('still offers the default document type when the list cannot be fetched, silently', async () => {
    const { app } = setup({ getDocumentTypes: () => NETWORK_FAILURE });
    // A read with no reply is tried again twice before it counts as empty.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await app.user.click(await screen.findByRole('combobox', { name: 'Document type' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Driver's License"]);
    expect(screen.queryByText(/went wrong/u)).not.toBeInTheDocument();
  });
});

describe('KYC under review', () => {
  it('shows the notice on the first visit and closes to the landing page on the next', async () => {
    const first = setup({}, '/wp-user/account/kyc/under-review').app;
    expect(await screen.findByRole('heading', { name: 'Your verification is under review' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.close)).toBe('1');
    first.unmount();

    const second = setup({}, '/wp-user/account/kyc/under-review').app;
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
    expect(second.path()).toBe('/wp-user/account');
  });
});
