// Found by `logout-order.property` (fifty-first pass, seed 635788955): a login sent with an older
// cookie of the browser (L1's, slow on its way) while a tab's call with the newer one (L2's, its
// token ended at the API) was answered 401, that answer slow on the wire. The hold of the clearing
// answer is on L2's end (`fin:L2`); the login carried L1's cookie (ended by L2's login) and claimed
// `fin:L1`: sealed (L3); the late answer then cleared L3's cookie, L3 left live. An expected
// failure, left open: the fix considered is a hold on the lineage (`cut:<lineage>`) claimed by
// every clearing answer and checked by every login and logout with a cookie of that lineage (a
// wider change than this pass could verify). `browser-jar.ts` keeps the properties off this class.
import { describe, expect, it } from 'vitest';
import { Browser, clearsCookie, liveAtApi, openCookie, type TestClock, usePamPerTest } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a clearing answer late on the wire across a login sent with an older cookie', () => {
  it.fails('the login made since keeps its cookie', async () => {
    const x = await pam({ graceMs: 0 });
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(x.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    const l1 = b.cookie;
    expect((await b.login(email, password)).status).toBe(200); // L2, over L1
    const l2 = b.cookie!;
    // L2's token ends at the API; a tab's poll with it is answered 401 (its answer on the wire).
    await fetch(`${ref.server.url}/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await openCookie(l2)).token}`, accept: 'application/json' },
    });
    const tab = new Browser(x.served.url);
    tab.cookie = l2;
    expect(clearsCookie(await tab.call('GET', '/pam/auth/user-profile'))).toBe(true);
    // The login sent with L1's cookie (before L2's answer reached the jar) arrives now.
    const old = new Browser(x.served.url);
    old.cookie = l1;
    const login = await old.login(email, password);
    const l3 = login.status === 200 ? old.cookie : null;
    b.cookie = null; // the poll's answer lands in the jar, which held L3
    const live = l3 !== null && (await liveAtApi(ref.server.url, l3));
    expect({ liveWithoutCookie: live && b.cookie === null }).toEqual({ liveWithoutCookie: false });
  });
});
