// Drives a built server-rendered app (docs/apps/sveltekit.md, nuxt.md) in Chromium (Debian's):
// sign in with the two-factor code through the app's /pam proxy; the account page's first HTML
// shows the player's name and restrictions and holds no token; no token in any script-visible
// place (document.cookie, web storage, the DOM); a reload keeps the session; a logout in one tab
// ends the other. Any page error fails the run.
import { chromium } from 'playwright';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A token key, as JSON shows it, also escaped inside a JSON string (Next's RSC payload). */
const TOKEN_KEY = /\\?"[A-Za-z_]*token\\?"\s*:/i;

/**
 * @param {string} appURL the app's URL, ending in `/` (at its sub-path, if any)
 * @param {string} label for messages
 * @returns {Promise<string>} what was driven
 */
export async function driveSSR(appURL, label) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const errors = [];
  const fail = (what, seen) => {
    throw new Error(`${label}: ${what}${seen === undefined ? '' : `: ${JSON.stringify(seen)}`}`);
  };
  try {
    const context = await browser.newContext();
    const watch = (page) => {
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    };
    const page = watch(await context.newPage());
    await page.goto(new URL('account', appURL).href);
    await page.waitForURL(/\/login$/);
    await page.locator('input[name=login]').fill('twofactor@example.com');
    await page.locator('input[name=password]').fill('Secret123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('input[name=code]').fill('123456');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL(/\/account$/);
    const name = ((await page.getByTestId('name').textContent()) ?? '').trim();
    if (!name) fail('no name on the account page');

    // The first HTML, as the server sent it (the browser's cookies, no script run).
    const first = await context.request.get(new URL('account', appURL).href);
    const html = await first.text();
    if (!html.includes(name) || !html.includes('data-testid="restrictions"'))
      fail('the first HTML lacks the name or the restrictions');
    if (TOKEN_KEY.test(html)) fail('the first HTML holds a token field');

    const sealed = (await context.cookies()).filter((c) => /pam-session/.test(c.name));
    if (sealed.length !== 1 || !sealed[0].httpOnly) fail('no single HttpOnly session cookie', sealed.length);
    const visible = await page.evaluate(() => ({
      cookie: document.cookie,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      dom: document.documentElement.outerHTML,
    }));
    for (const [where, text] of Object.entries(visible)) {
      if (text.includes(sealed[0].value)) fail(`the session cookie is visible in ${where}`);
      if (TOKEN_KEY.test(text)) fail(`a token field is visible in ${where}`);
    }

    await page.reload();
    await page.getByTestId('name').waitFor();
    if (((await page.getByTestId('name').textContent()) ?? '').trim() !== name)
      fail('a reload lost the session');

    const other = watch(await context.newPage());
    await other.goto(new URL('account', appURL).href);
    await other.getByTestId('name').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    await other.waitForURL(/\/login$/);

    if (errors.length) fail('page errors', errors);
    return `Chromium: 2FA sign-in, SSR name+restrictions, no token visible, reload, logout in one tab ends the other (${name})`;
  } finally {
    await browser.close();
  }
}
