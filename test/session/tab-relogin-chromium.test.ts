import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Demo, startDemo } from '../../scripts/demo/serve.mjs';
import { chromiumLaunchOptions, chromiumPath } from '../support/chromium';

// Review 5, D9 in real Chromium: two pages of one origin (the cross-tab suite's page, one client
// each, on a real BroadcastChannel). After one page signs out and either signs in again, both
// pages read the restrictions of the new login (current, for a free player).

const root = fileURLToPath(new URL('../..', import.meta.url));

let reference: ReferenceServer;
let demo: Demo;
let browser: Browser;
let dir: string;
let context: BrowserContext;

type Pam = { pam: { client: { login(c: object): void; logout(): void }; view(): Record<string, unknown> } };

beforeAll(async () => {
  if (!chromiumPath()) return;
  dir = await mkdtemp(join(tmpdir(), 'pam-relogin-'));
  await build({
    entryPoints: [join(root, 'test/e2e/tabs/page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'app.js'),
    alias: {
      'pam-client': join(root, 'src/index.ts'),
      'pam-client/machines': join(root, 'machines/index.ts'),
      'pam-client/internal': join(root, 'src/internal.ts'),
    },
    logLevel: 'silent',
  });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./app.js"></script></body></html>',
  );
  reference = await startReferenceServer();
  demo = await startDemo({ apps: [{ mountPath: '/', dir }], apiTarget: reference.url });
  browser = await chromium.launch(chromiumLaunchOptions());
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), demo?.close(), reference?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  if (browser) context = await browser.newContext();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${demo.url}/`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return page;
}

/** Each page's status and restrictions status, as the page would render them. */
const states = (pages: Page[]) =>
  Promise.all(
    pages.map((p) =>
      p.evaluate(() => {
        const v = (window as never as Pam).pam.view() as {
          status: string;
          restrictions: { status: string; canBet: boolean } | null;
        };
        return `${v.status}:${v.restrictions?.status ?? '-'}:${v.restrictions?.canBet ?? '-'}`;
      }),
    ),
  );

const logIn = (page: Page) =>
  page.evaluate(([login, password]) => (window as never as Pam).pam.client.login({ login, password }), [
    reference.seed.plain.email,
    reference.seed.plain.password,
  ] as const);
const logOut = (page: Page) => page.evaluate(() => (window as never as Pam).pam.client.logout());

// Real pages in Chromium: on a loaded 2-core machine a step takes seconds (a safety net, not a figure).
describe.skipIf(!chromiumPath())(
  'tabs in Chromium: the next login after a remote sign-out',
  { timeout: 60_000 },
  () => {
    it.each([
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ] as const)('page %i signs out, page %i signs in again: both current', async (outBy, inBy) => {
      const pages = [await openPage(), await openPage()];
      const free = ['signedIn:current:true', 'signedIn:current:true'];
      await logIn(pages[0]!);
      // Real-time polls: the pages are real Chromium tabs, whose work no node event-loop wait sees.
      await expect.poll(() => states(pages), { timeout: 15_000, interval: 50 }).toEqual(free);
      await logOut(pages[outBy]!);
      await expect
        .poll(() => states(pages), { timeout: 15_000, interval: 50 })
        .toEqual(['signedOut:-:-', 'signedOut:-:-']);
      await logIn(pages[inBy]!);
      await expect.poll(() => states(pages), { timeout: 15_000, interval: 50 }).toEqual(free);
    });
  },
);
