// Review 74 (against be37dd99), rotation.ts `endedBefore`: a call whose answer clears its cookie
// (the API's 401) now claims `fin:` and, only once that claim has failed, reads `end:`: one after
// the other. On a store that stalls (REVIEW-S S-2), the claim fails at its deadline (`STORE_MS`,
// 1 s), then the read waits out a second one: the answer (the typed 503) takes ~2 s where
// cbad7e0e's took ~1 s (its one `end:` read). The docs say the claims come "beside the reads: no
// store deadline more".
// Severity: LOW (latency only, on a stalled store; the answer is the same 503).
// REGRESSION: on cbad7e0e the same call answers after one deadline.
// Scenario: a tab's poll with C1 is held at the API; the store's shard holding `fin:`/`end:` then stalls; the API answers 401
// (the token revoked at the API directly): `decideLine` -> `endedBefore` -> claim (1 s) -> read (1 s).
// Control: the store answers: the poll answers at once, cookie cleared.
// Suggested fix: start the `end:` read beside the claim (Promise.all), use it when the claim is
// null; or, better, see the suggestion of lost-end-claim-poll-clears (ended before = claim lost OR
// `end:` read present), which reads both together anyway.
import { describe, expect, it } from 'vitest';
import type { PamSessionStore } from '../../src/server/types';
import { sharedStore } from '../server/faulty-store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';
import { turns, until } from '../support/event-loop';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function scenario(store: 'answers' | 'stalls') {
  const shared = sharedStore(clock);
  const fault = { stalled: false };
  const never = new Promise<never>(() => {});
  // (The shard holding the login's ending keys stalls; `rot:` answers. Its calls are recorded.)
  const onShard = (k: string) => k.startsWith('fin:') || k.startsWith('end:');
  const calls: string[] = [];
  const stalls = (call: string, k: string) => {
    if (!fault.stalled || !onShard(k)) return false;
    calls.push(`${call} ${k.slice(0, 4)}`);
    return true;
  };
  const stalling: PamSessionStore = {
    get: (k) => (stalls('get', k) ? never : shared.get(k)),
    set: (k, v, t) => (stalls('set', k) ? never : shared.set(k, v, t)),
    claim: (k, v, t) => (stalls('claim', k) ? never : shared.claim(k, v, t)),
  };
  const held: (() => void)[] = [];
  const upFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname.endsWith('/auth/user-profile')) await new Promise<void>((go) => held.push(go));
    return fetch(input, init);
  }) as typeof fetch;
  const x = await pam({ store: stalling, fetch: upFetch });
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(x.served.url);
  expect((await b.login(email, password)).status).toBe(200);
  const l1 = await openCookie(b.cookie!);
  const poll = b.call('GET', '/pam/auth/user-profile');
  await until(() => held.length > 0, 'the poll reached the API');
  // The token ends at the API (the API's own logout): the poll will be answered 401.
  await fetch(`${ref.server.url}/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${l1.token}`, accept: 'application/json' },
  });
  fault.stalled = store === 'stalls';
  held.shift()!();
  // The store's steps of the clearing, beside each other: once the first stalls, the other is
  // asked within a few turns of the event loop, not after the first's deadline (1 s).
  let together = true;
  if (store === 'stalls') {
    await until(() => calls.length > 0, 'the clearing reached the store');
    await turns(20);
    together = calls.includes('claim fin:') && calls.includes('get end:');
  }
  const answered = await poll;
  return { status: answered.status, together };
}

describe("a clearing call's store steps on a store that stalls", () => {
  it('control: the store answers — 401 at once', async () => {
    expect(await scenario('answers')).toEqual({ status: 401, together: true });
  });
  it('the store stalls — its claim and its read asked together (one store deadline, not two)', async () => {
    expect(await scenario('stalls')).toEqual({ status: 503, together: true });
  });
});
