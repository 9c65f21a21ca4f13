import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/chromium';
import { useTabsPage } from '../support/chromium-pages';

// REVIEW-T T-1 in real Chromium: pages with no BroadcastChannel (deleted before any script, as in
// older browsers and some webviews), the session in localStorage (the web token store). A pause
// accepted in one page bars betting in the other; a logout in one signs the other out; nothing
// the channel writes to localStorage holds the token.

type Pam = {
  pam: {
    client: {
      logout(): void;
      user: { setTimeoutLimits(p: object): Promise<unknown> };
    };
    login(login: string, password: string): void;
    token(): Promise<string | null>;
    view(): Record<string, unknown>;
  };
};

const env = useTabsPage('pam-storage-channel-');

async function openPage(): Promise<Page> {
  const page = await env.context.newPage();
  await page.goto(`${env.demo.url}/?store=web`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return page;
}

const states = (pages: Page[]) =>
  Promise.all(
    pages.map((p) =>
      p.evaluate(() => {
        const v = (window as never as Pam).pam.view() as {
          status: string;
          restrictions: { status: string; canBet: boolean } | null;
        };
        return `${v.status}:${v.restrictions?.canBet ?? '-'}`;
      }),
    ),
  );

describe.skipIf(!chromiumPath())(
  'no BroadcastChannel in Chromium: the storage-event channel',
  { timeout: 60_000 },
  () => {
    it('a pause, then a logout, in one page reach the other; no token written by the channel', async () => {
      await env.context.addInitScript(() => {
        delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
        // Every value written to localStorage under the channel's key, as the page saw it.
        const set = Storage.prototype.setItem;
        const log: string[] = [];
        (window as unknown as { channelWrites: string[] }).channelWrites = log;
        Storage.prototype.setItem = function (key: string, value: string) {
          if (key.startsWith('pam-client:')) log.push(value);
          return set.call(this, key, value);
        };
      });
      const { email, password } = env.reference.seed.plain;
      const a = await openPage();
      expect(await a.evaluate(() => typeof (window as { BroadcastChannel?: unknown }).BroadcastChannel)).toBe(
        'undefined',
      );
      await a.evaluate(([l, p]) => (window as never as Pam).pam.login(l, p), [email, password] as const);
      await expect.poll(() => states([a]), { timeout: 15_000, interval: 50 }).toEqual(['signedIn:true']);
      const b = await openPage();
      const pages = [a, b];
      await expect
        .poll(() => states(pages), { timeout: 15_000, interval: 50 })
        .toEqual(['signedIn:true', 'signedIn:true']);

      await a.evaluate(
        (p) =>
          (window as never as Pam).pam.client.user.setTimeoutLimits({
            user_pause: 7,
            reason: 1,
            password_check: p,
          }),
        password,
      );
      await expect
        .poll(() => states(pages), { timeout: 15_000, interval: 50 })
        .toEqual(['signedIn:false', 'signedIn:false']);

      const token = await a.evaluate(() => (window as never as Pam).pam.token());
      await a.evaluate(() => (window as never as Pam).pam.client.logout());
      await expect
        .poll(() => states(pages), { timeout: 15_000, interval: 50 })
        .toEqual(['signedOut:-', 'signedOut:-']);

      const writes = (
        await Promise.all(
          pages.map((p) => p.evaluate(() => (window as never as { channelWrites: string[] }).channelWrites)),
        )
      ).flat();
      expect(writes.length).toBeGreaterThan(1);
      expect(token).toBeTruthy();
      for (const w of writes) expect(w.includes(token!)).toBe(false);
    });
  },
);
