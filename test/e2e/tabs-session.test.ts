import type { Page } from 'playwright';
import { describe, expect, it, vi } from 'vitest';
import { chromiumPath } from '../support/chromium';
import { useTabsPage } from '../support/chromium-pages';

// Issue 18's three-tab defects in real Chromium pages of one origin (each failed before its fix):
// closing the page that holds the refresh claim, two players signing in at once, and a foreign
// message on the channel.

const REFRESH = '/users/refresh-token';
const ADDRESS = '/bff/users/address-by-user';

const env = useTabsPage('pam-tabs-session-');

type Pam = {
  status(): string;
  view(): {
    status: string;
    user: { id: number } | null;
    restrictions: { inForce: { kind: string }[]; status: string } | null;
  };
  token(): Promise<string | null>;
  login(login: string, password: string): void;
  post(message: unknown): void;
  calls(n: number): Promise<{ outcome: string; ms: number }[]>;
  client: { state: { send(e: object): void } };
};
const pam = <T>(page: Page, fn: (p: Pam) => T | Promise<T>) =>
  page.evaluate(fn as never) as Promise<Awaited<T>>;

async function openPage(query = ''): Promise<Page> {
  const page = await env.context.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${env.demo.url}/${query}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return page;
}
const viewOf = (p: Page) => pam(p, (_x) => (window as never as { pam: Pam }).pam.view());

/** Polls `read` on every page (real pages: real time) until `ok` holds for all, or `ms` passes. */
async function until<T>(pages: Page[], read: (p: Page) => Promise<T>, ok: (all: T[]) => boolean, ms = 3000) {
  let seen: T[] = [];
  await vi
    .waitFor(
      async () => {
        seen = await Promise.all(pages.map(read));
        if (!ok(seen)) throw new Error('the pages have not got there yet');
      },
      { timeout: ms, interval: 25 },
    )
    .catch(() => undefined); // the caller's assertions on `seen` say what is wrong
  return seen;
}
const count = (method: string, path: string) =>
  env.reference.requests.filter((r) => r.method === method && r.path === path).length;

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.evaluate(
    ([l, pw]) => (window as never as { pam: Pam }).pam.login(l!, pw!),
    [who.email, who.password],
  );
}

// Real pages in Chromium: on a loaded 2-core machine a step takes seconds (a safety net, not a figure).
describe.skipIf(!chromiumPath())('issue 18: three tabs in Chromium', { timeout: 60_000 }, () => {
  it('closing the page that holds the refresh claim lets another page refresh at once', async () => {
    const pages = [await openPage(), await openPage(), await openPage()];
    await logIn(pages[0]!, env.reference.seed.plain);
    await until(pages, viewOf, (all) => all.every((v) => v.status === 'signedIn'));
    // Page 0's refresh is slow: it holds the claim while its request is out.
    env.reference.faults.add({ method: 'POST', path: REFRESH, delayMs: 8_000, times: 1 });
    await pam(pages[0]!, () => (window as never as { pam: Pam }).pam.client.state.send({ type: 'REFRESH' }));
    // A real-time poll: the request comes from a real Chromium tab, out of node's event loop.
    await vi.waitFor(() => expect(count('POST', REFRESH)).toBe(1), { timeout: 10_000, interval: 25 });
    await pages[0]!.close();

    env.reference.faults.add({
      method: 'GET',
      path: ADDRESS,
      status: 401,
      body: { message: 'expired' },
      times: 1,
    });
    const [call] = await pam(pages[1]!, () => (window as never as { pam: Pam }).pam.calls(1));
    expect(call?.outcome).toBe('ok');
    // Within the jitter and settle of one claim, not after waiting out the closed page's claim.
    expect(call?.ms).toBeLessThan(1500);
    expect(count('POST', REFRESH)).toBe(2);
  });

  it('two players signing in at once: every page converges on one player, with that player’s data', async () => {
    const pages = [await openPage(), await openPage(), await openPage()];
    const { paused, plain } = env.reference.seed;
    // Both answers are held back, so both logins commit before either page hears of the other.
    env.reference.faults.add({ method: 'POST', path: '/auth/login', delayMs: 600, times: 2 });
    await Promise.all([logIn(pages[0]!, paused), logIn(pages[1]!, plain)]);
    const settled = (v: Awaited<ReturnType<typeof viewOf>>) =>
      v.status === 'signedIn' && v.user !== null && v.restrictions?.status === 'current';
    const views = await until(
      pages,
      viewOf,
      (all) => all.every(settled) && new Set(all.map((v) => v.user?.id)).size === 1,
      5000,
    );
    const ids = new Set(views.map((v) => v.user?.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    for (const v of views) {
      const pausedShown = (v.restrictions?.inForce ?? []).some((r) => r.kind === 'pause');
      expect(pausedShown).toBe(id === paused.id);
    }
    const tokens = await Promise.all(
      pages.map((p) => pam(p, (_x) => (window as never as { pam: Pam }).pam.token())),
    );
    expect(new Set(tokens).size).toBe(1);
  });

  it('a foreign message on the channel does not break sharing, nor the stored session', async () => {
    const pages = [await openPage('?store=web'), await openPage('?store=web'), await openPage('?store=web')];
    for (const seq of [2 ** 53, 1e300])
      await pages[2]!.evaluate(
        (s) =>
          (window as never as { pam: Pam }).pam.post({
            app: 'pam-client',
            v: 1,
            from: 'foreign',
            type: 'signedOut',
            seq: s,
            sid: s,
            at: s,
            reason: 'logout',
          }),
        seq,
      );
    await logIn(pages[0]!, env.reference.seed.plain);
    const seen = await until(pages, viewOf, (all) => all.every((v) => v.status === 'signedIn'));
    expect(seen.map((v) => v.status)).toEqual(['signedIn', 'signedIn', 'signedIn']);
    // The saved session reads back valid: a fresh page restores it and its calls go through.
    const late = await openPage('?store=web');
    const [restored] = await until([late], viewOf, (all) => all[0]?.status === 'signedIn');
    expect(restored?.status).toBe('signedIn');
    const [call] = await pam(late, () => (window as never as { pam: Pam }).pam.calls(1));
    expect(call?.outcome).toBe('ok');
  });
});
