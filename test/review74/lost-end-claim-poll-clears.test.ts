// Review 74 (against be37dd99), context.ts `decideLine` / rotation.ts `endedBefore`: a clearing
// call (a tab's poll the API answered 401) asks only the `fin:` claim whether an ending came first;
// when the claim wins it clears, whatever `end:` says. An ending whose own `fin:` claim failed (one
// store blip on the instance of the logout) but whose `end:` was written leaves `fin:` free: the
// late poll takes it and answers Max-Age=0, deleting the cookie of a login made since.
// Severity: MEDIUM (one store fault, a claim rejected, on a healthy store otherwise; a live login
// left without its cookie, its token live at the API). REGRESSION: passes on cbad7e0e (there the
// poll read `end:<L1>`, written by the logout, and set no Set-Cookie).
// Scenario: the browser holds C1 (L1). A tab's poll P (user-profile) reaches Y and is held at the
// API. The player logs out on X, whose claims fail (`fin:` rejected): L1 ended (`end:` written,
// token revoked), 204 clears C1. The player signs in again: C2 (L2). P's API call goes out, 401
// (L1's token revoked): Y's `endedBefore` claims `fin:<L1>`, wins, answers Max-Age=0: C2 deleted.
// Control: X's claims answer: the logout holds `fin:<L1>`, P sets no Set-Cookie, C2 kept.
// Suggested fix: in `endedBefore`, ended before when the claim lost OR `end:` reads present (read
// beside the claim: no deadline more); a claim that wins over a written `end:` is a claim some
// ending failed to take, never the first ending.
import { describe, expect, it } from 'vitest';
import type { PamSessionStore } from '../../src/server/types';
import { sendLogout, sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { until } from '../support/event-loop';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

async function scenario(xClaims: 'answer' | 'fail') {
  const shared = sharedStore(clock);
  const onX: PamSessionStore = {
    get: (k) => shared.get(k),
    set: (k, v, t) => shared.set(k, v, t),
    claim: (k, v, t) =>
      xClaims === 'fail' && k.startsWith('fin:') ? Promise.reject(new Error('blip')) : shared.claim(k, v, t),
  };
  const held: (() => void)[] = [];
  const yFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (new URL(url).pathname.endsWith('/auth/user-profile')) await new Promise<void>((go) => held.push(go));
    return fetch(input, init);
  }) as typeof fetch;
  const x = await pam({ store: onX });
  const y = await pam({ store: shared, fetch: yFetch });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(x.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const l1 = await openCookie(c1);
  // The tab's poll, sent with C1, held at the API on Y.
  const tab = new Browser(y.served.url);
  tab.cookie = c1;
  const poll = tab.call('GET', '/pam/auth/user-profile');
  await until(() => held.length > 0, 'the poll reached the API');
  expect(held.length).toBe(1);
  clock.now += 1_000;
  expect(await sendLogout(x.served.url, c1, l1.loginId, 'logout-a123456789abcdef.1')).toEqual({
    status: 204,
    clears: true,
  });
  b.cookie = null;
  clock.now += 1_000;
  expect((await b.login(email, password)).status).toBe(200); // C2
  const l2 = await openCookie(b.cookie!);
  held.shift()!();
  const answered = await poll;
  await settle();
  const clearsC2 = answered.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
  const api = await fetch(`${ref.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${l2.token}`, accept: 'application/json' },
  });
  return { pollStatus: answered.status, clearsC2, l2Live: api.status === 200 };
}

describe("a tab's poll answered 401 after a logout whose fin: claim failed", () => {
  it('control: the logout took fin: — the poll sets no cookie, C2 kept', async () => {
    expect(await scenario('answer')).toEqual({ pollStatus: 401, clearsC2: false, l2Live: true });
  });
  it("the logout's fin: claim failed — the poll still sets no cookie (end: was written)", async () => {
    expect(await scenario('fail')).toEqual({ pollStatus: 401, clearsC2: false, l2Live: true });
  });
});
