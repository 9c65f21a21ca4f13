// Review 143: `createServerSessionClient` made again and again in one page (the same `fetch`, the
// same prefix; no localStorage), seeded with one login under a one-minute daily limit, and a second
// page (another `fetch`) beside it. Generated opens, stops, remounts and play time. Checked: a
// page's play time never goes under what an earlier client of that page showed, a page past the
// limit is never free to bet, and the other page does not share the count (never more than the
// time since its first client).

import fc from 'fast-check';
import type { PamSessionSeed } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { PamClock } from '../../machines/clock';
import { createServerSessionClient, playTime } from '../../machines/index';
import { DAY, NOON, S } from '../server-session/seeded-client';
import { answeredUserInfo } from '../support/answered-user-info';
import { manualTimers } from '../support/manual-timers';

const ONE_MINUTE = { user_limit_time: 1, user_limit_time_active: 1, user_limit_time_period: 'daily' };
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

type Cmd = { k: 'open'; page: 0 | 1 } | { k: 'stop'; page: 0 | 1 } | { k: 'play'; s: number };
const command: fc.Arbitrary<Cmd> = fc.oneof(
  fc.constantFrom(0 as const, 1 as const).map<Cmd>((page) => ({ k: 'open', page })),
  fc.constantFrom(0 as const, 1 as const).map<Cmd>((page) => ({ k: 'stop', page })),
  fc.integer({ min: 1, max: 20 }).map<Cmd>((s) => ({ k: 'play', s })),
  fc.integer({ min: 1, max: 20 }).map<Cmd>((s) => ({ k: 'play', s })),
);

/** A fetch that never answers (the seed is the page's own): one per page. */
const pageFetch = () =>
  ((_: RequestInfo | URL, init?: RequestInit) =>
    new Promise<never>((_r, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    )) as typeof globalThis.fetch;

function runOf(cmds: Cmd[], n: number): string[] {
  const t = { now: NOON + n * 2 * DAY }; // (each run its own São Paulo day)
  const { timers, advance } = manualTimers(t);
  const clock = {
    boundMs: 2_000,
    now: () => t.now,
    serverNow: () => t.now,
    trusted: () => true,
    learned: () => true,
    learn: () => {},
    subscribe: () => () => {},
    offsetMs: () => 0,
    monotonic: () => t.now,
  } as unknown as PamClock;
  const fetches = [pageFetch(), pageFetch()];
  const user = { id: 5000 + n, cancelled_account: false } as PamSessionSeed['user'];
  type Client = Pick<ReturnType<typeof createServerSessionClient>, 'view' | 'stop' | 'subscribe'>;
  const live: (Client | null)[] = [null, null];
  const floor = [0, 0];
  const reached = [false, false];
  const firstAt = [Number.NaN, Number.NaN];
  const bad: string[] = [];
  const log: string[] = [];
  const judge = (p: number) => {
    const v = live[p]?.view;
    if (!v?.playTime) return;
    const where = `page ${p} [${log.join(' ')}]`;
    if (v.playTime.usedMs < floor[p]! - 1)
      bad.push(`went back ${floor[p]} -> ${v.playTime.usedMs}, ${where}`);
    floor[p] = Math.max(floor[p]!, v.playTime.usedMs);
    reached[p] ||= v.playTime.reached;
    if ((reached[p] || floor[p]! >= 60 * S) && v.restrictions?.canBet === true)
      bad.push(`canBet past the limit, ${where}`);
    // (Not shared: never more than the time since this page's first client; a gap under 30 s
    // between its clients is counted, by design: fail closed.)
    const since = t.now - firstAt[p]!;
    if (v.playTime.usedMs > since + 1) bad.push(`counted ${v.playTime.usedMs} in ${since} ms, ${where}`);
  };
  const open = (p: number) => {
    const c = createServerSessionClient({
      initial: {
        status: 'signedIn',
        user,
        userInfo: answeredUserInfo(ONE_MINUTE),
        loginId: `login-${n}`,
        readAt: t.now,
        expiresAt: t.now + 10 * DAY,
      },
      fetch: fetches[p],
      flows: [playTime()],
      environment: { channel: null, clock, timers },
    });
    stops.push(() => c.stop());
    if (Number.isNaN(firstAt[p])) firstAt[p] = t.now;
    live[p] = c;
    c.subscribe(() => judge(p));
  };
  for (const c of [{ k: 'open', page: 0 } as Cmd, ...cmds]) {
    log.push(JSON.stringify(c));
    if (c.k === 'open' && !live[c.page]) open(c.page);
    if (c.k === 'stop' && live[c.page]) {
      live[c.page]!.stop();
      live[c.page] = null;
    }
    if (c.k === 'play') {
      for (let i = 0; i < c.s; i++) {
        advance(S);
      }
    }
    for (const p of [0, 1]) judge(p);
  }
  for (const c of live) c?.stop();
  return bad;
}

describe('review 143: the server-session client made again in one page', () => {
  it('property: the page counts on, past the limit stays barred, another page does not share', () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    let n = 0;
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 24 }), (cmds) => {
        expect(runOf(cmds, ++n)).toEqual([]);
      }),
      { numRuns: 60, seed: Number(process.env.REV143_SEED ?? 143) },
    );
  });
});
