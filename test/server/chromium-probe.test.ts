import { chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { buildRoutes } from '../../src/server/routes';
import { type ReferenceServer, startReferenceServer } from '../../src/testing/index';
import { chromiumLaunchOptions, chromiumPath } from '../support/chromium';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { openCookie, SECRETS } from './harness';

// The CI probe of issue 28: a page script in real Chromium signs in through the proxy (2FA) and
// calls every proxied route; the token is in no body, no header, no cookie a script can read and
// no web storage.

const PAGE = '<!doctype html><html><head><link rel="icon" href="data:,"></head><body>app</body></html>';

let reference: ReferenceServer;
let served: ServedHandler;

beforeAll(async () => {
  reference = await startReferenceServer();
  const pam = createPamServer({ apiBaseURL: reference.url, secrets: SECRETS });
  served = await serveHandler(
    async (request, context) =>
      (await pam.handle(request, context)) ??
      new Response(PAGE, { headers: { 'content-type': 'text/html' } }),
  );
}, 30_000);
afterAll(async () => {
  await Promise.allSettled([served?.close(), reference?.close()]);
});

/** Every route of the proxy with its holes filled (an id of the player's, a social type). */
function everyRoute(playerId: number): { method: string; path: string }[] {
  return buildRoutes()
    .filter((r) => r.kind !== 'logout' && r.kind !== 'login')
    .map((r) => {
      const path = r.segments.map((s) =>
        typeof s === 'string' ? s : s.hole === 'id' ? String(playerId) : 'google',
      );
      const query = Object.entries(r.query).map(([k, rule]) => `${k}=${rule.fixed ?? '1'}`);
      return { method: r.method, path: `/pam/${path.join('/')}${query.length ? `?${query.join('&')}` : ''}` };
    });
}

interface Seen {
  url: string;
  status: number;
  headers: [string, string][];
  text: string;
}

describe.skipIf(chromiumPath() === null)('server session in Chromium', () => {
  it('a page script calling every proxied route finds the token nowhere it can read', async () => {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      // localhost is a secure context: the Secure __Host- cookie is kept over http.
      const origin = served.url.replace('127.0.0.1', 'localhost');
      await page.goto(`${origin}/`);
      const { twoFactor } = reference.seed;
      const calls = [
        {
          method: 'POST',
          path: '/pam/auth/login',
          body: { login: twoFactor.email, password: twoFactor.password },
        },
        {
          method: 'POST',
          path: '/pam/auth/login',
          body: {
            login: twoFactor.email,
            password: twoFactor.password,
            two_factor_code: twoFactor.twoFactorCode,
          },
        },
        { method: 'GET', path: '/pam/session' },
        ...everyRoute(twoFactor.id).map((r) => ({ ...r, body: r.method === 'GET' ? undefined : {} })),
        { method: 'POST', path: '/pam/users/refresh-token', body: {} },
      ];
      const seen: Seen[] = await page.evaluate(async (list) => {
        const out: Seen[] = [];
        for (const call of list) {
          const res = await fetch(call.path, {
            method: call.method,
            headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          });
          out.push({ url: call.path, status: res.status, headers: [...res.headers], text: await res.text() });
        }
        return out;
      }, calls);
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === '__Host-pam-session');
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
      const scriptVisible = await page.evaluate(() => ({
        cookie: document.cookie,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
      }));

      const { token } = await openCookie(session!.value);
      const tokens = new Set([token]);
      for (const r of reference.requests) {
        const bearer = /^bearer (\S+)$/i.exec(String(r.headers.authorization ?? ''))?.[1];
        if (bearer) tokens.add(bearer);
      }
      expect(seen[1]?.status).toBe(200); // the 2FA login completed
      expect(seen.find((s) => s.url === '/pam/auth/user-profile?check_spa_again=1')?.status).toBe(200);
      expect(seen.at(-1)?.status).toBe(404); // the refresh route is not served
      expect(seen.length).toBeGreaterThan(20);
      const everything = JSON.stringify({ seen, scriptVisible });
      for (const t of tokens) expect(everything).not.toContain(t);
      expect(scriptVisible.cookie).not.toContain('pam-session');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
