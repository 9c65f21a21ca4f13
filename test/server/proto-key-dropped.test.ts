// REVIEW-W W-4: a profile answer with an own `"__proto__"` key (JSON.parse makes it one) anywhere
// in `user` or `userInfo` was kept in the seed, the player and every relayed body; SvelteKit's
// serializer (devalue) refuses such a key, so every page of the recipe answered 500 while that
// session lived (no way to sign out from the UI). The proxy drops the key (no service field has
// that name) from everything it hands the app or the browser, as it drops token fields.

import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

/** Whether `value` has an own `__proto__` key at any depth. */
const hasProtoKey = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (Object.hasOwn(value, '__proto__') || Object.values(value).some(hasProtoKey));

/** The player's real profile answer, as the API sends it, with an own `__proto__` key put at `where`. */
async function profileWithProto(token: string, where: 'user' | 'userInfo' | 'document'): Promise<unknown> {
  const res = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { user: Record<string, unknown>; userInfo: Record<string, unknown> };
  if (where === 'document') body.user.document ??= {};
  const target = (where === 'document' ? body.user.document : body[where]) as Record<string, unknown>;
  const text = JSON.stringify(body).replace(
    JSON.stringify(target),
    JSON.stringify(target).replace(/^\{/, '{"__proto__":{"polluted":"yes"},'),
  );
  return JSON.parse(text);
}

describe('an own "__proto__" key in an answer is dropped (W-4)', () => {
  it.each(['user', 'userInfo', 'document'] as const)(
    'in %s: the seed, the player and the relays carry none',
    async (where) => {
      const browser = new Browser(fx.served.url);
      const { plain } = ref.server.seed;
      expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      const { token } = await openCookie(browser.cookie!);
      const hostile = await profileWithProto(token, where);
      expect(hasProtoKey(hostile)).toBe(true);

      ref.server.faults.add({ path: '/auth/user-profile', status: 200, body: hostile, times: 1 });
      const page = new Request(`${fx.served.url}/account`, {
        headers: { cookie: `__Host-pam-session=${browser.cookie}` },
      });
      const view = await fx.pam.getSession(page);
      expect(view.initial.status).toBe('signedIn');
      expect(hasProtoKey(view.initial)).toBe(false);
      expect(hasProtoKey(view.player)).toBe(false);

      for (const path of ['/pam/session', '/pam/auth/user-profile?check_spa_again=1']) {
        ref.server.faults.add({ path: '/auth/user-profile', status: 200, body: hostile, times: 1 });
        const got = await browser.call('GET', path);
        expect(got.status, path).toBe(200);
        expect(got.text, path).not.toContain('__proto__');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
