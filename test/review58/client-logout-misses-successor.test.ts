// Review 58 (against 3bcb9ac3), sign-out.ts `logout`: review 57's form-logout-misses-fresh-lineage,
// with the browser client's logout instead of a form post. The browser kept C1 (its logout's answer
// lost); past `IN_FLIGHT_MS` a login sent with C1 joins the successor lineage `X+` and is sealed. A
// logout sent with C1 alongside it (another tab's "Sair", a new logout id), reaching the proxy after
// the login, is answered 204 but ends nothing: the successor loop runs only for a logout with no id
// (`ended && !by`). The login made with C1 is live at the API after the 204, and its answer (after
// the logout's) signs the browser in again. The form post (control) ends it.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { keptEndedCookie } from '../server/kept-cookie';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(kind: 'form' | 'client') {
  const fx = await pam();
  const { b, c1, email, password } = await keptEndedCookie(fx.served.url, ref);
  clock.now += IN_FLIGHT_MS + 5_000;
  const tabLogin = new Browser(fx.served.url);
  tabLogin.cookie = c1;
  expect((await tabLogin.login(email, password)).status).toBe(200);
  const { token: t2 } = await openCookie(tabLogin.cookie!);
  const headers: Record<string, string> =
    kind === 'form'
      ? { cookie: `__Host-pam-session=${c1}`, 'content-type': 'application/x-www-form-urlencoded' }
      : {
          cookie: `__Host-pam-session=${c1}`,
          'x-pam-client': '1',
          'x-pam-logout': 'logout-fedcba9876543210.1',
        };
  const second = await b.call('POST', '/pam/auth/logout', undefined, headers);
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
  });
  return { status: second.status, t2LiveAtApi: api.status === 200 };
}

describe('a logout in flight with a login sent with a kept ended cookie', () => {
  it('control: a form post ends the login', async () => {
    expect(await scenario('form')).toEqual({ status: 204, t2LiveAtApi: false });
  });
  it("the browser client's logout (a new id) ends it too", async () => {
    // Fails on 3bcb9ac3 with { status: 204, t2LiveAtApi: true }.
    expect(await scenario('client')).toEqual({ status: 204, t2LiveAtApi: false });
  });
});
