import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/chromium';
import { useTabsPage } from '../support/chromium-pages';

// Review 5, D9 in real Chromium: two pages of one origin (the cross-tab suite's page, one client
// each, on a real BroadcastChannel). After one page signs out and either signs in again, both
// pages read the restrictions of the new login (current, for a free player).

type Pam = { pam: { client: { login(c: object): void; logout(): void }; view(): Record<string, unknown> } };

const env = useTabsPage('pam-relogin-');

async function openPage(): Promise<Page> {
  const page = await env.context.newPage();
  await page.goto(`${env.demo.url}/`);
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
    env.reference.seed.plain.email,
    env.reference.seed.plain.password,
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
