// Review 57 (against 349d0658). Rule 2's window (`endedLongBefore`) compares the mark's time, written
// by the logout's instance with ITS clock, against the login's arrival read with the other
// instance's clock. Instance Y 30 s ahead of X (no NTP, a container's drifting clock): a login sent
// with the old cookie while the logout ran, arriving on Y 31 s after X answered the logout, is
// judged "ended 61 s ago" and sealed as a lineage of its own: signed in again after the 204.
// (And the reverse skew on a try of the logout: Y behind, `again` holds past 60 s of real time.)
// Forty-seventh pass: the window is kept by the store's clock too (lineage.ts `win:<lineage>`, its
// TTL the window's end; `inWindow`): a login is refused while either clock says the window is open,
// a try is known as its logout's only while both do. (Both tests failed on 0e467bac.)
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('two instances whose clocks differ by 30 s', () => {
  it('a login in flight across the logout is not sealed on the instance ahead', async () => {
    const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
    const x = await pam({ store: shared });
    const y = await pam({ store: shared, now: () => clock.now + 30_000 });
    const b = new Browser(x.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    expect((await b.call('POST', '/pam/auth/logout', undefined, { 'x-pam-client': '1' })).status).toBe(204);
    expect(b.cookie).toBeNull();
    // A login another tab sent with C1 before that 204 came, reaching Y 31 s after it.
    clock.now += 31_000;
    const tab = new Browser(y.served.url);
    tab.cookie = c1;
    const late = await tab.login(email, password);
    // Fails on 349d0658 with { status: 200, sealed: true }.
    expect({ status: late.status, sealed: tab.cookie !== c1 && tab.cookie !== null }).toEqual({
      status: 401,
      sealed: false,
    });
  });

  it("a logout's try held past the window is not taken for it on the instance behind", async () => {
    const shared = unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
    const x = await pam({ store: shared });
    const y = await pam({ store: shared, now: () => clock.now - 30_000 });
    const b = new Browser(x.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    const { loginId } = await openCookie(c1);
    const headers = { 'x-pam-client': '1', 'x-pam-login': loginId };
    const id = 'logout-0123456789abcdef';
    // Try 1 answered (its answer lost); try 2, sent at once, is held on the wire 70 s.
    const first = await b.call('POST', '/pam/auth/logout', undefined, {
      ...headers,
      'x-pam-logout': `${id}.1`,
    });
    expect(first.status).toBe(204);
    // Another page signs in meanwhile (no cookie: a lineage of its own).
    clock.now += 1_000;
    expect((await b.login(email, password)).status).toBe(200);
    clock.now += 69_000;
    // Try 2 reaches Y (40 s by its clock), the jar holding the new login's cookie since.
    const late = await new Browser(y.served.url).call('POST', '/pam/auth/logout', undefined, {
      ...headers,
      'x-pam-logout': `${id}.2`,
      cookie: `__Host-pam-session=${c1}`,
    });
    // Fails on 0e467bac with { status: 204, clears: true }: the new login's cookie deleted.
    expect({ status: late.status, clears: /Max-Age=0/.test(late.headers.getSetCookie().join('\n')) }).toEqual(
      {
        status: 401,
        clears: false,
      },
    );
  });
});
