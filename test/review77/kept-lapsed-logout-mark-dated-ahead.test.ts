// Review 77 (against a636c4e3), sign-out.ts: a logout with the cookie of a login past its idle end
// that meets a clearing answer's hold (`onTheWire`, new in df3f0fdf) keeps the cookie (204, no
// Set-Cookie: as designed), but its lineage mark is left as first written, dated AHEAD
// (`ahead` = now + 2 x timeoutMs + 8 s = +38 s by default): only a logout that clears (or a live
// login's) marks it again as its answer leaves (`close`). Every login sent with the kept cookie is
// then refused (`refuses`: IN_FLIGHT_MS from the mark's time) until ~98 s after the logout's answer
// reached the browser, ~100 s after the only clearing answer that could be on the wire (whose
// hold lapsed at 60 s). Before df3f0fdf that logout cleared (and `close`d the mark): no refusal.
// The brief's rule: "a login refused for up to IN_FLIGHT_MS = 60 s ... nothing longer".
// Scenario: L1 past its idle end. Tab 1's poll: cleared, holding `fin:` (its answer lost: the tab
// was closed). 1 s later the player signs out (the browser client's logout, or a form post): 204,
// the cookie kept. 61 s after that answer (62 s after the poll) the player signs in: refused
// (`pam: 'signed_out'`), and still at +97 s; accepted at +99 s.
// Severity: LOW-MEDIUM (liveness: a lockout of ~100 s after a delivered logout answer).
// Suggested fix: a logout that keeps the cookie marks the lineage again as its answer leaves too
// (`close`, as a live login's logout does: `if (lineage && (clears || live || onTheWire))`), or
// dates its first mark `now` when it keeps (its answer clears nothing, so no login made since can
// be cleared by it).
import { describe, expect, it } from 'vitest';
import { sharedStore } from '../server/faulty-store';
import {
  Browser,
  clearsCookie,
  liveAtApi,
  openCookie,
  type TestClock,
  usePamPerTest,
} from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);
describe.each([
  ['without a store', false],
  ['with a store', true],
])('a lapsed login’s logout kept over a clearing hold (%s)', (_, withStore) => {
  it.each([
    ['the browser client’s', { 'x-pam-client': '1', 'x-pam-logout': 'logout-000000000001.1' }],
    ['a form post', {}],
  ] as const)('%s logout: a login 61 s after its answer is accepted', async (_, headers) => {
    const x = await pam(withStore ? { store: sharedStore(clock) } : {});
    const { email, password } = ref.server.seed.plain;
    const b = new Browser(x.served.url);
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 2 * 3_600_000 + 1_000; // past the idle end
    const l1 = b.cookie!;
    const tab1 = new Browser(x.served.url);
    tab1.cookie = l1;
    expect(clearsCookie(await tab1.call('GET', '/pam/auth/user-profile'))).toBe(true); // its answer lost
    clock.now += 1_000;
    const logout = await b.call('POST', '/pam/auth/logout', undefined, {
      ...headers,
      ...('x-pam-logout' in headers ? { 'x-pam-login': (await openCookie(l1)).loginId } : {}),
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie()).toEqual([]); // as designed: the poll's answer may be on the wire
    expect(b.cookie).toBe(l1);
    clock.now += 61_000; // 62 s after the clearing answer: nothing can be on the wire
    const login = await b.login(email, password);
    expect({ status: login.status, pam: (login.json as { pam?: string } | undefined)?.pam }).toEqual({
      status: 200,
      pam: undefined,
    });
    expect(await liveAtApi(ref.server.url, b.cookie!)).toBe(true);
  });
});
