// Review 147: a sealed cookie tampered with (bit flips, truncation, a foreign secret, oversized)
// reads as signed out, is cleared with the cookie's full attributes, and sends no token upstream.

import { defaults, seal } from 'iron-webcrypto';
import { describe, expect, it } from 'vitest';
import { Browser, clearsCookie, liveAtApi, openCookie, runningClock, usePam } from '../server/harness';

const clock = runningClock(Date.parse('2026-11-28T12:00:00Z'));
const { ref, fx } = usePam(clock);
const PROFILE = '/pam/auth/user-profile?check_spa_again=1';
const crypto = globalThis.crypto as unknown as Parameters<typeof seal>[0];

async function signedIn(): Promise<Browser> {
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  return b;
}

/** Flips one bit of the character at `at` (kept in the base64url alphabet). */
function flip(value: string, at: number): string {
  const c = value[at]!;
  const swapped = c === 'A' ? 'B' : c === 'B' ? 'A' : c === 'a' ? 'b' : 'a';
  return value.slice(0, at) + swapped + value.slice(at + 1);
}

async function variants(cookie: string): Promise<Record<string, string>> {
  const session = await openCookie(cookie);
  const parts = cookie.split('*');
  return {
    'flipped in the ciphertext': parts.map((p, i) => (i === 4 ? flip(p, 5) : p)).join('*'),
    'flipped in the HMAC': parts.map((p, i) => (i === parts.length - 1 ? flip(p, 3) : p)).join('*'),
    'flipped in the IV': parts.map((p, i) => (i === 3 ? flip(p, 2) : p)).join('*'),
    'truncated by one': cookie.slice(0, -1),
    'truncated to half': cookie.slice(0, Math.floor(cookie.length / 2)),
    extended: `${cookie}AAAA`,
    'another secret, same id': await seal(
      crypto,
      session,
      { id: 'k1', secret: 'another-secret-of-at-least-32-characters!' },
      defaults,
    ),
    'another secret and id': await seal(
      crypto,
      session,
      { id: 'k9', secret: 'another-secret-of-at-least-32-characters!' },
      defaults,
    ),
    'oversized garbage': `Fe26.2**k1*${'A'.repeat(12_000)}`,
    'quoted copy': `"${cookie}"`,
  };
}

describe('a tampered session cookie', () => {
  it('the login sets the cookie HttpOnly, Secure, SameSite, Path=/ and __Host-', async () => {
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    const r = await b.login(email, password);
    const [line] = r.headers.getSetCookie();
    expect(line).toMatch(/^__Host-pam-session=Fe26\.2\*/);
    expect(line).toMatch(/; HttpOnly(;|$)/);
    expect(line).toMatch(/; Secure(;|$)/);
    expect(line).toMatch(/; SameSite=(Lax|Strict)(;|$)/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=/i);
  });

  it('every variant reads signed out, is cleared with the same attributes, and reaches no API', async () => {
    const b = await signedIn();
    const good = b.cookie!;
    for (const [what, bad] of Object.entries(await variants(good))) {
      const t = new Browser(fx.served.url);
      t.cookie = bad;
      ref.server.requests.length = 0;
      const seed = await t.call('GET', '/pam/session', undefined, { 'sec-fetch-site': 'same-origin' });
      expect(seed.status, what).toBe(200);
      expect((seed.json as { status: string }).status, what).toBe('signedOut');
      const clear = seed.headers.getSetCookie();
      expect(clear, what).toHaveLength(1);
      expect(clear[0], what).toMatch(
        /^__Host-pam-session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Secure$/,
      );
      const t2 = new Browser(fx.served.url);
      t2.cookie = bad;
      const profile = await t2.call('GET', PROFILE);
      expect(profile.status, what).toBe(401);
      expect(profile.json, what).toEqual({ message: 'Unauthenticated.' });
      expect(clearsCookie(profile), what).toBe(true);
      expect(ref.server.requests, what).toHaveLength(0);
    }
    // The genuine cookie was never hurt by its tampered copies.
    expect(await liveAtApi(ref.server.url, good)).toBe(true);
    expect((await b.call('GET', PROFILE)).status).toBe(200);
  });
});
