// Review 60 (against f7fca53d), sign-out.ts `logout`, the successor walk (`parts.lineages.end(next,
// until)`: its window counts from the walk's time, `now`) + no `close` for an answer that keeps the
// cookie. Severity: MEDIUM.
// Scenario: the browser kept C1 (lineage X) after its logout's answer was lost. 65 s on, tab A signs
// in with C1: L2 joins the successor X+ (jar: C2). Tab B's "Sair", sent with C1 before that login's
// answer came (a new id), reaches the proxy after it: X ended, so it walks X+ (marks it ended at
// its arrival, t), finds L2 and revokes it; the API is slow (30 s). The answer (204, the cookie kept,
// as the rules say for another logout's id) leaves at t+30. A login sent with C2 before that answer
// came (the player pressed "Entrar" again) arrives at t+62 (32 s after the answer: within the 60 s
// in-flight window): X+'s mark, dated t, is "60 s old" by both clocks (its `win:` key expired), so
// `joinedBy` sends it on to X++, where it is sealed: 200, signed in, a login racing the logout of
// its own lineage left live.
// Control: the same timing when the logout is the browser's own fresh logout of C2 (its first mark
// dated the latest its answer can leave, then re-marked as it leaves): the login is refused 401.
// Invariant broken: (4) a login racing a logout of its lineage (a successor step) is never left live.
// Fault: sign-out.ts, the walk: `await parts.lineages.end(next, until)` takes `at = now`, not the
// latest the answer can leave (`parts.now() + 2 * timeoutMs + 8_000`, as the first mark), and an
// answer that does not clear writes no second mark (`clears` false: no `close`/`end`). Fix: date
// each step's mark as the first mark is, and re-mark the walked steps as the answer leaves (whether
// or not it clears the cookie).
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(logoutWith: 'kept C1' | 'C2') {
  const gate = { armed: false, reached: () => {}, release: () => {} };
  const fx = await pam({
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (gate.armed && new URL(url).pathname.endsWith('/auth/logout')) {
        gate.armed = false;
        const held = new Promise<void>((r) => {
          gate.release = r;
        });
        gate.reached();
        await held;
      }
      return fetch(input, init);
    },
  });
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const lost = new Browser(fx.served.url);
  lost.cookie = c1;
  expect(
    (
      await lost.call('POST', '/pam/auth/logout', undefined, {
        'x-pam-client': '1',
        'x-pam-login': loginId,
        'x-pam-logout': 'logout-0123456789abcdef.1',
      })
    ).status,
  ).toBe(204);
  clock.now += IN_FLIGHT_MS + 5_000;
  // Tab A signs in with the kept C1: L2, in X+.
  expect((await b.login(email, password)).status).toBe(200);
  const c2 = b.cookie!;
  expect(c2).not.toBe(c1);
  clock.now += 500;
  // The logout, its revoke held 30 s by a slow API.
  const reached = new Promise<void>((r) => {
    gate.reached = r;
  });
  gate.armed = true;
  const tab = new Browser(fx.served.url);
  tab.cookie = logoutWith === 'kept C1' ? c1 : c2;
  const out = tab.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-logout': 'logout-fedcba9876543210.1',
  });
  await reached;
  clock.now += 30_000;
  gate.release();
  expect((await out).status).toBe(204);
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  // A login sent with C2 before that answer came, arriving 32 s after it.
  clock.now += 32_000;
  const late = new Browser(fx.served.url);
  late.cookie = c2;
  const answer = await late.login(email, password);
  return { status: answer.status, sealed: late.cookie !== c2 && late.cookie !== null };
}

describe('a login sent before the answer of a logout that ended its lineage, arriving 32 s after it', () => {
  it("control: the browser's own logout of C2: refused", async () => {
    expect(await scenario('C2')).toEqual({ status: 401, sealed: false });
  });
  it('a logout with the kept C1 that walked to X+ (ending L2): refused too', async () => {
    expect(await scenario('kept C1')).toEqual({ status: 401, sealed: false });
  });
});
