// A clearing answer (the API's 401, a login past its end) of a browser's call holds `fin:` for
// `IN_FLIGHT_MS` (`Rotations.endedBefore`, fifty-first pass, review 75): a login sent with that
// cookie meanwhile was in flight across the answer, which would clear its cookie late on the wire;
// it is refused (401 signed_out, its token revoked, its cookie left as it is), with a store or
// without. Past the window it is accepted. Another clearing answer of the same cookie clears
// nothing (review 76: emptying the jar first, it let a login sent with no cookie past the hold). A
// page's render (`getSession`) clears nothing (review 76: its `Set-Cookie`, late, cleared a login
// another tab made; dropped, a server component's, it would lock the player's next login out).
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { sharedStore } from './faulty-store';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  signedInEndedAtApi,
  type TestClock,
  usePamPerTest,
} from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
const COOKIE = '__Host-pam-session';

describe.each([
  ['without a store', false],
  ['with a store', true],
])('a clearing answer of a tab, %s', (_, withStore) => {
  const setUp = async () => {
    const x = await pam(withStore ? { store: sharedStore(clock) } : {});
    const s = await signedInEndedAtApi(x.served.url, ref.server);
    const tab1 = new Browser(x.served.url);
    tab1.cookie = s.b.cookie;
    return { x, ...s, tab1 };
  };

  it('a login sent with that cookie within the window is refused, its token revoked; past it, accepted', async () => {
    const { b, tab1, email, password } = await setUp();
    const kept = b.cookie!;
    expect(clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'))).toBe(true);
    clock.now += IN_FLIGHT_MS - 1_000;
    const refused = await b.login(email, password);
    expect(refused.status).toBe(401);
    expect((refused.json as { pam?: string }).pam).toBe('signed_out');
    expect(b.cookie).toBe(kept); // nothing set: the clearing answer on the wire clears it
    clock.now += 2_000;
    expect((await b.login(email, password)).status).toBe(200);
    expect(await liveAtApi(ref.server.url, b.cookie!)).toBe(true);
  });

  it('a login with the cookie of a login past its idle end, over its clearing answer: refused, the cookie left as it is', async () => {
    const x = await pam(withStore ? { store: sharedStore(clock) } : {});
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(x.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 2 * 3_600_000 + 1_000; // past the idle end (2 h)
    const tab1 = new Browser(x.served.url);
    tab1.cookie = b.cookie;
    const kept = b.cookie;
    expect(clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'))).toBe(true);
    const refused = await b.login(email, password);
    expect(refused.status).toBe(401);
    // No Set-Cookie: late on the wire, it could clear a login made since; the poll's answer clears.
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(b.cookie).toBe(kept);
    clock.now += IN_FLIGHT_MS + 1_000;
    expect((await b.login(email, password)).status).toBe(200);
    expect(await liveAtApi(ref.server.url, b.cookie!)).toBe(true);
  });

  it('a second clearing answer of the same cookie clears nothing within the window; past it, clears', async () => {
    const { x, tab1, b } = await setUp();
    expect(clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'))).toBe(true);
    const tab2 = new Browser(x.served.url);
    tab2.cookie = b.cookie;
    const second = await tab2.call('GET', '/pam/auth/user-profile');
    expect(second.status).toBe(401);
    expect(second.headers.getSetCookie()).toEqual([]);
    clock.now += IN_FLIGHT_MS + 1_000;
    expect(clearsCookie(await tab2.call('GET', '/pam/auth/user-profile'))).toBe(true);
  });

  it("a page's render clears nothing, and the login with the cookie it left is accepted", async () => {
    const { x, b, email, password } = await setUp();
    const view = await x.pam.getSession(
      new Request(`${x.served.url}/`, { headers: { cookie: `${COOKIE}=${b.cookie}` } }),
    );
    expect(view.initial.status).toBe('signedOut');
    expect(view.headers.getSetCookie()).toEqual([]);
    const login = await b.login(email, password);
    expect(login.status).toBe(200);
    expect(await liveAtApi(ref.server.url, b.cookie!)).toBe(true);
  });
});
