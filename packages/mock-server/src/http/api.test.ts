import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KYC_DOCUMENTS, type WireEncoding } from '@ebank/contract';
import { notImages, pngBlob, SAMPLE_PAYEE, sampleImages } from '@ebank/contract/testing';
import { failure, startBank, type Harness } from '../testing/harness';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const textFile = () => new File([notImages.text], 'proof.png', { type: 'image/png' });
const form = SAMPLE_PAYEE;

describe.each<WireEncoding>(['urlencoded', 'multipart'])('every operation, %s', (encoding) => {
  const as = async (email: string) => bank.client({ user: await bank.login(email) }, encoding);

  it('getinstituition: the account summary from the ledger; no token is refused', async () => {
    const api = await as('demo@bank.test');
    const reply = await api.call('getInstitution');
    expect(reply).toMatchObject({
      currency: '$',
      tb: { current_balance: 5120 },
      u: { fullname: 'Dana Demo', current_plan: 'Tier 1', total_credit: 5600, total_debit: 480, username: 'dana.demo' },
      notificationcount: 2,
      haspin: true,
      data2: { swift_code: 'EBNKUS33XXX', routing_no: '021000021', country: 'United States' },
    });
    expect(reply.account.account_no).toMatch(/^\d{10}$/u);
    expect(reply.data.account_no).toBe(reply.account.account_no);
    const error = await failure(bank.client({}, encoding).call('getInstitution'));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Please log in to continue' });
  });

  it('getstatement2 and getstatement: recent and every transaction, of every status', async () => {
    const api = await as('demo@bank.test');
    const home = await api.call('getHomeStatement');
    const all = await api.call('getStatement');
    expect(home.transactions.length).toBeLessThanOrEqual(10);
    expect(all.transactions.length).toBe(11);
    expect(new Set(all.transactions.map((t) => t.status))).toEqual(new Set(['successful', 'in_progress', 'failed']));
    expect(all.transactions[0]).toMatchObject({
      name: 'Transfer to Sam Lee',
      amount: 135,
      transaction_type: 'debit',
      status: 'in_progress',
    });
    expect(all.balance).toBe(5120);
    const fresh = await (await as('nopin@bank.test')).call('getStatement');
    expect(fresh.transactions).toEqual([
      {
        name: 'Opening deposit',
        date: expect.any(String) as string,
        amount: 250,
        transaction_type: 'credit',
        status: 'successful',
      },
    ]);
  });

  it('pincheck, gettrslist, getperc', async () => {
    expect(await (await as('demo@bank.test')).call('checkPin')).toEqual({ haspin: true });
    expect(await (await as('nopin@bank.test')).call('checkPin')).toEqual({ haspin: false });
    const api = await as('demo@bank.test');
    const list = await api.call('getTransferList');
    expect(list.transactions.map((t) => t.status)).toEqual(['pending', 'declined', 'confirmed']);
    expect(await api.call('getServiceCharge')).toEqual({ percent: { percent: 10 }, tb: { current_balance: 5120 } });
  });

  it('updatepin creates a PIN once; supdatepin changes it with the current one', async () => {
    const api = await as('nopin@bank.test');
    expect(await api.call('createPin', { pin: '4321' })).toEqual({
      status: 'success',
      message: 'Your transaction PIN has been successfully created.',
    });
    expect(await api.call('checkPin')).toEqual({ haspin: true });
    expect((await failure(api.call('createPin', { pin: '1111' }))).status).toBe(409);
    expect((await failure(api.call('changePin', { c_pwd: '0000', n_pwd: '5555', con_pwd: '5555' }))).message).toBe(
      'Incorrect PIN. 4 attempts left.',
    );
    expect((await failure(api.call('changePin', { c_pwd: '4321', n_pwd: '5555', con_pwd: '5556' }))).message).toBe(
      'The new PIN and its confirmation do not match',
    );
    expect(await api.call('changePin', { c_pwd: '4321', n_pwd: '5555', con_pwd: '5555' })).toMatchObject({
      status: 'success',
    });
  });

  it('updatepwd changes the passcode; a mismatch is refused', async () => {
    const api = await as('demo@bank.test');
    expect(
      (await failure(api.call('changePasscode', { c_pwd: '123456', n_pwd: '111111', con_pwd: '222222' }))).message,
    ).toBe('Password Mismatch');
    expect(
      (await failure(api.call('changePasscode', { c_pwd: '999999', n_pwd: '111111', con_pwd: '111111' }))).message,
    ).toBe('Incorrect current passcode. 4 attempts left.');
    await api.call('changePasscode', { c_pwd: '123456', n_pwd: '111111', con_pwd: '111111' });
    await expect(bank.login('demo@bank.test', '111111')).resolves.toBeTruthy();
  });

  it('updatepwd ends every other session of the account and keeps the one that made the change', async () => {
    const api = await as('demo@bank.test');
    const otherDevice = await as('demo@bank.test');
    const otherCustomer = await as('nopin@bank.test');
    await api.call('changePasscode', { c_pwd: '123456', n_pwd: '111111', con_pwd: '111111' });
    expect(await failure(otherDevice.call('getInstitution'))).toMatchObject({
      status: 401,
      message: 'Your session has ended. Please log in again.',
    });
    await expect(api.call('getInstitution')).resolves.toMatchObject({ u: { username: 'dana.demo' } });
    await expect(otherCustomer.call('getInstitution')).resolves.toBeTruthy();
    // The kept session can change it again; a new login opens the account under the new passcode.
    await api.call('changePasscode', { c_pwd: '111111', n_pwd: '222222', con_pwd: '222222' });
    await expect(api.call('getInstitution')).resolves.toMatchObject({ u: { username: 'dana.demo' } });
    const fresh = bank.client({ user: await bank.login('demo@bank.test', '222222') }, encoding);
    await expect(fresh.call('getInstitution')).resolves.toMatchObject({ u: { username: 'dana.demo' } });
    // A refused change (wrong current passcode) ends nothing.
    await failure(fresh.call('changePasscode', { c_pwd: '999999', n_pwd: '333333', con_pwd: '333333' }));
    await expect(api.call('getInstitution')).resolves.toMatchObject({ u: { username: 'dana.demo' } });
  });

  it('updateemail changes the login address, to be confirmed at the next sign-in; a taken one is refused', async () => {
    const api = await as('demo@bank.test');
    expect((await failure(api.call('changeEmail', { email: 'nopin@bank.test' }))).status).toBe(409);
    await api.call('changeEmail', { email: 'dana@bank.test' });
    await expect(
      bank.client({}, encoding).call('login', { email: 'dana@bank.test', password: '123456', remeber: false }),
    ).resolves.toMatchObject({ verified: false, email: 'dana@bank.test' });
  });

  it('getprofile and updateprofile', async () => {
    const api = await as('demo@bank.test');
    const before = await api.call('getProfile');
    expect(before.data).toMatchObject({
      fullname: 'Dana Demo',
      email: 'demo@bank.test',
      username: 'dana.demo',
      dob: '1990-04-23',
    });
    expect(before.it.account_no).toMatch(/^\d{10}$/u);
    await api.call('updateProfile', { fullname: 'Dana D. Demo', phone: '+44 20 7946 0958', marital_status: 'Married' });
    const after = await api.call('getProfile');
    expect(after.data).toMatchObject({
      fullname: 'Dana D. Demo',
      phone: '+44 20 7946 0958',
      marital_status: 'Married',
      dob: '1990-04-23',
    });
  });

  it('updateprofile refuses a date of birth in the future or of someone under 18, and changes nothing', async () => {
    const api = await as('demo@bank.test');
    const year = new Date().getUTCFullYear();
    const future = await failure(
      api.call('updateProfile', { fullname: 'Dana Demo', dob: `${String(year + 1)}-01-01` }),
    );
    expect(future).toMatchObject({ status: 400, message: 'dob: must not be in the future' });
    const minor = await failure(
      api.call('updateProfile', {
        fullname: 'Someone Else',
        phone: '+44 20 7946 0000',
        dob: `${String(year - 17)}-01-01`,
      }),
    );
    expect(minor).toMatchObject({ status: 400, message: 'dob: must be at least 18 years ago' });
    expect((await api.call('getProfile')).data).toMatchObject({ fullname: 'Dana Demo', dob: '1990-04-23' });
    await api.call('updateProfile', { fullname: 'Dana Demo', dob: `${String(year - 19)}-01-01` });
    expect((await api.call('getProfile')).data.dob).toBe(`${String(year - 19)}-01-01`);
  });

  it('updatepic stores an image by its content and serves it as an image that cannot run', async () => {
    const api = await as('demo@bank.test');
    await api.call('updateProfilePicture', { profilePic: pngBlob('me.png') });
    const { data } = await api.call('getProfile');
    expect(data.picture).toMatch(/\/__mock\/uploads\/[\w-]+$/u);
    const res = await bank.send(new URL(data.picture ?? '').pathname);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(sampleImages['image/png']);

    const error = await failure(api.call('updateProfilePicture', { profilePic: textFile() }));
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid updatepic request: profilePic: must be a PNG, JPG, GIF or WebP image',
    });
    expect((await api.call('getProfile')).data.picture).toBe(data.picture);
  });

  it('getmpcform and newmpc: a payment is pending with its proof', async () => {
    const api = await as('demo@bank.test');
    const formData = await api.call('getPaymentForm');
    expect(formData.names).toEqual(['BTC', 'ETH', 'USDT (TRC20)']);
    expect(formData.addresses2.ETH).toBe(formData.addresses[1]);
    expect(formData.purposes.map((p) => p.purpose_name)).toContain('Account top-up');
    const reply = await api.call('createPayment', {
      purpose: 'Investment funding',
      type: 'BTC',
      amount: 42.5,
      depositPic: pngBlob(),
    });
    expect(reply).toMatchObject({ icon: 'success', message: 'Payment Pending!' });
    expect((await api.call('getPaymentForm')).transactions[0]).toMatchObject({
      type: 'BTC',
      amount: 42.5,
      status: 'pending',
    });
    expect(
      (await failure(api.call('createPayment', { purpose: 'Gambling', type: 'BTC', amount: 1, depositPic: pngBlob() })))
        .message,
    ).toBe("purpose: 'Gambling' is not one of the purposes offered");
  });

  it('getfdcform and newfdc; getupgradeform and newupgrade', async () => {
    const api = await as('demo@bank.test');
    const fd = await api.call('getFixedDepositForm');
    expect(fd.plans.map((p) => p.plan_name)).toEqual(['3 months at 4.50%', '6 months at 5.25%', '12 months at 6.00%']);
    expect(fd.transactions).toHaveLength(1);
    await api.call('createFixedDeposit', {
      plan: '12 months at 6.00%',
      type: 'ETH',
      amount: 2500,
      fixedDepositPic: pngBlob(),
    });
    expect((await api.call('getFixedDepositForm')).transactions).toHaveLength(2);

    const up = await api.call('getUpgradeForm');
    expect(up.plans.map((p) => p.plan_name)).toEqual(['Tier 2', 'Tier 3', 'Premium']);
    expect(
      await api.call('createUpgrade', { plan: 'Tier 2', type: 'BTC', amount: 99, depositPic: pngBlob() }),
    ).toMatchObject({ icon: 'success' });
    expect(
      (await failure(api.call('createUpgrade', { plan: 'Tier 9', type: 'BTC', amount: 1, depositPic: pngBlob() })))
        .status,
    ).toBe(400);
  });

  it('getcdform and newcd: staff confirm a crypto deposit and the balance follows', async () => {
    const api = await as('demo@bank.test');
    const cd = await api.call('getCryptoDepositForm');
    expect(cd.transactions.map((t) => t.status)).toEqual(['pending', 'declined', 'confirmed']);
    await api.call('createCryptoDeposit', {
      type: 'ETH',
      amount: 250,
      address: cd.addresses[1],
      depositPic: pngBlob(),
    });
    const state = (await (await bank.send(`/__mock/staff/state`)).json()) as {
      requests: { id: string; amount: number; kind: string }[];
    };
    const request = state.requests.find((r) => r.kind === 'crypto-deposit' && r.amount === 250);
    expect(request).toBeDefined();
    expect((await api.call('getInstitution')).tb.current_balance).toBe(5120);
    await bank.post(`__mock/staff/requests/${request?.id ?? ''}/confirm`);
    expect((await api.call('getInstitution')).tb.current_balance).toBe(5370);
    expect((await api.call('getCryptoDepositForm')).transactions[0]).toMatchObject({
      amount: 250,
      status: 'confirmed',
    });
    expect((await api.call('getNotifications')).notifications[0]?.title).toBe('Deposit confirmed');
  });

  it('getnotifications and mnotificationar; another customer cannot mark mine', async () => {
    const api = await as('demo@bank.test');
    const { notifications, nc } = await api.call('getNotifications');
    expect(nc).toBe(2);
    const unread = notifications.find((n) => n.wasread === 'no');
    expect(await api.call('markNotificationRead', { id: unread?.id ?? '' })).toEqual({
      status: 'success',
      message: 'Marked as read',
    });
    expect((await api.call('getNotifications')).nc).toBe(1);
    const other = await as('nopin@bank.test');
    const second = (await api.call('getNotifications')).notifications.find((n) => n.wasread === 'no');
    expect((await failure(other.call('markNotificationRead', { id: second?.id ?? '' }))).status).toBe(404);
    expect((await api.call('getNotifications')).nc).toBe(1);
  });

  it('getcontact and getdocs (which needs no token)', async () => {
    expect(await (await as('demo@bank.test')).call('getContact')).toEqual({
      ct: { whatsapp: '+1 555 010 0100', email: 'support@bank.test', phone: '+1 555 010 0199' },
    });
    expect((await bank.client({}, encoding).call('getDocumentTypes')).docs.map((d) => d.doc_name)).toEqual([
      'Passport',
      'National ID Card',
      'Residence Permit',
    ]);
  });

  it('iduser: role, picture and name; an unknown address is a 404 with a message', async () => {
    const api = bank.client({}, encoding);
    expect(await api.call('lookupUser', { email: 'Demo@Bank.test' })).toEqual({
      role: 'user',
      user: { fullname: 'Dana Demo', picture: undefined },
      message: undefined,
    });
    expect(await api.call('lookupUser', { email: 'admin@bank.test' })).toMatchObject({ role: 'admin' });
    expect(await failure(api.call('lookupUser', { email: 'nobody@bank.test' }))).toMatchObject({
      status: 404,
      message: 'We could not find an account with that e-mail address',
    });
  });
});

describe('login outcomes, a to f', () => {
  const login = (email: string, password = '123456') =>
    bank.client().call('login', { email, password, remeber: false });

  it('(a) admin: role admin and a token, with the admin password', async () => {
    const reply = await login('admin@bank.test', 'admin-demo-pass');
    expect(reply).toMatchObject({ role: 'admin', message: 'Welcome Back' });
    expect(reply.jwt).toBeTruthy();
  });
  it('(b) account message: ismsg head and body, no token', async () => {
    const reply = await login('notice@bank.test');
    expect(reply.ismsg).toEqual({
      head: 'Your account is on hold',
      body: 'We need to confirm some details with you. Please contact support to restore access.',
    });
    expect(reply.jwt).toBeUndefined();
  });
  it('(c) unverified e-mail: verified false, no token', async () => {
    const reply = await login('unverified@bank.test');
    expect(reply).toMatchObject({ verified: false, email: 'unverified@bank.test' });
    expect(reply.jwt).toBeUndefined();
  });
  it('(d) KYC Not Verified or Declined: the temporary token only', async () => {
    for (const [email, status] of [
      ['kyc-new@bank.test', 'Not Verified'],
      ['kyc-declined@bank.test', 'Declined'],
    ] as const) {
      const reply = await login(email);
      expect(reply.verification_status).toBe(status);
      const kycOnly = bank.client({ user: reply.jwt });
      expect(await failure(kycOnly.call('getInstitution'))).toMatchObject({
        status: 403,
        message: 'Complete your identity verification first',
      });
    }
  });
  it('(e) Pending Verification: no token', async () => {
    const reply = await login('kyc-pending@bank.test');
    expect(reply).toMatchObject({ verification_status: 'Pending Verification', submitted: 'Yes' });
    expect(reply.jwt).toBeUndefined();
  });
  it('(f) otherwise the user token and Welcome Back', async () => {
    const reply = await login('demo@bank.test');
    expect(reply).toMatchObject({
      role: 'user',
      verified: true,
      verification_status: 'Verified',
      message: 'Welcome Back',
      user: { fullname: 'Dana Demo' },
    });
    await expect(bank.client({ user: reply.jwt }).call('checkPin')).resolves.toEqual({ haspin: true });
  });
  it('a wrong passcode is refused with the attempts left, and an unknown e-mail just the same', async () => {
    expect(await failure(login('demo@bank.test', '000000'))).toMatchObject({
      status: 400,
      message: 'Incorrect passcode. 4 attempts left.',
    });
    expect(await failure(login('ghost@bank.test'))).toMatchObject({
      status: 400,
      message: 'Incorrect passcode. 4 attempts left.',
    });
  });
});

describe('a new customer', () => {
  it('signs up, verifies with the code from the outbox, submits KYC with the temporary token, is approved, logs in', async () => {
    const api = bank.client();
    const email = 'new.customer@bank.test';
    const signup = await api.call('signup', {
      first_name: 'New',
      last_name: 'Customer',
      username: 'newbie',
      email,
      password: '246810',
      confirm: '246810',
      fullname: 'New Customer',
    });
    expect(signup).toEqual({ status: 'success', message: 'Signup successful', email });
    expect(
      (
        await failure(
          api.call('signup', {
            first_name: 'A',
            last_name: 'B',
            username: 'other',
            email,
            password: '246810',
            confirm: '246810',
            fullname: 'A B',
          }),
        )
      ).status,
    ).toBe(409);

    const [message] = await bank.outbox(email);
    expect(message).toMatchObject({ to: email, kind: 'verify-email' });
    expect(message?.code).toMatch(/^\d{6}$/u);
    expect(
      await failure(
        api.call('verifyEmail', { email, ver_code: message?.code === '000000' ? '111111' : '000000', action: 'code' }),
      ),
    ).toMatchObject({ message: 'Invalid code. 4 attempts left.' });
    await api.call('resendConfirmCode', { email });
    const [fresh] = await bank.outbox(email);
    expect(fresh?.code).not.toBe(message?.code);
    const verified = await api.call('verifyEmail', { email, ver_code: fresh?.code ?? '', action: 'code' });
    expect(verified).toMatchObject({ status: 'success', verification_status: 'Not Verified' });

    const kyc = bank.client({ kyc: verified.jwt, user: verified.jwt });
    expect((await failure(kyc.call('getProfile'))).status).toBe(403);
    const submitted = await kyc.call('submitVerification', {
      country: 'Germany',
      phone: '+49 30 1234567',
      home_address: 'Unter den Linden 1\nBerlin',
      type: 'Passport',
      // Each of another type, to tell them apart in the staff state.
      pic: pngBlob(),
      idcardFront: new File([sampleImages['image/jpeg']], 'front.jpg', { type: 'image/jpeg' }),
      idcardBack: new File([sampleImages['image/gif']], 'back.gif', { type: 'image/gif' }),
    });
    expect(submitted.status).toBe('success');
    expect(
      (
        await failure(
          kyc.call('submitVerification', {
            country: 'Germany',
            phone: '+49 30 1234567',
            home_address: 'x',
            type: 'Passport',
            pic: pngBlob(),
            idcardFront: pngBlob(),
            idcardBack: pngBlob(),
          }),
        )
      ).status,
    ).toBe(409);
    expect(await api.call('login', { email, password: '246810', remeber: false })).toMatchObject({
      verification_status: 'Pending Verification',
    });

    const state = (await (await bank.send(`/__mock/staff/state`)).json()) as {
      kyc: { email: string; documents: string[] }[];
    };
    // In the order the staff contract names them (the admin area captions by it): photo, ID front, ID back.
    const documents = state.kyc.find((k) => k.email === email)?.documents ?? [];
    expect(KYC_DOCUMENTS.map(({ field }) => field)).toEqual(['pic', 'idcardFront', 'idcardBack']);
    const types = await Promise.all(
      documents.map(async (url) => (await bank.send(new URL(url, 'http://x').pathname)).headers.get('content-type')),
    );
    expect(types).toEqual(['image/png', 'image/jpeg', 'image/gif']);
    expect((await bank.post(`__mock/staff/kyc/${encodeURIComponent(email)}/approve`)).status).toBe(200);
    const token = await bank.login(email, '246810');
    const home = await bank.client({ user: token }).call('getInstitution');
    expect(home).toMatchObject({
      tb: { current_balance: 0 },
      haspin: false,
      u: { fullname: 'New Customer', current_plan: 'Tier 1' },
    });
  });

  it('is refused a document type the bank does not list, and confirm must match', async () => {
    const api = bank.client();
    expect(
      (
        await failure(
          api.call('signup', {
            first_name: 'A',
            last_name: 'B',
            username: 'ab',
            email: 'ab@bank.test',
            password: '111111',
            confirm: '222222',
            fullname: 'A B',
          }),
        )
      ).message,
    ).toBe('Confirm Password must be 6 digits and same as Passcode');
    const reply = await api.call('login', { email: 'kyc-new@bank.test', password: '123456', remeber: false });
    const kyc = bank.client({ kyc: reply.jwt });
    expect(
      (
        await failure(
          kyc.call('submitVerification', {
            country: 'Germany',
            phone: '+49 30 1234567',
            home_address: 'x',
            type: 'Library card',
            pic: pngBlob(),
            idcardFront: pngBlob(),
            idcardBack: pngBlob(),
          }),
        )
      ).message,
    ).toMatch(/^type: must be one of 'Driver's License'/u);
  });
});

describe('a forgotten passcode', () => {
  it('is reset through the link from the outbox, then the new passcode logs in', async () => {
    const api = bank.client();
    expect(await api.call('forgotPasscode', { action: 'code', email: 'demo@bank.test' })).toEqual({
      status: 'success',
      message: 'Check your Email for further instructions.',
    });
    expect(await api.call('forgotPasscode', { action: 'code', email: 'nobody@bank.test' })).toEqual({
      status: 'success',
      message: 'Check your Email for further instructions.',
    });
    await api.call('resendForgotCode', { email: 'demo@bank.test' });
    const [message] = await bank.outbox('demo@bank.test');
    const link = new URL(message?.link ?? '');
    expect(link.pathname).toMatch(/^\/wp-user\/account\/reset\/r\/demo%40bank\.test\/[\w-]{20,}$/u);
    const token = link.pathname.split('/').at(-1) ?? '';
    await api.call('forgotPasscode', {
      action: 'reset',
      email: 'demo@bank.test',
      reset_code: token,
      new_password: '135790',
    });
    await expect(bank.login('demo@bank.test', '135790')).resolves.toBeTruthy();
    expect(
      (
        await failure(
          api.call('forgotPasscode', {
            action: 'reset',
            email: 'demo@bank.test',
            reset_code: token,
            new_password: '000000',
          }),
        )
      ).status,
    ).toBe(410);
  });
});

describe.each<WireEncoding>(['urlencoded', 'multipart'])('a bank transfer over HTTP, %s', (encoding) => {
  const transfer = (amount: number) => ({ ...form, amount, extra: { ...form, amount } });
  const as = async (email: string) => bank.client({ user: await bank.login(email) }, encoding);

  it('without step-up: PIN, submit, held at once, listed as pending', async () => {
    const api = await as('demo@bank.test');
    expect(await api.call('confirmPin', { pin: '1234', extra: transfer(100).extra })).toEqual({
      status: 'success',
      message: 'PIN confirmed',
      requiresanother: undefined,
    });
    const reply = await api.call('createTransfer', transfer(100));
    expect(reply).toMatchObject({
      icon: 'success',
      message: 'Successful! Await Confirmation',
      trx_notif: [{ title: 'Transfer submitted' }],
    });
    expect((await api.call('getInstitution')).tb.current_balance).toBe(5020);
    expect((await api.call('getTransferList')).transactions[0]).toMatchObject({ amount: 100, status: 'pending' });
    expect((await failure(api.call('createTransfer', transfer(100)))).message).toBe(
      'Confirm this transfer with your PIN first',
    );
  });

  it('with step-up: the code from the outbox, then submit', async () => {
    const api = await as('demo@bank.test');
    const pin = await api.call('confirmPin', { pin: '1234', extra: transfer(1500).extra });
    expect(pin.requiresanother?.head).toBe('Transfer Authorization Code is required');
    expect(pin.requiresanother?.body).toMatch(/^We sent a 4-digit code to d\*+@bank\.test/u);
    const [message] = await bank.outbox('demo@bank.test');
    expect(
      await api.call('confirmTransferCode', { code: message?.code ?? '', extra: transfer(1500).extra }),
    ).toMatchObject({ status: 'success' });
    await api.call('createTransfer', transfer(1500));
    expect((await api.call('getInstitution')).tb.current_balance).toBe(3620);
  });

  it('a wrong PIN gives the message and attempts left; an amount above the balance is refused', async () => {
    const api = await as('demo@bank.test');
    expect(await failure(api.call('confirmPin', { pin: '0000', extra: transfer(10).extra }))).toMatchObject({
      status: 400,
      message: 'Incorrect PIN. 4 attempts left.',
    });
    expect(await failure(api.call('confirmPin', { pin: '1234', extra: transfer(9999).extra }))).toMatchObject({
      status: 409,
      message: 'Insufficient balance',
    });
  });

  it('a user without a PIN is told to create one', async () => {
    const api = await as('nopin@bank.test');
    expect(await failure(api.call('confirmPin', { pin: '1234', extra: transfer(10).extra }))).toMatchObject({
      status: 409,
      message: 'Create a transaction PIN first',
    });
  });
});
