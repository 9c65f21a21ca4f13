// Review 64 (against 420b6014), sign-out.ts: a logout of a login read as live whose `end:` read
// failed now marks the lineage with its OWN id even over another logout's mark within its window
// (`(!ended || unread || live) && end(lineage, ..., by, ...)`, then `close`, which sees its own mark).
// Before 420b6014 (9432d33f) a marked lineage was left as it was. Severity: LOW (a lockout within
// the window, one key's read failing; the mirror of review 63's unread-end-try-two-not-known, made
// by its fix).
// Scenario: the browser holds C1 (L1, second login of lineage X). Its browser-client logout A, try
// .1, ends L1 on Y: X marked as A.1, 204, the answer lost (the jar keeps C1). Another tab's "Sair"
// form post B (no `X-Pam-Logout`, id '') with C1 (sent before) reaches X while X's `end:<L1>` read fails: L1 read as live, X's mark (A.1)
// read: walked, L1 ended, cookie kept, and X marked as B's ('', then `close`d so). The browser
// client's try .2 of A comes: X's mark is B's, so it is not `again`; it names a login the cookie
// no longer holds: 401, C1 kept. The review-53 contract (a later try of the logout that ended the
// login clears it at once) is broken: the browser's next login with C1 is refused for the window.
// Control: B's `end:` read answers (L1 read ended: X's mark untouched): A's try .2 clears C1.
// Invariant touched: (5) a lost logout answer's retry does not unlock the browser (a login refused
// for ~60 s after B's answer: within the bound, but the retry contract broken by a one-key fault).
// Fault: sign-out.ts marks a `live` lineage with `by` whatever `ended` holds. Fix: when `ended` is
// another logout's mark within its window (`inWindow(ended, arrivedAt, 'either')`, `ended.by !== by`),
// mark it as `CONTESTED` or leave it (and `close` only when it was unmarked or old): only an old mark
// (past its window: review 63's case) needs this logout's own id.
import { describe, expect, it } from 'vitest';
import { failing, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(bReadsEnd: 'answers' | 'fails') {
  const shared = sharedStore(clock);
  const fault = { key: '' };
  const y = await pam({ store: shared });
  const x = await pam({ store: failing(shared, { get: (key) => key === fault.key }) });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(y.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  const logout = (url: string, id: string | null) => {
    const tab = new Browser(url);
    tab.cookie = c1;
    const client = { 'x-pam-client': '1', 'x-pam-login': l1.loginId, 'x-pam-logout': id ?? '' };
    return tab
      .call('POST', '/pam/auth/logout', undefined, id === null ? {} : client)
      .then((r) => ({ status: r.status, cleared: tab.cookie === null }));
  };
  expect((await logout(y.served.url, 'logout-a123456789abcdef.1')).status).toBe(204); // lost
  await settle();
  clock.now += 1_000;
  if (bReadsEnd === 'fails') fault.key = `end:${l1.loginId}`;
  const outB = await logout(x.served.url, null); // the "Sair" form post
  fault.key = '';
  expect(outB).toEqual({ status: 204, cleared: false });
  await settle();
  clock.now += 5_000;
  return logout(y.served.url, 'logout-a123456789abcdef.2');
}

describe("try .2 of a lost logout, after another tab's logout of the same cookie", () => {
  it("control: B read L1's end: try .2 is A's own, C1 cleared", async () => {
    expect(await scenario('answers')).toEqual({ status: 204, cleared: true });
  });
  // Mended in d2886efc by marking the lineage again with A's id and try number; review 65 showed that
  // borrowed id let A's stale try clear a login made since (HIGH, MEDIUM). Now B marks A's mark in
  // its window as nobody's (as two logouts' answers do, review 59): A's later try is refused and the
  // browser waits out the window (~60 s, bounded). Left as an expected failure, the cost chosen.
  it.fails("B could not read L1's end: try .2 is still A's own", async () => {
    expect(await scenario('fails')).toEqual({ status: 204, cleared: true });
  });
});
