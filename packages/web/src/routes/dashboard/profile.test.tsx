import { pngBlob } from '@ebank/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/session/session';
import { installDashboardBank, profile } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion } from '@/test/render-app';

// jsdom has no object URLs; the preview only needs an address per file.
const objectUrls = { create: vi.fn<(file: Blob) => string>(() => 'blob:preview-1'), revoke: vi.fn() };
beforeEach(() => {
  session.signIn('user-token');
  Object.defineProperty(URL, 'createObjectURL', { value: objectUrls.create, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: objectUrls.revoke, configurable: true, writable: true });
});
afterEach(() => {
  objectUrls.create.mockClear();
  objectUrls.revoke.mockClear();
});

type App = ReturnType<typeof renderApp>;

async function choose(app: App, label: string, option: string) {
  await app.user.click(screen.getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

// The details form is large (a 250-country list among its fields): give it room on a busy machine.
describe('profile', { timeout: 15_000 }, () => {
  it('shows the username, the account number and the details from the bank', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('dana.demo')).toBeInTheDocument();
    expect(screen.getByText('4820193746')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Dana Demo');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+44 20 7946 0958');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Female');
    // In the portal's one date style (day/month/year, as the lists), not the browser's date field's.
    expect(screen.getByLabelText('Date of birth')).toHaveValue('23/4/1990');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Day/month/year, such as 26/11/2026');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('United Kingdom');
    expect(screen.getByRole('combobox', { name: 'Marital status' })).toHaveTextContent('Single');
    expect(screen.getByLabelText('Home address')).toHaveValue('1 Bank Street, London');
    expect(screen.getByLabelText('Next of kin')).toHaveValue('Sam Demo');
  });

  it('starts empty fields blank and keeps a value the lists do not know', async () => {
    installDashboardBank(
      {},
      {
        profile: profile({ phone: null, dob: null, gender: 'Non-binary', country: null, marital_status: null }, null),
      },
    );
    renderApp('/wp-user/dashboard/profile');
    expect(await screen.findByLabelText('Phone number')).toHaveValue('');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Non-binary');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Select your country');
    expect(screen.getAllByText('n/a')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Copy account number' })).not.toBeInTheDocument();
  });

  it('updates the details and says so', async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    const name = await screen.findByLabelText('Full name');
    await app.user.clear(name);
    await app.user.type(name, 'Dana Q. Demo');
    await choose(app, 'Gender', 'Other');
    await choose(app, 'Marital status', 'Married');
    const dob = screen.getByLabelText('Date of birth');
    await app.user.clear(dob);
    await app.user.type(dob, '3/2/1991');
    await app.user.clear(screen.getByLabelText('Next of kin'));
    await app.user.type(screen.getByLabelText('Next of kin'), 'Alex Demo');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await findToast('Action Successful!')).closest('[data-slot=toast]')).toHaveTextContent('Profile updated');
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('updateProfile')[0]?.input).toEqual({
      fullname: 'Dana Q. Demo',
      phone: '+44 20 7946 0958',
      gender: 'Other',
      dob: '1991-02-03',
      country: 'United Kingdom of Great Britain and Northern Ireland',
      marital_status: 'Married',
      home_address: '1 Bank Street, London',
      next_of_kin: 'Alex Demo',
    });
    // The summary the top bar reads is fetched again with the new name.
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await within(await screen.findByRole('menu')).findByText('Dana Q. Demo')).toBeInTheDocument();
  });

  it('asks before leaving details changed and not saved; once saved, leaves without asking', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    const kin = await screen.findByLabelText('Next of kin');
    await app.user.clear(kin);
    await app.user.type(kin, 'Alex Demo');
    await app.user.click(screen.getAllByRole('link', { name: 'Settings' })[0]!);
    const ask = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    await app.user.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    expect(app.path()).toBe('/wp-user/dashboard/profile');
    expect(screen.getByLabelText('Next of kin')).toHaveValue('Alex Demo');

    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful!');
    await app.user.click(screen.getAllByRole('link', { name: 'Settings' })[0]!);
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard/settings');
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('leaves blank optional details out and wants a full name and a real phone number', async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    await app.user.clear(await screen.findByLabelText('Full name'));
    await app.user.clear(screen.getByLabelText('Phone number'));
    await app.user.type(screen.getByLabelText('Phone number'), 'call me');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number such as +44 20 7946 0958')).toBeInTheDocument();
    expect(bank.callsTo('updateProfile')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Full name'), 'Dana Demo');
    await app.user.clear(screen.getByLabelText('Phone number'));
    await app.user.clear(screen.getByLabelText('Next of kin'));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful!');
    const input = bank.callsTo('updateProfile')[0]?.input;
    expect(input).toMatchObject({ fullname: 'Dana Demo', gender: 'Female' });
    expect(input).not.toHaveProperty('phone');
    expect(input).not.toHaveProperty('next_of_kin');
  });

  it("says 'Something went wrong!' when the update fails", async () => {
    installDashboardBank({ updateProfile: () => errorReply('', 500) });
    const app = renderApp('/wp-user/dashboard/profile');
    await screen.findByLabelText('Full name');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
  });

  it("takes 'Something went wrong!' away when the next try succeeds, and says what happened", async () => {
    let tries = 0;
    installDashboardBank({
      updateProfile: () => {
        tries += 1;
        return tries === 1 ? errorReply('', 500) : { status: 'success', message: 'Action Successful' };
      },
    });
    const app = renderApp('/wp-user/dashboard/profile');
    await screen.findByLabelText('Full name');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await findToast('Action Successful')).closest('[data-slot=toast]')).toHaveTextContent('Profile updated');
    expect(within(toastRegion()).queryByText('Something went wrong!')).not.toBeInTheDocument();
  });

  it('takes a date of birth as day/month/year and says when it is not a day, in the future or under 18', async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    const dob = await screen.findByLabelText('Date of birth');
    await app.user.clear(dob);
    await app.user.type(dob, '04/23/1990');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the date of birth as day/month/year, such as 23/4/1990')).toBeInTheDocument();
    await app.user.clear(dob);
    await app.user.type(dob, '1/1/2999');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The date of birth cannot be in the future')).toBeInTheDocument();
    // Someone who is not yet 18 (the sign-up's checkbox said 18 or over).
    await app.user.clear(dob);
    await app.user.type(dob, `1/1/${String(new Date().getUTCFullYear() - 17)}`);
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Customers must be 18 or over: check the date of birth')).toBeInTheDocument();
    expect(bank.callsTo('updateProfile')).toHaveLength(0);
    await app.user.clear(dob);
    await app.user.type(dob, '23/04/1990');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful!');
    expect(bank.callsTo('updateProfile')[0]?.input).toMatchObject({ dob: '1990-04-23' });
  });

  it('names the field that is too long', async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    const address = await screen.findByLabelText('Home address');
    await app.user.clear(address);
    await app.user.click(address);
    await app.user.paste('x'.repeat(301));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Home address must be at most 300 characters')).toBeInTheDocument();
    expect(bank.callsTo('updateProfile')).toHaveLength(0);
  });

  it('previews a chosen picture, uploads it and then shows the picture the bank keeps', async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/profile');
    const input = await screen.findByLabelText('Choose picture');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    await app.user.upload(input, pngBlob('me.png'));

    const page = within(screen.getByRole('main'));
    // The picture is read as the bank will read it before it is previewed.
    expect(await screen.findByText('me.png')).toBeInTheDocument();
    expect(page.getByRole('img', { name: 'Picture of Dana Demo' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(bank.callsTo('updateProfilePicture')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await findToast('Action Successful!')).toBeInTheDocument();
    expect(bank.callsTo('updateProfilePicture')[0]?.input.profilePic).toMatchObject({ mimetype: 'image/png' });
    await waitFor(() => {
      expect(page.getByRole('img', { name: 'Picture of Dana Demo' })).toHaveAttribute(
        'src',
        expect.stringContaining('/__mock/uploads/picture-1'),
      );
    });
    // The top bar shows it too.
    const topBar = within(screen.getByRole('button', { name: 'Account menu' }));
    expect(await topBar.findByRole('img')).toHaveAttribute('src', expect.stringContaining('/__mock/uploads/picture-1'));
  });

  it('refuses a file that is no image, and sends nothing', async () => {
    const bank = installDashboardBank();
    renderApp('/wp-user/dashboard/profile');
    // The file dialog honours `accept`; a drop or an old browser may not.
    fireEvent.change(await screen.findByLabelText('Choose picture'), {
      target: { files: [new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPG, GIF or WebP image');
    expect(screen.queryByRole('button', { name: 'Upload picture' })).not.toBeInTheDocument();
    expect(bank.callsTo('updateProfilePicture')).toHaveLength(0);
  });

  it('a picture the bank refuses: says why in plain words, never the wire, and asks for another', async () => {
    installDashboardBank({
      updateProfilePicture: () =>
        Response.json(
          {
            error: true,
            message: 'Invalid updatepic request: profilePic: must be a PNG, JPG, GIF or WebP image',
            code: 'invalid_request',
            issues: [{ field: 'profilePic', message: 'profilePic: must be a PNG, JPG, GIF or WebP image' }],
          },
          { status: 400 },
        ),
    });
    const app = renderApp('/wp-user/dashboard/profile');
    expect(await screen.findByText('PNG, JPG, GIF or WebP (max. 5 MB, 8000 × 8000 px)')).toBeInTheDocument();
    await app.user.upload(await screen.findByLabelText('Choose picture'), pngBlob('me.png'));
    await app.user.click(await screen.findByRole('button', { name: 'Upload picture' }));
    const plain =
      'That picture could not be used: it must be a PNG, JPG, GIF or WebP image up to 5 MB and 8000 × 8000 pixels.';
    expect(await findToast(plain)).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(plain);
    expect(await screen.findByLabelText('Choose picture')).toBeInTheDocument();
    expect(screen.queryByText(/updatepic|profilePic|request:/u)).not.toBeInTheDocument();
  });

  it("says 'Something went wrong!' when the upload fails, and keeps the choice", async () => {
    installDashboardBank({ updateProfilePicture: () => errorReply('', 500) });
    const app = renderApp('/wp-user/dashboard/profile');
    await app.user.upload(await screen.findByLabelText('Choose picture'), pngBlob('me.png'));
    await app.user.click(await screen.findByRole('button', { name: 'Upload picture' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeEnabled();
  });
});
