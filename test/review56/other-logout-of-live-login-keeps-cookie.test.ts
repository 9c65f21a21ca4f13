// Review 56 (against 41f19f41), sign-out.ts `logout` + context.ts `decideLine`: a logout of a lineage
// a logout ended already "moves no mark" and calls `signOut(false)`. When the earlier logout stopped
// between its lineage mark and its `endLogins` (review 55's case: its instance stalled or gone),
// the cookie's login is still LIVE, and a later logout (the player pressing "sign out" again: a new
// logout, a new id, or another tab's) is the one that actually ends it. Its answer: 204, but no
// Set-Cookie at all (`decideLine`: not `endedHere`, the login ended, `loaded !== null` → "ended
// meanwhile"), however long after the first mark. The jar keeps the cookie of the login this very
// call ended; the player's next login joins the ended lineage and is refused `401 signed_out`.
// f00f1a54: the logout re-marked and cleared (`signOut(true)`).
// Suggested fix: sign-out.ts: a logout that itself ended the cookie's login (`call.session` was
// live: `ending` held it) clears the cookie (`signOut(true)`) whatever the lineage's mark says;
// only a logout that found the cookie's login ended already defers to `decideLine`.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { until } from '../support/event-loop';
import { stallingStore } from '../support/stalling-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a logout ending a live login whose lineage an earlier logout marked and never finished', () => {
  it('clears the cookie it ended, and the player can sign in right after', async () => {
    const { shared, stalling, stall } = stallingStore(() => clock.now, 'lin:');
    const x = await pam({ store: stalling });
    const y = await pam({ store: shared });
    const bx = new Browser(x.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await bx.login(email, password)).status).toBe(200);
    const c1 = bx.cookie!;
    const { loginId, token } = await openCookie(c1);
    stall.on = true;
    void bx
      .call('POST', '/pam/auth/logout', undefined, {
        'x-pam-client': '1',
        'x-pam-login': loginId,
        'x-pam-logout': 'logout-aaaaaaaaaaaaaaaa',
      })
      .catch(() => {});
    await until(() => stall.hit, 'try 1 marked the lineage and stalled reading its logins');
    clock.now += 2 * IN_FLIGHT_MS; // long after; its tries given up on
    const by = new Browser(y.served.url);
    by.cookie = c1;
    const again = await by.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-client': '1',
      'x-pam-login': loginId,
      'x-pam-logout': 'logout-bbbbbbbbbbbbbbbb',
    });
    const status = again.status;
    const cleared = by.cookie === null;
    clock.now += 1_000;
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const login = (await by.login(email, password)).status;
    // Fails on 41f19f41 with { status: 204, cleared: false, tokenLiveAtApi: false, login: 401 }.
    expect({ status, cleared, tokenLiveAtApi: api.status === 200, login }).toEqual({
      status: 204,
      cleared: true,
      tokenLiveAtApi: false,
      login: 200,
    });
  });
});
