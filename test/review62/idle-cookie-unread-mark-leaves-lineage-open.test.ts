// Review 62 (against 2330acb0), sign-out.ts `logout`: an unreadable mark is "ended just now by no
// logout known" (`.catch(() => ({ at: now, by: CONTESTED, ... }))`), and then `if (!ended)` skips
// the lineage's own mark. Severity: MEDIUM.
// Scenario: one instance with a store. The player signs in (C1, lineage L) and leaves the page idle
// past `cookie.idleMs`: C1 is lapsed (no logout ended it; `call.session` null, the login still the
// cookie's own to end). Back, the player presses "Sair" (the browser client: naming login 1, try .1)
// while a login with C1 is in flight (another tab, or the kept-login flow); the logout's read of
// `out:L` fails (one key's shard failing over). Review 61's rule reads that as "ended just now by
// no logout known": the cookie kept, the eight successors walked, but L itself is never marked,
// though no logout ever ended it. The login, arriving just after, joins L, reads no mark, and is
// sealed: its answer (after the logout's 204) sets C2, live. Before review 61 the failed read was
// "never ended" and the logout marked L (this is a regression of that fix for a lapsed cookie).
// Control: the read answers: the logout marks L, the login in flight is refused (401 signed_out).
// Invariants broken: (4) a login racing a logout of its lineage is left live; (3) a live token after
// the browser's last logout.
// Fault: sign-out.ts, `if (!ended) await parts.lineages.end(...)`: the stand-in mark for an
// unreadable one is not written. Fix: when the mark could not be read, still mark the lineage
// ended (as nobody's, `CONTESTED`, dated ahead: no try is then known as its logout's), then walk.
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const IDLE_MS = 120_000;
const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(read: 'answers' | 'fails') {
  const shared = sharedStore(clock);
  const fault = { key: '' };
  const store = failing(shared, { get: (key) => key === fault.key });
  const fx = await pam({ store, cookie: { idleMs: IDLE_MS } });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(fx.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const first = await openCookie(c1);
  const lineage = lineageOf(first as never);
  clock.now += IDLE_MS + 5_000; // C1 lapsed (idle), ended by no logout
  // "Sair" (the browser client's, naming login 1), its `out:L` read failing or not.
  if (read === 'fails') fault.key = `out:${lineage}`;
  const tab = new Browser(fx.served.url);
  tab.cookie = c1;
  const out = await tab.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': first.loginId,
    'x-pam-logout': 'logout-aa23456789abcdef.1',
  });
  expect(out.status).toBe(204);
  fault.key = '';
  await settle();
  clock.now += 500;
  // The login sent with C1 before the logout's answer came, arriving just after it.
  const other = new Browser(fx.served.url);
  other.cookie = c1;
  const login = await other.login(email, password);
  await settle();
  let liveAfterLogout = false;
  if (login.status === 200 && other.cookie && other.cookie !== c1) {
    const l2 = await openCookie(other.cookie);
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
    });
    liveAfterLogout = api.status === 200;
  }
  return { login: login.status, liveAfterLogout };
}

describe('a login in flight across the logout of an idle cookie', () => {
  it("control: L's mark is read: the login is refused", async () => {
    expect(await scenario('answers')).toEqual({ login: 401, liveAfterLogout: false });
  });
  it("the logout cannot read L's mark: the login is refused too", async () => {
    expect(await scenario('fails')).toEqual({ login: 401, liveAfterLogout: false });
  });
});
