// Review 57 (against 349d0658). Rules 2 and 4 together: the browser kept C1 (its logout's answer
// lost), and past `IN_FLIGHT_MS` a login sent with C1 is sealed as a lineage of its OWN (sign-in.ts),
// linked to C1's by nothing. The player then clicks a form-post "Sair" (no id, no login named) while
// that login is in flight (both sent with C1, the login reaching the proxy first): the logout finds
// C1's lineage ended already, clears the cookie and revokes nothing (rule 4). The lineage rule "a
// logout ends every login of the browser's lineage, answered or in flight" no longer holds: the 204
// leaves the login made with C1 live at the API; by the answers' order the browser then either
// holds no cookie over a live token, or holds C2 (the login's answer after the logout's): signed in
// after "signed out".
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe('a form-post logout in flight with a login sent with a kept ended cookie', () => {
  it('ends that login too', async () => {
    const fx = await pam();
    // The client's logout ends L1; its answer is lost (the jar keeps C1).
    const { b, c1, email, password } = await keptEndedCookie(fx.served.url, ref);
    clock.now += IN_FLIGHT_MS + 5_000;
    // A login and a form-post logout, both sent with C1; the login reaches the proxy first.
    const tabLogin = new Browser(fx.served.url);
    tabLogin.cookie = c1;
    const login = await tabLogin.login(email, password);
    expect(login.status).toBe(200);
    const { token: t2 } = await openCookie(tabLogin.cookie!);
    const form = await b.call('POST', '/pam/auth/logout', undefined, {
      cookie: `__Host-pam-session=${c1}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(204);
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
    });
    // Fails on 349d0658: the login sent with C1 alongside the logout is live at the API after its 204.
    expect({ t2LiveAtApi: api.status === 200 }).toEqual({ t2LiveAtApi: false });
  });
});
