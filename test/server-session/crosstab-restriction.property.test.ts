import fc from 'fast-check';
import { NetworkError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { selectSessionView } from '../../machines/client/session-facade';
import { internal } from '../../machines/clock';
import type { BroadcastChannelLike } from '../../machines/environment';
import { barredFor } from '../../machines/server-session/context';
import { serverSessionMachine } from '../../machines/server-session/machine';
import { createServerTabs } from '../../machines/server-session/tabs';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { saoPauloTime } from '../../src/testing/time';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { manualTimers } from '../support/manual-timers';

// Generated interleavings of server-session tabs of one login (one origin: one channel, one
// `localStorage`): which tab has a pause or a self-exclusion accepted and when, the channel's
// messages delivered late, out of order or never, profile reads in flight answered in any order by
// the server or by a replica that lags (no restriction yet) or failing, time moving (backoff
// retries, São Paulo midnights), wake-ups, and new tabs opened on a seed from a lagging replica.
// Once a tab knows of a restriction accepted (it had it accepted, heard another tab tell it, or
// opened after it in this origin), it never shows `canBet: true` again (fail closed). A tab whose
// message was lost learns it from its own reads only (out of this property's claim: it did not
// know). Time is simulated (manual timers); the reads are promises the script settles.

const AT = Date.UTC(2026, 10, 29, 15, 0, 0);
const H = 3_600_000;
const DAY = 24 * H;
const LOGIN = 'login-1';
const PLAYER = {
  id: 1,
  email: 'p@example.com',
  username: 'p',
  name: 'P',
  is_active: true,
  cancelled_account: false,
};

type Kind = 'pause' | 'selfExclusion';
const FIELDS: Record<Kind, (at: number) => Record<string, unknown>> = {
  pause: (at) => ({
    user_pause: 7,
    user_pause_at: saoPauloTime(at),
    user_pause_in: saoPauloTime(at + 7 * DAY),
    user_pause_min: null,
  }),
  selfExclusion: (at) => ({
    user_exclusion: 3,
    user_exclusion_at: saoPauloTime(at),
    user_exclusion_in: saoPauloTime(at + 90 * DAY),
    user_exclusion_min: null,
  }),
};

type Step =
  | { k: 'accept'; tab: number; kind: Kind; latency: number; stamped: boolean }
  | { k: 'deliver'; i: number }
  | { k: 'drop'; i: number }
  | { k: 'answer'; i: number; lag: boolean }
  | { k: 'fail'; i: number }
  | { k: 'advance'; ms: number }
  | { k: 'wake'; tab: number }
  | { k: 'open'; lag: boolean };

const STEP: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('accept' as const),
      tab: fc.nat(5),
      kind: fc.constantFrom<Kind>('pause', 'selfExclusion'),
      latency: fc.integer({ min: 0, max: 900 }),
      stamped: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('deliver' as const), i: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('drop' as const), i: fc.nat(9) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('answer' as const), i: fc.nat(9), lag: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('fail' as const), i: fc.nat(9) }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 2 * H }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('wake' as const), tab: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('open' as const), lag: fc.boolean() }) },
);

/** The origin's `localStorage` (a fresh one per run), or none (disabled, sandboxed: each tab's memory only). */
function webStorage(present: boolean) {
  const storage = new Map<string, string>();
  if (present)
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, String(v)),
      removeItem: (k: string) => storage.delete(k),
    };
  else delete (globalThis as { localStorage?: unknown }).localStorage;
}
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

/** One origin: its tabs, the channel between them (messages held until the script says), the server. */
function origin(web: boolean) {
  const t = { now: AT };
  const { timers, advance } = manualTimers(t);
  const signals = {
    visibility: { isHidden: () => false, onChange: () => () => {} },
    focus: { onFocus: () => () => {} },
    online: { isOnline: () => true, onChange: () => () => {} },
  };
  /** What the server holds: the restrictions accepted so far (a replica that lags shows none). */
  const server: { kind: Kind; at: number }[] = [];
  const userInfo = (lag: boolean) =>
    answeredUserInfo(lag ? {} : Object.assign({}, ...server.map((r) => FIELDS[r.kind](r.at))));
  const queue: { to: number; data: unknown }[] = [];
  const listeners = new Map<number, Set<(e: { data: unknown }) => void>>();
  const reads: { tab: number; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const tabs: { actor: AnyActorRef; knows: boolean; stop(): void }[] = [];

  function open(lag: boolean) {
    const n = tabs.length;
    const mine = new Set<(e: { data: unknown }) => void>();
    listeners.set(n, mine);
    const channel: BroadcastChannelLike = {
      postMessage: (data) => {
        for (const to of listeners.keys()) if (to !== n) queue.push({ to, data: structuredClone(data) });
      },
      addEventListener: (_type, l) => void mine.add(l),
      removeEventListener: (_type, l) => void mine.delete(l),
      close: () => void listeners.delete(n),
    };
    const tabsEnd = createServerTabs(channel, `tab-${n}`, true);
    const auth = {
      getUserProfile: () =>
        new Promise((resolve, reject) => {
          reads.push({ tab: n, resolve, reject });
        }),
    };
    // The page's seed: read now (from a replica that may lag).
    const seed = {
      status: 'signedIn' as const,
      user: PLAYER as never,
      userInfo: userInfo(lag),
      readAt: t.now,
      loginId: LOGIN,
      expiresAt: t.now + 30 * DAY,
    };
    const reading = { at: t.now, serverAt: t.now, trusted: true };
    const actor = createActor(serverSessionMachine, {
      input: {
        deps: {
          auth: auth as never,
          readSeed: () => new Promise<never>(() => {}),
          tabs: tabsEnd,
          crossTab: null,
          now: () => t.now,
          serverNow: () => t.now,
          random: () => 0.5,
          timers,
          clock: null,
          accepted: acceptedStoreOf({}),
          signals,
        },
        initial: seed,
        reading,
        // The origin's memory for the seed's player, read as `createServerSessionClient` reads it.
        barred: barredFor(seed, reading, acceptedStoreOf({})),
      },
      clock: timers as never,
    });
    actor.start();
    // A tab opened after a restriction was accepted in this origin knows of it (from its storage).
    const stop = () => {
      tabsEnd.close();
      actor.stop();
    };
    tabs.push({ actor, knows: web && server.length > 0, stop });
  }

  const canBet = (n: number) =>
    selectSessionView(tabs[n]!.actor.getSnapshot() as never).restrictions?.canBet ?? false;

  async function run(step: Step) {
    switch (step.k) {
      case 'accept': {
        const tab = step.tab % tabs.length;
        const placed = t.now;
        server.push({ kind: step.kind, at: placed });
        // The answer reaches the page `latency` ms later (a read in flight meanwhile may lag).
        advance(step.latency);
        tabs[tab]!.knows = true;
        tabs[tab]!.actor.send(
          internal({ type: 'PROFILE_CHANGED', restricts: step.kind, ...(step.stamped && { sent: placed }) }),
        );
        break;
      }
      case 'deliver':
      case 'drop': {
        if (!queue.length) return;
        const [m] = queue.splice(step.i % queue.length, 1);
        if (step.k === 'drop') return;
        const parsed = m!.data as { type?: string };
        if (parsed.type === 'restricted') tabs[m!.to]!.knows = true;
        for (const l of [...(listeners.get(m!.to) ?? [])]) l({ data: m!.data });
        break;
      }
      case 'answer':
      case 'fail': {
        if (!reads.length) return;
        const [r] = reads.splice(step.i % reads.length, 1);
        if (step.k === 'fail') r!.reject(new NetworkError('GET', '/auth/user-profile'));
        else r!.resolve({ user: PLAYER, userInfo: userInfo(step.lag) });
        break;
      }
      case 'advance':
        advance(step.ms);
        break;
      case 'wake':
        tabs[step.tab % tabs.length]!.actor.send(
          internal({ type: 'WAKE', reading: { at: t.now, serverAt: t.now, trusted: true } }),
        );
        break;
      case 'open':
        if (tabs.length < 4) open(step.lag);
        break;
    }
    await turns(2);
  }

  return {
    open,
    run,
    tabs,
    canBet,
    stop: () => {
      for (const tab of tabs) tab.stop();
    },
  };
}

describe('server-session tabs: a restriction accepted anywhere bars every tab that knows of it', () => {
  it('generated interleavings (tabs, acceptances, channel delays and loss, reads in flight, lagging replicas, time)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.array(STEP, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        async (n, steps, web) => {
          webStorage(web);
          const o = origin(web);
          try {
            for (let i = 0; i < n; i++) o.open(false);
            await turns(2);
            // (Each tab's ask had its turn: its wait over, R25-7.)
            await o.run({ k: 'advance', ms: 500 });
            // Before anything is accepted: every tab current, free to bet (the property can fail).
            for (let i = 0; i < n; i++) expect(o.canBet(i)).toBe(true);
            for (const step of steps) {
              await o.run(step);
              o.tabs.forEach((tab, i) => {
                if (tab.knows) expect({ tab: i, canBet: o.canBet(i) }).toEqual({ tab: i, canBet: false });
              });
            }
          } finally {
            o.stop();
          }
        },
      ),
      {
        numRuns: 150,
        examples: [
          // Another tab's word, shown by its read, then a replica that lags (midnight's re-read):
          // still barred (the word carries when it was sent; with no time it would lapse at once).
          [
            2,
            [
              { k: 'accept', tab: 0, kind: 'pause', latency: 10, stamped: true },
              { k: 'deliver', i: 0 },
              { k: 'answer', i: 1, lag: false },
              { k: 'answer', i: 0, lag: false },
              { k: 'advance', ms: 14 * H },
              { k: 'answer', i: 0, lag: true },
              { k: 'answer', i: 0, lag: true },
            ],
            false,
          ],
        ],
      },
    );
  }, 60_000);
});
