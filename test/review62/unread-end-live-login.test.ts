// Review 62's mend (unread-end-reads-ended-cookie-live), from the other side: a logout whose read of
// the cookie's login's end (`end:`) fails, the login live. The logout then reads the lineage's mark
// as well. Unmarked (no logout ever ended the lineage, so no login went on to a successor): a first
// logout, the cookie cleared at once, as before the mend (the browser signs in again at once). Marked
// by an old logout (a live login that joined its lineage past the window): walked as an ended one,
// the login ended all the same; the cookie is kept (it may be a successor's), reads as signed out,
// and a login sent with it passes once the window is over (as after a logout whose answer was lost).
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(mark: 'none' | 'old') {
  const shared = sharedStore(clock);
  const fault = { key: '' };
  const faulty = failing(shared, { get: (key) => key === fault.key });
  const y = await pam({ store: shared });
  const x = await pam({ store: faulty });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const session = await openCookie(b.cookie!);
  if (mark === 'old') {
    // A logout that ended this lineage before the login joined it, past its window.
    const at = clock.now - 2 * IN_FLIGHT_MS;
    await shared.set(
      `out:${lineageOf(session as never)}`,
      `${at} logout-fedcba9876543210 1 ${at}`,
      3_600_000,
    );
  }
  clock.now += 1_000;
  fault.key = `end:${session.loginId}`;
  const onX = new Browser(x.served.url);
  onX.cookie = b.cookie;
  const out = await onX.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': session.loginId,
    'x-pam-logout': 'logout-0a1b2c3d4e5f6789.1',
  });
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
  });
  const clearedByLogout = onX.cookie === null;
  fault.key = '';
  const next = await onX.call('GET', '/pam/session');
  clock.now += IN_FLIGHT_MS + 1_000;
  const again = await onX.login(email, password);
  return {
    logout: out.status,
    tokenAtApi: api.status,
    clearedByLogout,
    next: (next.json as { status?: string }).status,
    loginAfterWindow: again.status,
  };
}

describe("a logout that cannot read its login's end, the login live", () => {
  it('its lineage never ended: a first logout, the cookie cleared at once', async () => {
    expect(await scenario('none')).toEqual({
      logout: 204,
      tokenAtApi: 401,
      clearedByLogout: true,
      next: 'signedOut',
      loginAfterWindow: 200,
    });
  });
  it('its lineage marked by an old logout: the login ended, its cookie kept, signed out', async () => {
    expect(await scenario('old')).toEqual({
      logout: 204,
      tokenAtApi: 401,
      clearedByLogout: false,
      next: 'signedOut',
      loginAfterWindow: 200,
    });
  });
});
