// Drives a built fresh app in Chromium (Debian's, never a downloaded one): a wrong password shows
// an error, the 2FA step signs in, a deposit limit is set; then asks the reference server itself
// whether the limit is stored and ACTIVE.
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
    await page.goto(appURL);

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

    // 2. The right password: the 2FA step, with the attempts left; the code signs in.
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('input[name=code]').waitFor();
    await page.getByText('5 attempts left').waitFor();
    await page.locator('input[name=code]').fill(CODE);
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
  return 'wrong password error shown; 2FA sign-in; deposit limit 350 stored active';
}
