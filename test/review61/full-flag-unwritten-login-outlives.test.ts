// Review 61 (against b13c3fee), lineage.ts `join` (`await written(store, 'lin:<X>:more', ...)`,
// its result ignored) + sign-in.ts (the login goes on to the next step). Severity: MEDIUM.
// Scenario: one browser signs in, then 32 times with its cookie (lineage X full: 32 slots; its first
// login, made with no cookie, takes none). The next login with its cookie ("L33") finds X
// full, flags it `lin:X:more` (the store does not take that one write: a failing/lost key), and
// goes on to X+: sealed, jar C33. A logout from another tab, sent with C32 before L33's answer
// came, arrives after it: X not ended, so it is a first logout of X: it marks X, reads X's
// logins, finds no `more` flag, never walks X+, and clears the cookie: C33 deleted while L33 is
// live (its token live at the API, no cookie left to end it).
// Control: the flag is written: the logout walks X+ and revokes L33.
// Invariants broken: (4) a login racing a logout of its lineage left live; (1) an answer clears a
// cookie while its login is live; (5) a store failing one key.
// Fault: lineage.ts `join`: the `more` flag's write is best effort, yet the login goes on to a step
// no logout finds without it. Fix: fail closed: when the flag's write is not taken, `join`
// reports it and the login is refused (its token revoked), as a login whose lineage cannot be
// recorded; or record the overflow where the logout reads anyway (e.g. mark `lin:X+:from`).
import { describe, expect, it } from 'vitest';
import { lineageOf } from '../../src/server/lineage';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(flag: 'written' | 'failed') {
  const shared = sharedStore(clock);
  const store = failing(shared, { set: (key) => flag === 'failed' && key.endsWith(':more') });
  const fx = await pam({ store });
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const x = lineageOf((await openCookie(b.cookie!)) as never);
  for (let i = 2; i <= 33; i++) {
    clock.now += 1_000;
    expect((await b.login(email, password)).status).toBe(200);
  }
  const c32 = b.cookie!;
  expect(lineageOf((await openCookie(c32)) as never)).toBe(x);
  clock.now += 1_000;
  const login33 = await b.login(email, password);
  // (Mended: a flag the store does not take fails the login, `503`, its token revoked, no cookie.)
  if (flag === 'failed') return { refused: login33.status, jarKept: b.cookie === c32 };
  expect(login33.status).toBe(200);
  const l33 = await openCookie(b.cookie!);
  expect(lineageOf(l33 as never)).toBe(`${x}+`);
  clock.now += 1_000;
  // The other tab's logout, sent with C32 before L33's answer came.
  const out = await b.call('POST', '/pam/auth/logout', undefined, {
    cookie: `__Host-pam-session=${c32}`,
    'x-pam-client': '1',
    'x-pam-logout': 'logout-cc23456789abcdef.1',
  });
  expect(out.status).toBe(204);
  await settle();
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l33.token}`, accept: 'application/json' },
  });
  return { l33Live: api.status === 200, jarCleared: b.cookie === null };
}

describe('a logout with C32 arriving after the 33rd login went on to X+', () => {
  it('control: the full flag written: L33 revoked', async () => {
    expect(await scenario('written')).toEqual({ l33Live: false, jarCleared: true });
  });
  it("the store fails the flag's write: L33 refused (503, nothing sealed)", async () => {
    expect(await scenario('failed')).toEqual({ refused: 503, jarKept: true });
  });
});
