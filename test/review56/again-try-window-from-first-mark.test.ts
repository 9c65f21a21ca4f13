// Review 56 (against 41f19f41), sign-out.ts `logout`, the branch answering a logout's own try after
// no answer (`again`): it ends the lineage's logins again and clears the cookie, "the mark left as it
// is". 2d7e4ca1's rule is that the in-flight window (IN_FLIGHT_MS) counts from when the logout's
// answer leaves (the mark written again after the revokes), yet when the first try's instance
// stalled/died after its first mark (review 55's case: a deploy, a load balancer cutting a slow
// request at 60 s), the only answer that leaves is the retry's, and the mark keeps try 1's start.
// A call sent with the old cookie before the retry's answer, arriving just after, is then judged
// "ended long before" and answered Max-Age=0: it deletes the cookie of a login made since (the
// review 54 slow-logout-window harm, through the retry).
// Suggested fix: in the `again` branch, write the mark again after `endLogins` with the same id
// (`parts.lineages.end(lineage, until, by)`): it is the same logout, its window its own.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { until } from '../support/event-loop';
import { stallingStore } from '../support/stalling-store';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe("a logout's retry after its first try stalled a while on another instance", () => {
  it('a call in flight across the retry’s answer leaves a newer login’s cookie alone', async () => {
    const { shared, stalling, stall } = stallingStore(() => clock.now, 'rot:');
    const x = await pam({ store: stalling });
    const y = await pam({ store: shared });
    const bx = new Browser(x.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await bx.login(email, password)).status).toBe(200);
    const c1 = bx.cookie!;
    const { loginId } = await openCookie(c1);
    const headers = {
      'x-pam-client': '1',
      'x-pam-login': loginId,
      'x-pam-logout': 'logout-0123456789abcdef.2', // (the retry; try 1 names `.1`)
    };
    stall.on = true;
    void bx
      .call('POST', '/pam/auth/logout', undefined, {
        ...headers,
        'x-pam-logout': 'logout-0123456789abcdef.1',
      })
      .catch(() => {});
    await until(() => stall.hit, 'try 1 marked and stalled');
    // Try 1 hangs 55 s, then its connection is cut (`network`): the client's retry, at once, on Y.
    clock.now += IN_FLIGHT_MS - 5_000;
    const by = new Browser(y.served.url);
    by.cookie = c1;
    const retry = await by.call('POST', '/pam/auth/logout', undefined, headers);
    expect(retry.status).toBe(204);
    expect(by.cookie).toBeNull();
    // Another page signs in (no cookie: a lineage of its own) a second later.
    clock.now += 1_000;
    expect((await by.login(email, password)).status).toBe(200);
    const c2 = by.cookie!;
    // A profile read another tab sent with C1 before the retry's answer came, reaching Y now (9 s
    // after the logout's only answer left, 64 s after try 1's first mark).
    clock.now += 8_000;
    const late = await by.call('GET', '/pam/auth/user-profile', undefined, {
      cookie: `__Host-pam-session=${c1}`,
    });
    // Fails on 41f19f41 with { status: 401, clears: true, kept: false }.
    expect({
      status: late.status,
      clears: /Max-Age=0/.test(late.headers.getSetCookie().join('\n')),
      kept: by.cookie === c2,
    }).toEqual({ status: 401, clears: false, kept: true });
  });
});
