// `getSession(request).headers` keeps the page that carries the session out of every cache
// (REVIEW-P P5, P6): the page embeds the seed (the player, their restrictions), so a shared cache
// must never store it, and the browser must not replay it (Back, a restored tab) after the session
// changed: `Cache-Control: private, no-store`, signed in or not, with or without a `Set-Cookie`.

import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

const page = (cookie: string | null) =>
  new Request(`${fx.served.url}/account`, {
    headers: cookie ? { cookie: `__Host-pam-session=${cookie}` } : {},
  });

describe('getSession headers (REVIEW-P P5, P6)', () => {
  it('signed in: Cache-Control private, no-store', async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    await browser.login(plain.email, plain.password);
    const view = await fx.pam.getSession(page(browser.cookie));
    expect(view.initial.status).toBe('signedIn');
    expect(view.headers.get('cache-control')).toBe('private, no-store');
  });

  it('signed out, and with a cookie it clears: the same', async () => {
    const out = await fx.pam.getSession(page(null));
    expect(out.initial.status).toBe('signedOut');
    expect(out.headers.get('cache-control')).toBe('private, no-store');
    const bad = await fx.pam.getSession(page('not-a-sealed-cookie'));
    expect(bad.headers.get('cache-control')).toBe('private, no-store');
  });
});
