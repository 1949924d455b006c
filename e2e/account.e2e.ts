/** Journeys before sign-in: sign-up to dashboard, every login branch, a forgotten passcode. */
import type { Page, Request, Route } from '@playwright/test';
import { afterTwoFrames, expect, keepInStorage, PASSCODE, pngFile, signInAsAdmin, test, typeCode } from './fixtures';
import { openScreen, SCREENS } from './screens';

test('a new customer: sign-up, code from the outbox, KYC, staff approval, login, PIN, dashboard', async ({
  page,
  bank,
}) => {
  // The longest journey here, with the login's 5 s wait for the dashboard in it: near the 60 s limit on a
  // busy machine.
  test.slow();
  const email = 'jo.newcomer@bank.test';
  await page.goto('/wp-user/');
  await expect(page.getByRole('heading', { name: /Welcome to the\s+Best E-banking System/u })).toBeVisible();
  await page.getByRole('link', { name: "Let's Get Started" }).click();

  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Username').fill('jonew');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Passcode', { exact: true }).fill('246810');
  await page.getByLabel('Confirm passcode').fill('246810');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Signup successful').first()).toBeVisible();
  await expect(page).toHaveURL(/\/account\/verify\/jo\.newcomer%40bank\.test$/u, { timeout: 10_000 });
  await expect(page.getByText(email)).toBeVisible();

  await typeCode(page, 'Verification code', await bank.latestCode(email, 'verify-email'));
  await page.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page).toHaveURL(/\/account\/kyc\/form$/u, { timeout: 10_000 });

  const country = page.getByRole('combobox', { name: 'Country' });
  await country.click();
  // Germany is far down the list: once the list has scrolled to it, its scroll-up arrow appears above and moves
  // the options down. The pointer goes to Germany and waits for that, so the click does not land on the one
  // above (the list then stays open, and hides the rest of the form).
  const germany = page.getByRole('option', { name: 'Germany' });
  await germany.hover();
  await expect(page.locator('[data-slot=select-scroll-up-button]')).toBeVisible();
  await germany.click();
  await expect(country).toHaveText('Germany');
  await page.getByLabel('Phone number').fill('+49 30 1234567');
  await page.getByLabel('Home address').fill('Unter den Linden 1, Berlin');
  await page.getByLabel('Your picture').setInputFiles(pngFile('id.png'));
  await page.getByLabel('Document front').setInputFiles(pngFile('id.png'));
  await page.getByLabel('Document back').setInputFiles(pngFile('id.png'));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/account\/kyc\/under-review$/u, { timeout: 10_000 });

  // Staff approve the case in the admin area.
  await signInAsAdmin(page, '/wp-user/admin/kyc');
  await page.getByRole('button', { name: `Approve Jo Newcomer (${email})` }).click();
  await expect(page.getByText('Approved.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/wp-user/account/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Jo Newcomer')).toBeVisible();
  await typeCode(page, 'Passcode', '246810');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome Back').first()).toBeVisible();
  // A new customer has no PIN yet: the dashboard sends them to create one.
  await expect(page).toHaveURL(/\/dashboard\/pincreation/u, { timeout: 10_000 });
});

test.describe('every login branch', () => {
  const loginAs = async (page: Page, email: string, passcode = PASSCODE) => {
    await page.goto('/wp-user/account/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    if (email.startsWith('admin')) await page.getByLabel('Password').fill(passcode);
    else await typeCode(page, 'Passcode', passcode);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  test('(a) admin: a plain password, then the admin area after 5 s', async ({ page }) => {
    await loginAs(page, 'admin@bank.test', 'admin-demo-pass');
    await expect(page).toHaveURL(/\/wp-user\/admin\/kyc$/u, { timeout: 12_000 });
    await expect(page.getByRole('heading', { name: 'KYC cases', level: 1 })).toBeVisible();
  });

  test('(b) account message: the notice with its heading and body', async ({ page }) => {
    await loginAs(page, 'notice@bank.test');
    await expect(page).toHaveURL(/\/account\/info\/notice/u);
    await expect(page.getByRole('heading', { name: 'Your account is on hold' })).toBeVisible();
    await expect(page.getByText('Please contact support to restore access.')).toBeVisible();
  });

  test('(c) unverified e-mail: verify with the address', async ({ page }) => {
    await loginAs(page, 'unverified@bank.test');
    await expect(page).toHaveURL(/\/account\/verify/u);
    await expect(page.getByText('unverified@bank.test')).toBeVisible();
  });

  for (const email of ['kyc-new@bank.test', 'kyc-declined@bank.test'])
    test(`(d) ${email}: the KYC form`, async ({ page }) => {
      await loginAs(page, email);
      await expect(page).toHaveURL(/\/account\/kyc\/form$/u);
    });

  test('(e) Pending Verification: under review', async ({ page }) => {
    await loginAs(page, 'kyc-pending@bank.test');
    await expect(page).toHaveURL(/\/account\/kyc\/under-review$/u);
  });

  test("(f) ok: 'Welcome Back', the dashboard after 5 s", async ({ page }) => {
    await loginAs(page, 'demo@bank.test');
    await expect(page.getByText('Welcome Back').first()).toBeVisible();
    // The wait says what it is for and counts down; it does not look frozen.
    const notice = page.locator('[data-slot=redirect-notice]');
    await expect(notice.getByRole('status')).toHaveText(/^Taking you to your dashboard…/u);
    await expect(notice.locator('[data-slot=redirect-countdown]')).toHaveText(/^[1-5] s$/u);
    await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 12_000 });
  });

  test("(f) 'Go now' opens the dashboard at once, and the timer does not open it again", async ({ page }) => {
    await loginAs(page, 'demo@bank.test');
    await page.getByRole('link', { name: 'Go now' }).click();
    await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u);
    // Moving on at once: a timer still running would bring the customer back to the dashboard's home.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Statements & Report' })
      .click();
    await expect(page.getByRole('heading', { name: 'Statements & Report' })).toBeVisible();
    await page.waitForTimeout(5500);
    await expect(page).toHaveURL(/\/wp-user\/dashboard\/statements$/u);
  });

  test('a wrong passcode: the bank says how many attempts are left, and the next try is typed at once', async ({
    page,
  }) => {
    await loginAs(page, 'demo@bank.test', '000000');
    await expect(page.getByText('Incorrect passcode. 4 attempts left.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login/u);
    // The boxes are empty again and the first has the focus: the right passcode is typed straight in.
    await expect(page.getByRole('group', { name: 'Passcode' }).getByRole('textbox').first()).toBeFocused();
    await page.keyboard.type(PASSCODE);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Welcome Back').first()).toBeVisible();
  });
});

test("the login page loads the toasts' view only once a call starts, and its first toast shows", async ({ page }) => {
  const toastView: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/toast-list-[\w-]+\.js$/u.test(request.url())) toastView.push(request.url());
  });
  await page.goto('/wp-user/account/login');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(toastView, 'the toasts view, before any call').toEqual([]);
  await expect(page.getByRole('region', { name: /Notifications/u })).toHaveCount(0);

  await page.getByLabel('E-mail').fill('nobody@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  const region = page.getByRole('region', { name: /Notifications/u });
  await expect(region.getByText('We could not find an account with that e-mail address')).toBeVisible();
  expect(toastView).toHaveLength(1);
});

test('a reload of the KYC form typed into asks first, as the browser does; Back asks in the page', async ({
  page,
  bank,
}) => {
  const form = SCREENS.find((screen) => screen.name === 'kyc-form');
  if (form === undefined) throw new Error('no kyc-form screen');
  await openScreen(page, bank, form);
  await page.getByLabel('Phone number').fill('+49 30 1234567');
  await page.getByLabel('Home address').fill('Unter den Linden 1, Berlin');

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  // A reload the customer then declines: the page and what was typed stay.
  await page.reload({ timeout: 2000 }).catch(() => undefined);
  expect(asked).toEqual(['beforeunload']);
  await expect(page.getByLabel('Phone number')).toHaveValue('+49 30 1234567');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Leave this page?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByLabel('Home address')).toHaveValue('Unter den Linden 1, Berlin');
});

test.describe('sign-up failures', () => {
  const fillSignup = async (page: Page) => {
    await page.goto('/wp-user/account/signup');
    await page.getByLabel('First name').fill('Jo');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Username').fill('jonew');
    await page.getByLabel('E-mail').fill('jo.newcomer@bank.test');
    await page.getByLabel('Passcode', { exact: true }).fill('246810');
    await page.getByLabel('Confirm passcode').fill('246810');
    await page.getByRole('checkbox').check();
  };

  test('no answer at all says the network failed, and keeps the form', async ({ page }) => {
    await page.route('**/api/users.php?crud=newuser', (route) => route.abort('internetdisconnected'));
    await fillSignup(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('We could not reach the bank. Check your connection and try again.').first(),
    ).toBeVisible();
    await expect(page.getByText('Password should be at least 8 characters')).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue('Jo');
  });

  test("a server error without a message says 'Password should be at least 8 characters'", async ({ page }) => {
    await page.route('**/api/users.php?crud=newuser', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":true,"message":""}' }),
    );
    await fillSignup(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password should be at least 8 characters').first()).toBeVisible();
  });
});

test('a forgotten passcode: the link from the outbox, a new passcode, then login', async ({ page, bank }) => {
  await page.goto('/wp-user/account/login');
  await page.getByRole('link', { name: 'Forgot Passcode?' }).click();
  // The login page has an 'E-mail' field too: wait for the next page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot your passcode?' })).toBeVisible();
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your Email for further instructions.').first()).toBeVisible();

  let link = '';
  await expect.poll(async () => (link = (await bank.outbox('demo@bank.test'))[0]?.link ?? '')).toContain('/reset/r/');
  await page.goto(link);
  await page.getByLabel('New passcode', { exact: true }).fill('135790');
  await page.getByLabel('Confirm new passcode').fill('135790');
  await page.getByRole('button', { name: 'Reset passcode' }).click();
  await expect(page).toHaveURL(/\/account\/login/u, { timeout: 12_000 });

  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', '135790');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome Back').first()).toBeVisible();
});

test("logout: 'Logged out !' on the landing page", async ({ signIn }) => {
  const page = await signIn('demo@bank.test');
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page.getByText('Logged out !')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('baUid'))).toBeNull();
});

test('logging out while the dashboard still loads: no call without a token, and not a session "expired"', async ({
  page,
  bank,
}) => {
  const token = await bank.token('demo@bank.test');
  await keepInStorage(page, { baUid: token });
  // A slow phone: the dashboard's first calls are still out when the button is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 5 });
  const withoutToken: string[] = [];
  let unanswered = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') unanswered += 1;
    const body = request.postData();
    if (request.method() === 'POST' && body !== null && !body.includes('token=')) withoutToken.push(body);
  });
  const answered = (request: Request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') unanswered -= 1;
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  await page.goto('/wp-user/dashboard');
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page.getByText('Logged out !')).toBeVisible();
  // Every late reply has arrived, and the page has handled it (two frames later).
  await expect.poll(() => unanswered).toBe(0);
  await afterTwoFrames(page);
  await expect(page).toHaveURL(/\/wp-user\/account$/u);
  expect(withoutToken).toEqual([]);
});

test('the login page paints before its scripts run, takes no input until the client has it, then works', async ({
  page,
}) => {
  // The page's scripts arrive late, as on a slow network.
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/wp-user\/assets\/index-[^/]+\.js$/u, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // The page's load waits for its scripts: only the response is awaited here.
  await page.goto('/wp-user/account/login', { waitUntil: 'commit' });
  // The build's markup: the page is there before any of its code ran.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#root[data-prerendered="/account/login"]')).toHaveCount(1);
  // The tab is named already, and after hydration only one title names it.
  await expect(page).toHaveTitle('Sign in · E-Banking');
  // Nothing can be typed or sent that the client would not see: the fields wait for it.
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  release();
  // The client has taken the markup over (hydrated): the form takes input, the e-mail field has the focus.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page).toHaveTitle('Sign in · E-Banking');
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('demo@bank.test')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login$/u);
});

test('after a sign-in, the card stays on the passcode step while the dashboard loads: never the e-mail step', async ({
  page,
}) => {
  await page.goto('/wp-user/account/login');
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The dashboard's code comes slowly, as on a phone's network: held until the card has been looked at.
  const held: Route[] = [];
  let holding = true;
  await page.route('**/wp-user/assets/*.js', async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  await page.getByRole('link', { name: 'Go now' }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/wp-user\/dashboard$/u);
  // The address is the dashboard's already; the card still says who is signing in, and asks for no address.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  holding = false;
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute('**/wp-user/assets/*.js');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test("the browser's Back on the passcode step returns to the e-mail step; a reload forgets who was found", async ({
  page,
}) => {
  await page.goto('/wp-user/account');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // The passcode step is an entry of its own, on the login's address: Back returns to the e-mail step, filled in.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('demo@bank.test');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page).toHaveURL(/\/account\/login$/u);
  // Forward does not bring back who was found: the address is asked for again.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // A reload on the passcode step keeps nothing of the customer: the e-mail step, empty.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('');
  await expect(page.getByText('demo@bank.test')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/wp-user\/account\/?$/u);
});
