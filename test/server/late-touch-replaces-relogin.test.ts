// Found by `logout-order.property` (fifty-first pass, seed 635788955, once reads could be answered
// late): a tab's read a minute after the last seal re-seals the cookie (the idle clock, `TOUCH_MS`),
// its answer slow on the wire; the player logs out (the cookie cleared) and signs in again with no
// cookie; the read's answer then lands and sets the ended login's cookie over the new login's: the
// new login live at the API with no cookie in the jar (until its token's expiry), the player shown
// signed out. Not a clearing answer: the hold on `fin:` (review 75) does not cover a cookie set
// late, and a login sent with no cookie cannot be tied to the browser whose answer is on the wire.
// An expected failure, left open: the fix considered is an idle clock kept in the store, not in
// the cookie (no `Set-Cookie` on a read at all), a change of the session's design.
import { describe, expect, it } from 'vitest';
import { Browser, liveAtApi, type TestClock, usePamPerTest } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe("a read's re-sealed cookie late on the wire across a logout and a login with no cookie", () => {
  it.fails('the login made since keeps its cookie', async () => {
    const x = await pam({ graceMs: 0 });
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(x.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 61_000;
    // The tab's read, answered now; its answer (a re-sealed cookie) held on the wire.
    const tab = new Browser(x.served.url);
    tab.cookie = b.cookie;
    const read = await tab.call('GET', '/pam/auth/user-profile');
    expect(read.status).toBe(200);
    expect(tab.cookie).not.toBe(b.cookie); // re-sealed
    expect((await b.call('POST', '/pam/auth/logout')).status).toBe(204);
    expect(b.cookie).toBeNull();
    expect((await b.login(email, password)).status).toBe(200);
    const l2 = b.cookie!;
    b.cookie = tab.cookie; // the read's answer lands
    expect({ live: await liveAtApi(ref.server.url, l2), jar: b.cookie }).toEqual({ live: true, jar: l2 });
  });
});
