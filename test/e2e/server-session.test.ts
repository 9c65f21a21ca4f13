import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPamServer, type PamServer } from '../../src/server/index';
import { type ReferenceServer, startReferenceServer } from '../../src/testing/index';
import { openCookie, SECRETS } from '../server/harness';
import { chromiumPath } from '../support/chromium';
import { bundlePage, launchChromium } from '../support/chromium-pages';
import { type ServedHandler, serveHandler } from '../support/serve-handler';

// Issue 28.2 and 28.3 in real Chromium: the browser client in server-session mode against
// `pam-client/server` in front of the reference server. A page rendered by the app's server with
// the seed (`getSession(request).initial`) in it, its script bundled from the sources.

const COOKIE = '__Host-pam-session';

let reference: ReferenceServer;
let pam: PamServer;
let served: ServedHandler;
let browser: Browser;
let dir: string;
let origin: string;

/** The page as the app's server renders it: the seed inlined, the cookie headers passed on. */
async function renderPage(request: Request, script: string): Promise<Response> {
  const { initial, headers } = await pam.getSession(request);
  const seed = JSON.stringify(initial).replaceAll('<', '\\u003c');
  headers.set('content-type', 'text/html');
  return new Response(
    `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script>window.__PAM_SEED__=${seed}</script><script>${script}</script></body></html>`,
    { headers },
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pam-server-session-'));
  const script = await readFile(await bundlePage('test/e2e/server-session/page.ts', dir, 'iife'), 'utf8');
  reference = await startReferenceServer();
  pam = createPamServer({ apiBaseURL: reference.url, secrets: SECRETS });
  served = await serveHandler(async (request, context) => {
    const answer = await pam.handle(request, context);
    if (answer) return answer;
    return new URL(request.url).pathname === '/'
      ? renderPage(request, script)
      : new Response(null, { status: 404 });
  });
  // localhost is a secure context: the Secure __Host- cookie is kept over http.
  origin = served.url.replace('127.0.0.1', 'localhost');
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), served?.close(), reference?.close()]);
  await rm(dir, { recursive: true, force: true });
});

type Pam = {
  firstStatus: string;
  view(): { status: string; user: { id: number } | null; restrictions: { status: string } | null };
  ready(): Promise<string>;
  login(login: string, password: string): void;
  submitCode(code: string): void;
  logout(): void;
  token(): unknown;
  answers(): string[];
  heard(): unknown[];
  storage(): { local: string; session: string; cookie: string };
  burst(n: number): Promise<(number[] | string)[]>;
};
const pamOf = <T>(page: Page, fn: (p: Pam, a: unknown) => T | Promise<T>, arg?: unknown) =>
  page.evaluate(
    ([source, a]) =>
      new Function('p', 'a', `return (${source})(p, a)`)((window as never as { pam: Pam }).pam, a),
    [fn.toString(), arg] as const,
  ) as Promise<Awaited<T>>;

/** Real-time polling: the page runs on real timers and a real network (browser tests only). */
async function waitFor(page: Page, what: string, check: (p: Pam) => boolean) {
  await expect.poll(() => pamOf(page, check), { timeout: 10_000, message: what }).toBe(true);
}

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${origin}/`);
  await page
    .waitForFunction(() => 'pam' in window, undefined, { timeout: 8_000 })
    .catch((error) => {
      throw new Error(`the page did not start: ${errors.join('; ') || String(error)}`);
    });
  return page;
}

async function signIn(page: Page, login: string, password: string) {
  await pamOf(page, (p, a) => p.login((a as string[])[0]!, (a as string[])[1]!), [login, password]);
  await waitFor(page, 'signed in', (p) => p.view().status === 'signedIn');
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(origin)).find((c) => c.name === COOKIE);
}

describe.skipIf(chromiumPath() === null)('server-session client in Chromium', { timeout: 60_000 }, () => {
  it('2FA through the proxy; afterwards the token is in no answer, no storage, no document.cookie, no channel message', async () => {
    const context = await browser.newContext();
    try {
      const page = await openPage(context);
      expect(await pamOf(page, (p) => p.firstStatus)).toBe('signedOut');
      const { twoFactor } = reference.seed;
      await pamOf(page, (p, a) => p.login((a as string[])[0]!, (a as string[])[1]!), [
        twoFactor.email,
        twoFactor.password,
      ]);
      await waitFor(page, 'the code is asked for', (p) => p.view().status === 'twoFactorRequired');
      await pamOf(page, (p, a) => p.submitCode(a as string), twoFactor.twoFactorCode);
      await waitFor(page, 'signed in', (p) => p.view().status === 'signedIn');
      await waitFor(page, 'restrictions read', (p) => p.view().restrictions?.status === 'current');
      const cookie = await sessionCookie(context);
      expect(cookie?.httpOnly).toBe(true);
      const { token } = await openCookie(cookie!.value);
      expect(token.length).toBeGreaterThan(8);
      expect(await pamOf(page, (p) => p.token())).toBeNull();
      const answers = await pamOf(page, (p) => p.answers());
      expect(answers.some((a) => a.includes('"server_session"'))).toBe(true);
      for (const a of answers) expect(a).not.toContain(token);
      const storage = await pamOf(page, (p) => p.storage());
      expect(storage.cookie).toBe('');
      for (const s of Object.values(storage)) expect(s).not.toContain(token);
      const heard = await pamOf(page, (p) => p.heard());
      // The tab's `ask` as it started (the other tabs' changes in flight: AJ-2), then its login.
      expect(heard).toEqual([
        expect.objectContaining({ type: 'ask', mode: 'server-session' }),
        expect.objectContaining({ type: 'signedIn', mode: 'server-session' }),
      ]);
      expect(JSON.stringify(heard)).not.toContain(token);
      expect(JSON.stringify(await pamOf(page, (p) => p.view()))).not.toContain(token);
      // A page opened now starts from the server's view: signed in at its first frame, no profile read of its own.
      const reads = reference.requests.filter((r) => r.path === '/auth/user-profile').length;
      const second = await openPage(context);
      expect(await pamOf(second, (p) => p.firstStatus)).toBe('signedIn');
      // (Current once its ask has had its turn: `stale` for its wait, R25-7; the seed still its datum.)
      await expect.poll(() => pamOf(second, (p) => p.view().restrictions?.status)).toBe('current');
      // The one read is the server's own (getSession, rendering the page).
      expect(reference.requests.filter((r) => r.path === '/auth/user-profile').length - reads).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('a tampered cookie reads as signed out (and is cleared), never an error page', async () => {
    const context = await browser.newContext();
    try {
      const page = await openPage(context);
      await signIn(page, reference.seed.plain.email, reference.seed.plain.password);
      const cookie = (await sessionCookie(context))!;
      // One letter of the seal changed, whatever it was (the replacement always differs from it).
      const at = cookie.value.length - 3;
      const flipped = `${cookie.value.slice(0, at)}${cookie.value[at] === 'A' ? 'B' : 'A'}${cookie.value.slice(at + 1)}`;
      expect(flipped).not.toBe(cookie.value);
      await context.addCookies([{ ...cookie, value: flipped }]);
      const reopened = await openPage(context);
      expect(await pamOf(reopened, (p) => p.firstStatus)).toBe('signedOut');
      expect(await pamOf(reopened, (p) => p.ready())).toBe('signedOut');
      expect(await sessionCookie(context)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('two players in two browser contexts, 120 concurrent calls: each sees only their own data', async () => {
    const [ca, cb] = await Promise.all([browser.newContext(), browser.newContext()]);
    try {
      const [pa, pb] = await Promise.all([openPage(ca), openPage(cb)]);
      const { plain, paused } = reference.seed;
      await Promise.all([signIn(pa, plain.email, plain.password), signIn(pb, paused.email, paused.password)]);
      const [ra, rb] = await Promise.all([pamOf(pa, (p) => p.burst(60)), pamOf(pb, (p) => p.burst(60))]);
      expect(ra.filter((r) => typeof r === 'string')).toEqual([]);
      expect(rb.filter((r) => typeof r === 'string')).toEqual([]);
      expect(new Set(ra.flat())).toEqual(new Set([plain.id]));
      expect(new Set(rb.flat())).toEqual(new Set([paused.id]));
      const [aa, ab] = await Promise.all([pamOf(pa, (p) => p.answers()), pamOf(pb, (p) => p.answers())]);
      for (const a of aa) expect(a).not.toContain(paused.email);
      for (const b of ab) expect(b).not.toContain(plain.email);
      expect(await pamOf(pa, (p) => p.view().user?.id)).toBe(plain.id);
      expect(await pamOf(pb, (p) => p.view().user?.id)).toBe(paused.id);
    } finally {
      await Promise.allSettled([ca.close(), cb.close()]);
    }
  });

  it('logout in one tab ends the other', async () => {
    const context = await browser.newContext();
    try {
      const a = await openPage(context);
      await signIn(a, reference.seed.plain.email, reference.seed.plain.password);
      const b = await openPage(context);
      expect(await pamOf(b, (p) => p.firstStatus)).toBe('signedIn');
      await pamOf(a, (p) => p.logout());
      await waitFor(b, 'the other tab signed out', (p) => p.view().status === 'signedOut');
      expect(await pamOf(b, (p) => p.view().user)).toBeNull();
      expect(await sessionCookie(context)).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
