import fc from 'fast-check';
import { HttpError, type UserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { withOutcomeCheck } from '../../machines/client/outcome';
import { internal } from '../../machines/session/events';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';
import { checkRounds, flush } from '../support/reading-rounds';

// Model (review E, the class of rg-late-outcome-read / rg-late-outcome-pause): every profile reading,
// whatever brings it (the flow's own reads, a change's outcome re-read, another tab's read), is
// ordered by when its request was SENT. Generated interleavings of reads, changes whose answers fail
// (each starting an outcome re-read), other tabs' reads, the SPA register and a pause set on the server, the client's clock offset
// re-learned (within the clock's bound) and answers delivered in any order. Invariant after each
// step: `canBet` is never true while the latest-sent reading answered shows a restriction. At the
// end, every answer delivered and time run: the flow shows the server's truth (free when it is).

const S = 1000;
const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse('2026-11-23T12:00:00Z');
const OWNER = { userId: 1, sid: 1 };
const BOUND = 2 * S;

/** A naive São Paulo time, as the API writes it. */
const sp = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');

/** A request in flight: what the server read when it got it, held until delivered. */
interface Pending {
  seq: number;
  userInfo: Record<string, unknown>;
  restricted: boolean;
  /** The flow's own read (the outcome re-read and another tab's take no signal from it). */
  own: boolean;
  resolve(): void;
  aborted(): boolean;
}

interface Real {
  clock: SimulatedClock;
  skew: number;
  spa: boolean;
  /** The deposit limit: raising it is a lift too (a reading may lift one thing and bar another). */
  limit: number;
  pausedAt: number | null;
  seq: number;
  pending: Pending[];
  /** The readings answered to the client (an aborted read's answer is never read). */
  answered: { seq: number; restricted: boolean; aborted: boolean }[];
  flow: ReturnType<typeof createActor<typeof profileFlow>>;
  user: UserModule;
}

/** The server's account now, as a read sent now sees it. */
function serverReads(r: Real) {
  const paused = r.pausedAt !== null;
  const userInfo = freeUserInfo({
    spa_exclusion: r.spa ? 1 : 0,
    operator_exclusion: 0,
    user_exclusion: 0,
    user_pause: paused ? 7 : 0,
    user_limit_deposit: r.limit,
    user_limit_deposit_period: 'monthly',
    user_limit_deposit_active: 1,
    ...(paused && { user_pause_at: sp(r.pausedAt!), user_pause_in: sp(r.pausedAt! + 7 * D) }),
  });
  return { userInfo, restricted: r.spa || paused };
}

/** One request: the server reads the account when it arrives, its answer is held until delivered. */
function request(r: Real, signal?: AbortSignal) {
  const { userInfo, restricted } = serverReads(r);
  const seq = ++r.seq;
  return new Promise<{ user: object; userInfo: Record<string, unknown> }>((resolve, reject) => {
    r.pending.push({
      seq,
      userInfo,
      restricted,
      own: !!signal,
      aborted: () => !!signal?.aborted,
      resolve: () => {
        r.answered.push({ seq, restricted, aborted: !!signal?.aborted });
        if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
        resolve({ user: { id: 1, cancelled_account: false }, userInfo });
      },
    });
  });
}

function open(): Real {
  const clock = new SimulatedClock();
  clock.set(T0);
  const r = {
    clock,
    skew: 0,
    spa: false,
    limit: 100,
    pausedAt: null,
    seq: 0,
    pending: [],
    answered: [],
  } as unknown as Real;
  const serverNow = () => clock.now() + r.skew;
  const auth = { getUserProfile: (o?: { signal?: AbortSignal }) => request(r, o?.signal) as never };
  const clockTrust = { trusted: () => true, subscribe: () => () => {}, boundMs: BOUND };
  r.flow = createActor(profileFlow, {
    clock,
    input: { services: { auth, serverNow, random: () => 0.5, clock: clockTrust }, owner: OWNER },
  }).start();
  // A change whose answer is a 503: its outcome is unknown, the client re-reads the profile (the
  // client's own wrapper), and hands the re-read to the flow with the time it was sent.
  const failing = {
    updateLimits: () =>
      Promise.reject(
        new HttpError({ status: 503, method: 'PATCH', path: '/bff/users/update-limits', body: {} }),
      ),
  } as unknown as UserModule;
  r.user = withOutcomeCheck(
    failing,
    { getUserProfile: () => request(r) as never },
    (event, owner, sent) => {
      const p = event.profile as { user: never; userInfo: Record<string, unknown> } | null;
      if (p)
        r.flow.send(
          internal({
            type: 'PROFILE',
            owner,
            user: p.user,
            userInfo: p.userInfo,
            at: sent,
            source: 'outcome',
          }),
        );
    },
    () => OWNER,
    serverNow,
  );
  return r;
}

type Model = Record<string, never>;
type Cmd = fc.AsyncCommand<Model, Real>;

const step = (name: string, run: (r: Real) => void | Promise<void>): Cmd => ({
  check: () => true,
  async run(_m, r) {
    await run(r);
    await flush();
    // The invariant: never free to bet while the latest-sent reading answered shows a restriction.
    // A read the client dropped counts too, unless a read of its own sent later is in flight.
    const latest = r.answered
      .filter((a) => !a.aborted || !r.pending.some((p) => p.own && p.seq > a.seq && !p.aborted()))
      .reduce<{ seq: number; restricted: boolean } | null>((a, b) => (a && a.seq > b.seq ? a : b), null);
    const { canBet } = profileOf(r.flow.getSnapshot()).restrictions;
    expect(
      canBet && !!latest?.restricted,
      `after ${name}: free to bet, latest reading ${latest?.seq} barred`,
    ).toBe(false);
  },
  toString: () => name,
});

/** Each command by name, so a counterexample is kept as written (`examples`). */
const make = {
  check: () => step('check', (r) => void r.flow.send({ type: 'CHECK' })),
  changeFails: () => step('changeFails', (r) => void r.user.updateLimits({} as never).catch(() => {})),
  spa: (on: boolean) =>
    step(`spa(${on})`, (r) => {
      r.spa = on;
    }),
  limit: (n: number) =>
    step(`limit(${n})`, (r) => {
      r.limit = n;
    }),
  pause: () =>
    step('pause', (r) => {
      if (r.pausedAt !== null) return;
      // The server places it now; the client hears it accepted (sent at its own server time).
      r.pausedAt = r.clock.now();
      r.flow.send({ type: 'CHECK', restricts: 'pause', at: r.clock.now() + r.skew });
    }),
  // Another tab's read of this login, told over the channel stamped as that tab stamps it (when its
  // request was sent, on its own offset): it may only tighten.
  remote: (skew: number) =>
    step(`remote(${skew})`, (r) => {
      const at = r.clock.now() + skew;
      void request(r).then((p) =>
        r.flow.send(
          internal({ type: 'PROFILE', owner: OWNER, user: null, userInfo: p.userInfo, at, source: 'remote' }),
        ),
      );
    }),
  deliver: (i: number) =>
    step(`deliver(${i})`, (r) => {
      if (r.pending.length === 0) return;
      const [p] = r.pending.splice(i % r.pending.length, 1);
      p!.resolve();
    }),
  advance: (ms: number) => step(`advance(${ms})`, (r) => r.clock.increment(ms)),
  // The offset re-learned from whole-second `Date` headers: within the clock's bound.
  skew: (ms: number) =>
    step(`skew(${ms})`, (r) => {
      r.skew = ms;
    }),
};

const commands = [
  fc.constant(make.check()),
  fc.constant(make.changeFails()),
  fc.boolean().map(make.spa),
  fc.constantFrom(100, 200).map(make.limit),
  fc.constant(make.pause()),
  fc.integer({ min: -900, max: 900 }).map(make.remote),
  fc.nat(40).map(make.deliver),
  fc.integer({ min: 1, max: 3 * S }).map(make.advance),
  fc.integer({ min: -900, max: 900 }).map(make.skew),
];

const { check, changeFails, spa, remote, deliver } = make;
/**
 * Counterexamples kept. A reading from elsewhere arrived during the flow's own read, stamped before
 * what it held (another tab's clock 1 ms ahead) and tightening nothing: dropped, while the read in
 * flight, sent before it (the SPA register off then), was taken and lifted the bar (CI seed 1357644869).
 */
const examples: Cmd[][] = [
  [
    remote(0),
    changeFails(),
    spa(true),
    check(),
    changeFails(),
    remote(1),
    changeFails(),
    remote(0),
    deliver(13),
    spa(false),
    check(),
    spa(true),
    deliver(0),
    changeFails(),
    deliver(35),
    changeFails(),
    deliver(34),
  ],
];

describe('profile readings are ordered by when they were sent (model, review E)', () => {
  it('never shows a player free to bet while the latest-sent reading shows a restriction', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { size: '+1' }), async (cmds) => {
        const r = open();
        await flush();
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: r }), cmds);
          // A change answered (the flow reads again), every answer delivered in the order sent and
          // time run: the flow ends on the server's truth.
          await checkRounds(r, 12);
          const { restricted } = serverReads(r);
          expect(profileOf(r.flow.getSnapshot()).restrictions.canBet).toBe(!restricted);
        } finally {
          r.flow.stop();
        }
      }),
      { numRuns: 300, examples: examples.map((e) => [e] as [Cmd[]]) },
    );
    // (Seconds on a quiet machine; past 60 s beside a CI run and two other jobs: time out late.)
  }, 240_000);
});
