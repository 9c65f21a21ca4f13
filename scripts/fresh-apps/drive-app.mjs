// Drives a built complete app (docs/apps/<framework>.md) in Chromium (Debian's): a CPF refused at
// registration, a wrong 2FA code, the restrictions' status, a pause confirmed through the password
// prompt (a wrong password first), a report that fails and one that completes and downloads, a
// reload that keeps the session, and a sign-out after which nothing of the player shows: not to a
// cancelled account, not to the next player. Any page error or console warning fails the run.
import { chromium } from 'playwright';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Secret123!';
const TIMEOUT = 20_000;

/**
 * The funnel's moments of the run below, in order (other events may come between). The
 * restrictions' reads are not in it: the player may click before a read lands; one read must
 * show the pause.
 */
const FUNNEL_ORDER = [
  'signIn.started',
  'signIn.codeAsked',
  'signIn.codeRejected',
  'signIn.signedIn',
  'rg.changeRequested',
  'stepUp.started',
  'stepUp.passwordRejected',
  'stepUp.completed',
  'rg.changeAccepted',
  'incomeReport.requested',
  'incomeReport.failed',
  'incomeReport.requested',
  'incomeReport.completed',
  'incomeReport.downloaded',
  'session.restored',
  'session.signedOut',
  'signIn.started',
  'signIn.cancelledAccount',
  'signIn.started',
  'signIn.signedIn',
  'session.signedOut',
];
/** What the players typed or are, which no funnel event may hold. */
const PERSONAL = [
  '@',
  'example.com',
  'twofactor',
  'player',
  PASSWORD,
  'not-the-password',
  '123456',
  '000000',
  '.pdf',
];

/** The funnel events came in `FUNNEL_ORDER` (as a subsequence) and hold nothing personal. */
function checkFunnel(events, fail) {
  const types = events.map((e) => e.type);
  let at = 0;
  for (const expected of FUNNEL_ORDER) {
    const found = types.indexOf(expected, at);
    if (found < 0) fail(`the funnel events lack ${expected} after #${at}`, types);
    at = found + 1;
  }
  const strings = events.flatMap((e) =>
    Object.values(e)
      .flat()
      .filter((v) => typeof v === 'string'),
  );
  const leaked = strings.filter((v) => PERSONAL.some((p) => v.includes(p)));
  if (leaked.length) fail('funnel events hold personal data', leaked);
  const codes = events.filter((e) => e.type === 'signIn.codeRejected').map((e) => e.attempt);
  if (codes[0] !== 1) fail('the first rejected code is not attempt 1', codes);
  const reads = events.filter((e) => e.type === 'rg.restrictionsRead');
  if (!reads.some((e) => e.inForce.includes('pause'))) fail('no restrictions read shows the pause', reads);
  return `${events.length} funnel events in order`;
}

/**
 * @param {string} appURL the app (vite preview, proxying /api to the reference server)
 * @param {string} label for messages
 */
export async function driveApp(appURL, label) {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const errors = [];
  let checked = 'no funnel probe';
  const fail = (what, seen) => {
    throw new Error(`${label}: ${what}${seen === undefined ? '' : `: ${JSON.stringify(seen)}`}`);
  };
  try {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    page.setDefaultTimeout(TIMEOUT);
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The browser logs every 4xx answer ("Failed to load resource"): those are the flows under test.
      if (m.text().startsWith('Failed to load resource')) return;
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
    });
    const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    const alerts = async () =>
      (await page.getByRole('alert').allTextContents()).join(' ').replace(/\s+/g, ' ');
    const signIn = async (login) => {
      await page.locator('input[name=login]').fill(login);
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await page.goto(appURL);

    // 1. Registration with a CPF that is not one: refused before sending, in the CPF's words.
    await page.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.locator('input[name=email]').fill('new.player@example.com');
    await register.locator('input[name=password]').fill(PASSWORD);
    await register.locator('input[name=number]').fill('123.456.789-00');
    await register.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The CPF was not accepted.').waitFor();
    const cpf = await alerts();
    if (!/valid CPF/.test(cpf) || /\bnumber\b/.test(cpf)) fail('a refused CPF showed', cpf);
    if ((await register.locator('input[name=number]').getAttribute('aria-invalid')) !== 'true')
      fail('the CPF input is not marked invalid');
    await register.getByRole('button', { name: 'Back' }).click();

    // 2. Two-factor: a wrong code is named as such, the right one signs in.
    await signIn('twofactor@example.com');
    const code = page.locator('input[name=two_factor_code]');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('4 attempts left').waitFor();
    if (!/code is not correct/i.test(await alerts())) fail('a wrong code showed', await alerts());
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Signed in as twofactor@example.com').waitFor();
    await page.getByText(/Restrictions: (current|stale|unknown)/).waitFor();

    // 3. A pause: the password prompt opens; a wrong password asks again; the right one pauses.
    await page.getByRole('button', { name: 'Pause for 1 day' }).click();
    const prompt = page.getByRole('form', { name: 'Confirm your password' });
    await prompt.locator('input[name=password_check]').fill('not-the-password');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('That password is not correct. Try again.').waitFor();
    await prompt.locator('input[name=password_check]').fill(PASSWORD);
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Paused for 1 day').waitFor();

    // 4. The 2024 report fails with a readable reason; the 2025 one completes and downloads.
    const report = page.getByRole('region', { name: 'Income report' });
    await report.locator('select[name=year]').selectOption('2024');
    await report.getByRole('button', { name: 'Generate report' }).click();
    await report.getByText('Report: failed').waitFor({ timeout: 30_000 });
    const failed = await text(report.getByRole('alert'));
    if (!/report could not be generated/i.test(failed)) fail('a failed report showed', failed);
    await report.getByRole('button', { name: 'New report' }).click();
    await report.locator('select[name=year]').selectOption('2025');
    await report.getByRole('button', { name: 'Generate report' }).click();
    await report.getByText('Report: completed').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download' }).click(),
    ]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const head = (await readFile(file, 'utf8')).slice(0, 5);
    if (head !== '%PDF-') fail('the download is not the report', head);
    await report.getByText(`Downloaded ${download.suggestedFilename()}`).waitFor();

    // 5. A reload keeps the session (web storage).
    await page.reload();
    await page.getByText('Signed in as twofactor@example.com').waitFor();

    // 6. Sign out: nothing of that player is left, not for a cancelled account, not for the next one.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name=login]').waitFor();
    const leftovers = /twofactor@|Paused for 1 day|Downloaded|Report: (completed|failed)/;
    if (leftovers.test(await text(page.locator('body'))))
      fail('after sign-out the page shows', await text(page.locator('body')));
    await signIn('cancelled@example.com');
    await page.getByText('This account is cancelled').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await signIn('player@example.com');
    await page.getByText('Signed in as player@example.com').waitFor();
    await report.getByText('Report: none').waitFor();
    const next = await text(page.locator('body'));
    if (leftovers.test(next) || /Deposit limit set/.test(next)) fail('the next player sees', next);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name=login]').waitFor();

    // 7. With the funnel probe (the Vue app, issue 34): the funnel events of all the above, in
    //    their documented order (docs/events.md), none holding anything the players typed or are.
    const funnel = await page.evaluate(() => sessionStorage.getItem('pam-funnel'));
    if (funnel !== null) checked = checkFunnel(JSON.parse(funnel), fail);
  } finally {
    await browser.close();
  }
  if (errors.length) throw new Error(`${label}: page errors: ${errors.join('; ')}`);
  return `CPF refused; wrong code worded; restrictions status; pause via password prompt; report failed and downloaded; reload kept; nothing of one player to the next; ${checked}`;
}
