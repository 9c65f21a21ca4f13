// Drives a built fresh app in Chromium (Debian's, never a downloaded one): a wrong password shows
// an error, a wrong 2FA code says so and marks the code input, the right one signs in, a deposit
// limit is set; after sign-out nothing of that player shows, a cancelled account says so, and the
// next player starts clean; then asks the reference server itself whether the limit is stored and
// ACTIVE. Any page error or console warning (React's "uncontrolled to controlled", Vue's, Svelte's)
// fails the run.
import { chromium } from 'playwright';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const EMAIL = 'twofactor@example.com';
const PASSWORD = 'Secret123!';
const CODE = '123456';
const TIMEOUT = 15_000;

/**
 * @param {string} appURL the app (vite preview, proxying /api to the reference server)
 * @param {string} apiURL the reference server itself
 * @param {string} label for messages
 */
export async function drive(appURL, apiURL, label) {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const errors = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The browser logs every 4xx answer ("Failed to load resource"): those are the flows under test.
      if (m.text().startsWith('Failed to load resource')) return;
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
    });
    await page.goto(appURL);
    const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

    // 1. A wrong password: the error is shown, and the form is back.
    await page.locator('input[name=login]').fill(EMAIL);
    await page.locator('input[name=password]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const wrong = (await alert.textContent())?.trim() ?? '';
    if (!/incorrect/i.test(wrong))
      throw new Error(`${label}: wrong password showed ${JSON.stringify(wrong)}`);
    if (wrong.includes('not-the-password')) throw new Error(`${label}: the error quotes the password`);

    // 2. The right password: the 2FA step, with the attempts left. A wrong code says so in the
    // title (not "check the highlighted fields"), names no API key, and marks the code input.
    await page.locator('input[name=login]').fill(EMAIL);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.locator('input[name=two_factor_code]');
    await code.waitFor();
    await page.getByText('5 attempts left').waitFor();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('4 attempts left').waitFor();
    const wrongCode = await text(page.getByRole('alert'));
    if (!/code is not correct/i.test(wrongCode) || /highlighted|two_factor_code/.test(wrongCode))
      throw new Error(`${label}: a wrong code showed ${JSON.stringify(wrongCode)}`);
    if ((await code.getAttribute('aria-invalid')) !== 'true')
      throw new Error(`${label}: the code input is not marked invalid after a wrong code`);
    await code.fill(CODE);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Signed in as ${EMAIL}`).waitFor();

    // 3. A deposit limit.
    await page.locator('input[name=deposit]').fill('350');
    await page.getByRole('button', { name: 'Set deposit limit' }).click();
    const status = page.getByRole('status');
    await status.waitFor();
    const saved = (await status.textContent())?.trim() ?? '';
    if (!saved.includes('Deposit limit set: 350'))
      throw new Error(`${label}: saving the limit showed ${JSON.stringify(saved)}`);

    // 4. Sign out: nothing of that player is left on the page.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name=login]').waitFor();
    const after = await text(page.locator('body'));
    if (/Deposit limit set|350|twofactor@/.test(after))
      throw new Error(`${label}: after sign-out the page still shows ${JSON.stringify(after)}`);

    // 5. A cancelled account says so.
    await page.locator('input[name=login]').fill('cancelled@example.com');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This account is cancelled').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();

    // 6. The next player starts clean: no message and no amount of the one before.
    await page.locator('input[name=login]').fill('player@example.com');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as player@example.com').waitFor();
    const next = await text(page.locator('body'));
    const amount = await page.locator('input[name=deposit]').inputValue();
    if (/Deposit limit set/.test(next) || amount === '350')
      throw new Error(`${label}: the next player sees ${JSON.stringify(next)} (amount ${amount})`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name=login]').waitFor();
  } finally {
    await browser.close();
  }
  if (errors.length) throw new Error(`${label}: page errors: ${errors.join('; ')}`);

  // The server's record: the limit is stored, and switched on.
  const post = (body) =>
    fetch(`${apiURL}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const signedIn = await post({ login: EMAIL, password: PASSWORD, two_factor_code: CODE });
  const profile = await fetch(`${apiURL}/auth/user-profile`, {
    headers: { accept: 'application/json', authorization: `Bearer ${signedIn.access_token}` },
  }).then((r) => r.json());
  const info = profile.userInfo ?? {};
  if (Number(info.user_limit_deposit) !== 350 || Number(info.user_limit_deposit_active) !== 1)
    throw new Error(
      `${label}: the server holds deposit limit ${info.user_limit_deposit} (active ${info.user_limit_deposit_active}), not 350 active`,
    );
  return 'wrong password and wrong code worded; 2FA sign-in; deposit limit 350 stored active; cancelled account; nothing of one player to the next';
}
