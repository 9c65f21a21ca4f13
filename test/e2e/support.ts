import { existsSync } from 'node:fs';
// Shared by the e2e suites: build an example once, serve it with the demo server against a
// fresh reference server, and walk the whole flow in Debian's Chromium through the UI.
// Its waits are real-time polls (expect.poll): the pages are real Chromium tabs, out of node's event loop.

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReferenceServer } from 'pam-client/testing';
import { startReferenceServer } from 'pam-client/testing';
import { type Browser, chromium, type Page } from 'playwright';
import { expect } from 'vitest';
import { buildExample } from '../../scripts/demo/build.mjs';
import { type Demo, startDemo } from '../../scripts/demo/serve.mjs';
import { chromiumLaunchOptions } from '../support/chromium';

export type ExampleName = 'vanilla' | 'vue' | 'svelte' | 'react';

export interface ExampleHarness {
  reference: ReferenceServer;
  demo: Demo;
  browser: Browser;
  close(): Promise<void>;
}

/** Reports step fast here (pending -> processing -> done in ~1.2 s), so the suite stays short. */
const REPORT_STEP_MS = 600;

export async function startExample(name: ExampleName): Promise<ExampleHarness> {
  const outDir = await mkdtemp(join(tmpdir(), `pam-e2e-${name}-`));
  const [reference, browser] = await Promise.all([
    startReferenceServer({ reportStepMs: REPORT_STEP_MS }),
    chromium.launch(chromiumLaunchOptions()),
    buildExample(name, outDir),
  ]);
  const demo = await startDemo({ apps: [{ mountPath: '/', dir: outDir }], apiTarget: reference.url });
  return {
    reference,
    demo,
    browser,
    async close() {
      await Promise.allSettled([browser.close(), demo.close(), reference.close()]);
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Everything a secret could leak into, read from the page after the fact. */
async function leakSurfaces(page: Page, consoleLines: string[]) {
  const dump = await page.evaluate(() => {
    const storage = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`).join('\n');
    return {
      html: document.documentElement.outerHTML,
      inputs: Array.from(document.querySelectorAll('input'), (i) => ({ name: i.name, value: i.value })),
      local: storage(localStorage),
      session: storage(sessionStorage),
      cookie: document.cookie,
    };
  });
  const cookies = await page.context().cookies();
  return { ...dump, console: consoleLines.join('\n'), cookies: JSON.stringify(cookies) };
}

export async function expectNoSecrets(page: Page, consoleLines: string[], secrets: string[]) {
  const surfaces = await leakSurfaces(page, consoleLines);
  for (const secret of secrets) {
    expect(surfaces.html).not.toContain(secret);
    expect(surfaces.console).not.toContain(secret);
    expect(surfaces.local).not.toContain(secret);
    expect(surfaces.session).not.toContain(secret);
    expect(surfaces.cookie).not.toContain(secret);
    expect(surfaces.cookies).not.toContain(secret);
    for (const input of surfaces.inputs) expect(input.value).not.toContain(secret);
  }
  // The password and code inputs are emptied on submit (when they are on the page at all).
  for (const input of surfaces.inputs.filter((i) => i.name === 'password' || i.name === 'code')) {
    expect(input.value).toBe('');
  }
  return surfaces;
}

const byId = (page: Page, id: string) => page.getByTestId(id);

/**
 * `test-results/e2e-<file>.png` always; the committed `docs/screenshots/<file>.png` only when
 * missing or on request (UPDATE_SCREENSHOTS=1), so a test run leaves git clean.
 */
export async function saveScreenshot(page: Page, file: string) {
  await mkdir('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/e2e-${file}.png`, fullPage: true });
  const committed = `docs/screenshots/${file}.png`;
  if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(committed)) {
    await mkdir('docs/screenshots', { recursive: true });
    await page.screenshot({ path: committed, fullPage: true });
  }
}
const WRONG_PASSWORD = 'Wr0ng-Passw0rd!';
const WRONG_CODE = '909090';

/**
 * Logs in as the two-factor user through the UI, checks the profile, sets a deposit limit,
 * generates the 2025 report and downloads it, then logs out. Asserts along the way.
 */
export async function walkThrough(name: ExampleName, { demo, reference, browser }: ExampleHarness) {
  const { twoFactor } = reference.seed;
  const secrets = [twoFactor.password, twoFactor.twoFactorCode!, WRONG_PASSWORD, WRONG_CODE];
  const context = await browser.newContext({
    acceptDownloads: true,
    viewport: { width: 1000, height: 1100 },
  });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.setDefaultTimeout(10_000);

  try {
    await page.goto(`${demo.url}/`);
    // A wrong password: the server's message is shown, the password input is emptied.
    await byId(page, 'login-input').fill(twoFactor.email);
    await byId(page, 'password-input').fill(WRONG_PASSWORD);
    await byId(page, 'login-submit').click();
    await expect
      .poll(() => byId(page, 'login-errors').textContent())
      .toContain('The login or password is incorrect.');
    await expectNoSecrets(page, consoleLines, secrets);

    await byId(page, 'password-input').fill(twoFactor.password);
    await byId(page, 'login-submit').click();
    await expectNoSecrets(page, consoleLines, secrets); // the password input is already empty

    // The two-factor step: a wrong code is refused (describeError's words), one attempt fewer.
    await byId(page, 'code-form').waitFor({ state: 'visible' });
    await expect.poll(() => byId(page, 'code-attempts').textContent()).toContain('5');
    await byId(page, 'code-input').fill(WRONG_CODE);
    await byId(page, 'code-submit').click();
    await expect.poll(() => byId(page, 'login-errors').textContent()).toContain('The code is not correct.');
    await expect.poll(() => byId(page, 'code-attempts').textContent()).toContain('4');
    await byId(page, 'code-input').fill(twoFactor.twoFactorCode!);
    await byId(page, 'code-submit').click();

    // Signed in: the profile comes from getUserProfile through the /api proxy.
    await expect.poll(() => byId(page, 'profile-email').textContent()).toBe(twoFactor.email);
    expect(await byId(page, 'profile-name').textContent()).toBe('Bruno Lima');
    expect(await byId(page, 'login-form').count()).toBe(0);
    const logins = reference.requests.filter((r) => r.path === '/auth/login');
    expect(logins.map((r) => (r.body as { two_factor_code?: string }).two_factor_code)).toEqual([
      undefined,
      undefined,
      WRONG_CODE,
      twoFactor.twoFactorCode,
    ]);
    await expectNoSecrets(page, consoleLines, secrets);

    // A bad amount is refused before sending (RequestValidationError issues are shown).
    // (Counted on the limits route: the session's own reads, a clock check's profile read, may run
    // meanwhile on a loaded machine.)
    const limitCalls = () => reference.requests.filter((r) => r.path === '/bff/users/update-limits').length;
    const sentBefore = limitCalls();
    await byId(page, 'limit-amount').fill('-5');
    await byId(page, 'limit-submit').click();
    // Under the field's label: a player never reads the API's key (issue 20 item 5).
    await expect.poll(() => byId(page, 'limit-errors').textContent()).toContain('Deposit limit: ');
    expect(await byId(page, 'limit-errors').textContent()).not.toContain('user_limit_deposit');
    expect(limitCalls()).toBe(sentBefore);

    // Responsible gaming: the new limit shows in the profile's userInfo.
    await byId(page, 'limit-amount').fill('250');
    await byId(page, 'limit-period').selectOption('weekly');
    await byId(page, 'limit-submit').click();
    await expect.poll(() => byId(page, 'deposit-limit').textContent()).toMatch(/^R\$\s?250\.00 per week$/);
    expect(await byId(page, 'limit-errors').textContent()).toBe('');
    await expect
      .poll(() => byId(page, 'limit-saved').textContent())
      .toBe('Saved: the new limit is in force now.');
    const update = reference.requests.find((r) => r.path === '/bff/users/update-limits');
    expect(update?.body).toEqual({
      user_limit_deposit: 250,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'weekly',
    });

    // Income report: progress through pending/processing to completed, then download it.
    await expect.poll(() => byId(page, 'report-year').locator('option').allTextContents()).toContain('2025');
    await byId(page, 'report-year').selectOption('2025');
    await byId(page, 'report-delivery').selectOption('download');
    await byId(page, 'report-generate').click();
    await expect.poll(() => byId(page, 'report-status').textContent()).toMatch(/^(pending|processing)$/);
    await expect.poll(() => byId(page, 'report-status').textContent(), { timeout: 10_000 }).toBe('completed');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byId(page, 'report-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('income-report-2025.pdf');
    const polls = reference.requests.filter((r) => /^\/income-report\/\d+$/.test(r.path));
    expect(polls.length).toBeGreaterThanOrEqual(1);

    // A new report for 2024, which the reference server always fails (status 4).
    await byId(page, 'report-reset').click();
    await byId(page, 'report-year').selectOption('2024');
    await byId(page, 'report-generate').click();
    await expect.poll(() => byId(page, 'report-status').textContent(), { timeout: 10_000 }).toBe('failed');
    expect(await byId(page, 'report-download').isVisible()).toBe(false);
    // The server's verdict is worded (issue 20 item 6: the failed report carries an error).
    await expect
      .poll(() => byId(page, 'report-errors').textContent())
      .toContain('The report could not be generated.');
    expect(reference.requests.filter((r) => r.path === '/income-report/generate').map((r) => r.body)).toEqual(
      [
        { reference_year: 2025, type: 'download' },
        { reference_year: 2024, type: 'download' },
      ],
    );

    await saveScreenshot(page, `demo-${name}`);
    await expectNoSecrets(page, consoleLines, secrets);

    // Log out: back to the login form, and the server saw the logout.
    await byId(page, 'logout').click();
    await byId(page, 'login-form').waitFor({ state: 'visible' });
    expect(reference.requests.some((r) => r.path === '/auth/logout')).toBe(true);
    await expectNoSecrets(page, consoleLines, secrets);

    // The cancelled account: the login says so and nobody is signed in.
    const { cancelled } = reference.seed;
    await byId(page, 'login-input').fill(cancelled.email);
    await byId(page, 'password-input').fill(cancelled.password);
    await byId(page, 'login-submit').click();
    await expect
      .poll(() => byId(page, 'login-errors').textContent())
      .toContain('This account was cancelled.');
    expect(await byId(page, 'profile').count()).toBe(0);
    expect(await byId(page, 'password-input').inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
  } finally {
    await context.close();
  }
}
