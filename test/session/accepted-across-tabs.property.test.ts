import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_MS, untilNextBrazilDay as untilMidnight } from '../../machines/session/profile-rules';
import { LinkHub, renewWithLinkHub } from '../support/link-hub';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import type { Tab } from '../support/world';
import { logIn, MIN, S, useWorld } from '../support/world';

// REVIEW-T T-2 / T-5: what one tab holds as accepted for a login (a pause, a stricter time limit)
// reaches every tab of that login: at acceptance (the channel's `restricted` / `limits`), to a tab
// that joins (the sync answer carries the kept records), and a tab's own lagging read does not lift
// it (R-2's rule: read again, backing off). Generated: which tab accepts which change, tabs joining,
// links of the channel held, let go (in any order between senders) or lost, time passing, and
// `localStorage` absent, throwing (quota, SecurityError) or working. Every profile read after the
// change lags (the answer from before it). A tab TOLD (the one that accepted; one a `restricted`,
// `limits` or a sync answer from a tab that knew reached; one opened after it with a working
// `localStorage`) never shows `canBet: true` after a pause, nor a time limit looser than the one
// accepted once it read. Real sockets against the reference server; time simulated.

const world = useWorld();
const LIMIT = { user_limit_time: 1, user_limit_time_active: 1, user_limit_time_period: 'daily' } as const;

type Change = 'pause' | 'limit';
type Storage = 'absent' | 'throws' | 'works';
type Step =
  | { t: 'open' }
  | { t: 'hold'; from: number; to: number }
  | { t: 'deliver'; from: number; to: number; n: number }
  | { t: 'drop'; from: number; to: number }
  | { t: 'wait'; ms: number }
  /** The next São Paulo midnight: every tab reads again (and lags). */
  | { t: 'midnight' };

/** A hub that marks each message with whether its sender knew (a test field the schema ignores) and records what each tab heard. */
class ToldHub extends LinkHub {
  knew: (from: number) => boolean = () => false;
  readonly heard: Array<Array<{ type?: string; reason?: string; knew?: boolean }>> = [];
  override channel() {
    const ch = super.channel();
    const i = this.channels.length - 1;
    this.heard[i] = [];
    const post = ch.postMessage.bind(ch);
    ch.postMessage = (m: unknown) => post({ ...(m as object), knew: this.knew(i) });
    const deliver = ch.deliver.bind(ch);
    ch.deliver = (data: unknown) => {
      this.heard[i]!.push(data as never);
      deliver(data);
    };
    return ch;
  }
  drop(from: number, to: number): void {
    this.links.get(`${from}>${to}`)?.splice(0);
  }
}

function installStorage(s: Storage): () => void {
  const g = globalThis as { localStorage?: unknown };
  if (s === 'works') {
    const m = new Map<string, string>();
    g.localStorage = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => m.set(k, String(v)),
      removeItem: (k: string) => m.delete(k),
    };
  } else if (s === 'throws')
    Object.defineProperty(g, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  return () => {
    delete g.localStorage;
  };
}

async function run(o: { change: Change; accepter: 0 | 1; storage: Storage; steps: Step[]; all?: boolean }) {
  const hub = renewWithLinkHub(world, () => new ToldHub());
  const restore = installStorage(o.storage);
  try {
    // Every profile read once the change is sent answers as before it (a lagging replica).
    let before: Record<string, unknown> | null = null;
    let lag = false;
    const fetch = profileRewritingFetch(world.fetch, (u) => {
      const old = Object.entries(u).filter(([k]) => /^user_(pause|limit_time)/.test(k));
      if (!lag) before = Object.fromEntries(old);
      else Object.assign(u, before);
    });
    const tabs: Tab[] = [];
    const openedAfter: boolean[] = [];
    const open = () => {
      openedAfter.push(lag);
      tabs.push(world.open({ tabId: `tab-${tabs.length}`, random: 0.3 + tabs.length / 10, fetch }));
    };
    open();
    open();
    await world.settle();
    await logIn(world, tabs[0]!);
    await world.advance(2 * S);
    for (const t of tabs)
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    // (`all`: nothing lost, every tab is told.)
    const told = (i: number) =>
      lag &&
      (i === o.accepter ||
        !!o.all ||
        (o.storage === 'works' && openedAfter[i]) ||
        hub.heard[i]!.some(
          (m) => m.type === 'restricted' || m.type === 'limits' || (m.reason === 'sync' && m.knew),
        ));
    hub.knew = told;
    lag = true;
    const a = tabs[o.accepter]!.client;
    await world.during(
      o.change === 'pause'
        ? a.user.setTimeoutLimits({
            user_pause: 3,
            reason: 1,
            password_check: world.server.seed.plain.password,
          })
        : a.user.updateLimits(LIMIT),
    );
    // What a tab keeps of another's acceptance lasts its day (`ACCEPTED_MS`): a read lagging longer
    // than that is no replica's lag; past it nothing is owed (since FIXCLAIM the session outlives two
    // midnights: seeds 1141374822, -55735655).
    const acceptedAt = world.now();
    let checked = 0;
    // The checks the accepting tab owes: one at each point where it is signed in with a view (two
    // São Paulo midnights outlive its token: a step may find it signed out; seed -359862943).
    let due = 0;
    const check = (where: string) => {
      if (world.now() - acceptedAt >= ACCEPTED_MS) return;
      const own = tabs[o.accepter]!.client.view;
      if (own.status === 'signedIn' && own.restrictions) due++;
      for (const [i, t] of tabs.entries()) {
        const v = t.client.view;
        if (!told(i) || v.status !== 'signedIn' || !v.restrictions) continue;
        checked++;
        const r = v.restrictions;
        const time = r.limits.time;
        const kept = time.active && time.amount !== null && time.amount <= 1;
        if (o.change === 'pause')
          expect({ where, tab: i, canBet: r.canBet }).toEqual({ where, tab: i, canBet: false });
        else if (r.status !== 'unknown')
          expect({ where, tab: i, kept, canBet: r.canBet }).toMatchObject({ where, tab: i, kept: true });
      }
    };
    await world.advance(3 * S, 100);
    check('accepted');
    for (const [k, s] of o.steps.entries()) {
      if (s.t === 'open' && tabs.length < 4) open();
      else if (s.t === 'hold') hub.holdLink(s.from % tabs.length, s.to % tabs.length);
      else if (s.t === 'deliver') hub.deliverLink(s.from % tabs.length, s.to % tabs.length, s.n);
      else if (s.t === 'drop') hub.drop(s.from % tabs.length, s.to % tabs.length);
      if (s.t === 'midnight') await world.advance(untilMidnight(world.now()) + 5 * S, MIN);
      await world.advance(s.t === 'wait' ? s.ms : 3 * S, 100);
      check(`step ${k} ${s.t}`);
    }
    hub.releaseAll();
    await world.advance(30 * S, 250);
    check('end');
    // (At least the tab that accepted was checked at every step it was signed in, the first one too.)
    expect(due).toBeGreaterThan(0);
    expect(checked).toBeGreaterThanOrEqual(due);
  } finally {
    restore();
  }
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ t: 'open' as const }),
  fc.record({ t: fc.constant('hold' as const), from: fc.nat(3), to: fc.nat(3) }),
  fc.record({
    t: fc.constant('deliver' as const),
    from: fc.nat(3),
    to: fc.nat(3),
    n: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ t: fc.constant('drop' as const), from: fc.nat(3), to: fc.nat(3) }),
  fc.record({ t: fc.constant('wait' as const), ms: fc.integer({ min: 1 * S, max: 20 * S }) }),
  fc.constant({ t: 'midnight' as const }),
);

describe('what one tab accepted reaches every tab of the login (REVIEW-T T-2, T-5)', () => {
  it.each([
    ['pause', 'throws'],
    ['pause', 'absent'],
    ['limit', 'throws'],
    ['limit', 'works'],
  ] as const)(
    '%s accepted, localStorage %s: a tab opened after it keeps it over lagging reads',
    async (change, storage) => {
      await run({
        change,
        accepter: 0,
        storage,
        steps: [{ t: 'open' }, { t: 'wait', ms: 10 * S }],
        all: true,
      });
    },
    60_000,
  );

  it('limit accepted in A: B, told, keeps it over its own lagging read (at midnight)', async () => {
    await run({ change: 'limit', accepter: 0, storage: 'throws', steps: [{ t: 'midnight' }], all: true });
  }, 60_000);

  it('pause, two midnights (seed -359862943: the token ends before the last check)', async () => {
    await run({
      change: 'pause',
      accepter: 0,
      storage: 'absent',
      steps: [{ t: 'midnight' }, { t: 'midnight' }, { t: 'wait', ms: 1000 }],
    });
  }, 60_000);

  it('over generated changes, accepters, storages, joins and channel orders and losses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          change: fc.constantFrom<Change>('pause', 'limit'),
          accepter: fc.constantFrom(0 as const, 1 as const),
          storage: fc.constantFrom<Storage>('absent', 'throws', 'works'),
          steps: fc.array(step, { minLength: 1, maxLength: 6 }),
        }),
        run,
      ),
      { numRuns: 12 },
    );
  }, 600_000);
});
