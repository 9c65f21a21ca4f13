// Review 58 (against 3bcb9ac3), sign-in.ts `sealLogin` + lineage.ts `join` (MAX_LOGINS = 32): a login
// that cannot join its cookie's lineage (32 logins in it) is sealed as a lineage of its own WITHOUT
// reading whether a logout ended the lineage it was sent with. A login in flight across the
// browser's logout (sent with the cookie before the logout, arriving after its mark) is then sealed:
// the player saw "signed out" (204, cookie cleared), the login's answer sets a cookie after it, and
// its token is live at the API. With fewer logins in the lineage the same login is refused (control).
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(logins: number) {
  const fx = await pam();
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  // Logins one over another in one browser (each sent with the cookie of the one before).
  for (let i = 0; i < logins; i++) {
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 1_000;
  }
  const c = b.cookie!;
  // A tab's login is sent with C; the player's logout reaches the proxy first.
  const out = await b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' });
  expect(out.status).toBe(204);
  expect(b.cookie).toBeNull();
  clock.now += 500;
  const tab = new Browser(fx.served.url);
  tab.cookie = c;
  const late = await tab.login(email, password);
  let live = false;
  if (tab.cookie !== null && tab.cookie !== c) {
    const { token } = await openCookie(tab.cookie);
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    live = api.status === 200;
  }
  return { status: late.status, sealedAndLive: live };
}

describe('a login in flight across a logout', () => {
  it('control: refused in a lineage of 3 logins', async () => {
    expect(await scenario(3)).toEqual({ status: 401, sealedAndLive: false });
  });
  it('refused in a lineage of 32 logins too', async () => {
    // Fails on 3bcb9ac3 with { status: 200, sealedAndLive: true }.
    expect(await scenario(32)).toEqual({ status: 401, sealedAndLive: false });
  });
});
