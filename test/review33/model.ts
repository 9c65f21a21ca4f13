// Review 33: the reading-order model (test/session/reading-order.model.test.ts) extended with the
// clock's trust (lost with a jump, regained), skews up to the clock's stated bound (each stamp of
// this tab within ±2000 ms of the server's time, another tab's up to 2x the bound off), São Paulo
// midnights, an adoption (`OWNER`), a pause accepted here or heard from another tab, limit changes
// accepted (`CHECK { limits }`), wake-ups. The model's own harness; the properties and the
// counterexamples: ./reading-order-extended.model.test.ts.

import fc from 'fast-check';
import { HttpError, type UserModule } from 'pam-client';
import { expect } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { withOutcomeCheck } from '../../machines/client/outcome';
import { nextBrazilMidnight } from '../../machines/clock';
import { internal } from '../../machines/session/events';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';
import { checkRounds, deliverAll, flush } from '../support/reading-rounds';

export const S = 1000;
export const H = 3_600_000;
export const D = 24 * H;
export const T0 = Date.parse('2026-11-23T12:00:00Z');
export const BOUND = 2 * S;

const sp = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');

interface Pending {
  seq: number;
  /** What the server held when it read it: judged at the time of the check (a pause ends). */
  spa: boolean;
  pausedAt: number | null;
  restricted: boolean;
  limit: number;
  sid: number;
  own: boolean;
  resolve(): void;
  aborted(): boolean;
}

export interface Answered {
  seq: number;
  spa: boolean;
  pausedAt: number | null;
  restricted: boolean;
  limit: number;
  sid: number;
  aborted: boolean;
}

export interface Real {
  clock: SimulatedClock;
  skew: number;
  trusted: boolean;
  listeners: Set<(t: boolean) => void>;
  spa: boolean;
  limit: number;
  pausedAt: number | null;
  /** A pause the flow was told was accepted (here or by another tab), in this login. */
  told: boolean;
  /** The deposit limit a limit change accepted set (`CHECK { limits }`), in this login. */
  accepted: number | null;
  /** The smallest deposit limit accepted in the run, whatever the login. */
  acceptedEver: number | null;
  sid: number;
  seq: number;
  pending: Pending[];
  answered: Answered[];
  flow: ReturnType<typeof createActor<typeof profileFlow>>;
  user: UserModule;
  /** Strict limits check (a held deposit limit looser than the latest-sent reading's). */
  checkLimits: boolean;
}

export { flush };

export function serverReads(r: Real) {
  const paused = r.pausedAt !== null && r.clock.now() < r.pausedAt + 7 * D;
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

function request(r: Real, signal?: AbortSignal, sid = r.sid) {
  const { userInfo, restricted } = serverReads(r);
  const seq = ++r.seq;
  const limit = r.limit;
  const spa = r.spa;
  const pausedAt = r.pausedAt;
  return new Promise<{ user: object; userInfo: Record<string, unknown> }>((resolve, reject) => {
    r.pending.push({
      seq,
      spa,
      pausedAt,
      restricted,
      limit,
      sid,
      own: !!signal,
      aborted: () => !!signal?.aborted,
      resolve: () => {
        r.answered.push({ seq, spa, pausedAt, restricted, limit, sid, aborted: !!signal?.aborted });
        if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
        resolve({ user: { id: 1, cancelled_account: false }, userInfo });
      },
    });
  });
}

/** The session's timers on a simulated clock (the flow's clock watch runs on them). */
export const simTimers = (clock: SimulatedClock) => ({
  setTimeout: (f: () => void, ms: number) => clock.setTimeout(f, ms),
  clearTimeout: (id: unknown) => clock.clearTimeout(id as never),
});

/** The model's tab. `timers`: the flow's clock watch looks every 5 s and at each São Paulo midnight (else once, at its start). */
export function open(opts: { checkLimits?: boolean; timers?: boolean } = {}): Real {
  const clock = new SimulatedClock();
  clock.set(T0);
  const r = {
    clock,
    skew: 0,
    trusted: true,
    listeners: new Set(),
    spa: false,
    limit: 100,
    pausedAt: null,
    told: false,
    accepted: null,
    acceptedEver: null,
    sid: 1,
    seq: 0,
    pending: [],
    answered: [],
    checkLimits: !!opts.checkLimits,
  } as unknown as Real;
  const serverNow = () => clock.now() + r.skew;
  const auth = { getUserProfile: (o?: { signal?: AbortSignal }) => request(r, o?.signal) as never };
  const clockTrust = {
    trusted: () => r.trusted,
    subscribe: (l: (t: boolean) => void) => {
      r.listeners.add(l);
      return () => r.listeners.delete(l);
    },
    boundMs: BOUND,
  };
  r.flow = createActor(profileFlow, {
    clock,
    input: {
      services: {
        auth,
        serverNow,
        random: () => 0.5,
        clock: clockTrust,
        ...(opts.timers && { timers: simTimers(clock) }),
      } as ProfileServices,
      owner: { userId: 1, sid: 1 },
    },
  }).start();
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
    () => ({ userId: 1, sid: r.sid }),
    serverNow,
  );
  return r;
}

export type Model = Record<string, never>;
export type Cmd = fc.AsyncCommand<Model, Real>;

/** The latest-sent reading answered for the login held (an aborted own read counts unless a later own read is in flight). */
export const latestOf = (r: Real) =>
  r.answered
    .filter((a) => a.sid === r.sid)
    .filter((a) => !a.aborted || !r.pending.some((p) => p.own && p.seq > a.seq && !p.aborted()))
    .reduce<Answered | null>((a, b) => (a && a.seq > b.seq ? a : b), null);

export function invariant(r: Real, name: string) {
  const latest = latestOf(r);
  // Whether it shows a restriction in force now (a pause it shows ends at its own date).
  const now = r.clock.now();
  const barredNow = (a: Answered) => a.spa || (a.pausedAt !== null && now < a.pausedAt + 7 * D);
  const { canBet, limits, checkedAt } = profileOf(r.flow.getSnapshot()).restrictions;
  // On a trusted clock, no reading is dated ahead of the server (REVIEW35: a date an untrusted
  // clock gave, an hour ahead, put it in the day after). Each trusted stamp is within the bound.
  if (r.trusted)
    expect(checkedAt ?? 0, `after ${name}: checked at ${checkedAt}, ahead of the server`).toBeLessThanOrEqual(
      now + 2 * BOUND,
    );
  expect(
    canBet && !!latest && barredNow(latest),
    `after ${name}: free to bet, latest reading ${latest?.seq} barred`,
  ).toBe(false);
  // A pause accepted (told) while the server holds it (until its end): never free to bet (fail closed).
  const held = r.pausedAt !== null && now < r.pausedAt + 7 * D;
  expect(canBet && r.told && held, `after ${name}: free to bet, a pause accepted`).toBe(false);
  if (r.checkLimits && canBet && latest) {
    const amount = limits.deposit.amount;
    expect(
      amount !== null && amount > latest.limit,
      `after ${name}: free to bet with deposit limit ${amount}, latest reading ${latest.seq} shows ${latest.limit}`,
    ).toBe(false);
  }
}

export const step = (name: string, run: (r: Real) => void | Promise<void>): Cmd => ({
  check: () => true,
  async run(_m, r) {
    await run(r);
    await flush();
    invariant(r, name);
  },
  toString: () => name,
});

const tell = (r: Real) => {
  for (const l of [...r.listeners]) l(r.trusted);
};

export const make = {
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
  // A limit change accepted here: the server holds it at once, the flow is told its fields.
  limitAccepted: (n: number) =>
    step(`limitAccepted(${n})`, (r) => {
      r.limit = n;
      r.accepted = n;
      r.acceptedEver = Math.min(n, r.acceptedEver ?? n);
      r.flow.send({
        type: 'CHECK',
        at: r.clock.now() + r.skew,
        limits: { user_limit_deposit: n, user_limit_deposit_active: 1, user_limit_deposit_period: 'monthly' },
      } as never);
    }),
  pause: () =>
    step('pause', (r) => {
      if (r.pausedAt !== null) return;
      r.pausedAt = r.clock.now();
      r.told = true;
      r.flow.send({ type: 'CHECK', restricts: 'pause', at: r.clock.now() + r.skew });
    }),
  // Another tab's pause, its word heard here (no time: any pause shows it; a read on its way kept).
  remotePause: () =>
    step('remotePause', (r) => {
      if (r.pausedAt === null) r.pausedAt = r.clock.now();
      r.told = true;
      r.flow.send({ type: 'CHECK', restricts: 'pause', remote: true });
    }),
  remote: (skew: number) =>
    step(`remote(${skew})`, (r) => {
      const at = r.clock.now() + skew;
      const sid = r.sid;
      void request(r, undefined, sid).then((p) =>
        r.flow.send(
          internal({
            type: 'PROFILE',
            owner: { userId: 1, sid },
            user: null,
            userInfo: p.userInfo,
            at,
            source: 'remote',
          }),
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
  // To the next São Paulo midnight (server time), `off` ms from it.
  midnight: (off: number) =>
    step(`midnight(${off})`, (r) => {
      const to = nextBrazilMidnight(r.clock.now()) + off;
      if (to > r.clock.now()) r.clock.increment(to - r.clock.now());
    }),
  skew: (ms: number) =>
    step(`skew(${ms})`, (r) => {
      r.skew = ms;
    }),
  // The device clock jumped: untrusted, its server time anywhere (`jump` from the truth).
  untrust: (jump: number) =>
    step(`untrust(${jump})`, (r) => {
      r.skew = jump;
      r.trusted = false;
      tell(r);
    }),
  // Trusted again: the offset re-learned within the bound.
  retrust: (skew: number) =>
    step(`retrust(${skew})`, (r) => {
      r.skew = skew;
      r.trusted = true;
      tell(r);
    }),
  // Another login of the player held (an adoption): the one before forgotten.
  owner: () =>
    step('owner', (r) => {
      r.sid += 1;
      r.told = false;
      r.accepted = null;
      r.flow.send({ type: 'OWNER', owner: { userId: 1, sid: r.sid } });
    }),
  wake: () => step('wake', (r) => void r.flow.send({ type: 'WAKE' })),
};

/** The commands, with skews up to `skewMax` (this tab) and another tab's stamps up to `remoteMax` off. */
export const commandsOf = (o: {
  skewMax: number;
  remoteMax: number;
  clock?: boolean;
  owner?: boolean;
  limits?: boolean;
  midnight?: boolean;
  remotePause?: boolean;
  /** This tab's outcome re-reads (a change whose answer failed): off to look past finding 1. */
  outcome?: boolean;
}) => [
  fc.constant(make.check()),
  ...(o.outcome === false ? [] : [fc.constant(make.changeFails())]),
  fc.boolean().map(make.spa),
  fc.constantFrom(100, 200).map(make.limit),
  fc.constant(make.pause()),
  fc.integer({ min: -o.remoteMax, max: o.remoteMax }).map(make.remote),
  fc.nat(40).map(make.deliver),
  fc.integer({ min: 1, max: 3 * S }).map(make.advance),
  fc.integer({ min: -o.skewMax, max: o.skewMax }).map(make.skew),
  ...(o.clock
    ? [
        fc.constantFrom(-H, -10 * S, -3 * S, 3 * S, H).map(make.untrust),
        fc.integer({ min: -o.skewMax, max: o.skewMax }).map(make.retrust),
      ]
    : []),
  ...(o.owner ? [fc.constant(make.owner())] : []),
  ...(o.limits ? [fc.constantFrom(50, 100, 200).map(make.limitAccepted)] : []),
  ...(o.midnight
    ? [fc.integer({ min: -3 * S, max: 3 * S }).map(make.midnight), fc.constant(make.wake())]
    : []),
  ...(o.remotePause ? [fc.constant(make.remotePause())] : []),
];

/**
 * The end: the clock trusted, every answer delivered in the order sent, time run (a change checked
 * each round): the flow shows the server's truth. Then, nothing more sent, reads stop: at most a
 * few in the next hour (no read loop).
 */
export async function settle(r: Real, hold = false) {
  r.skew = 0;
  if (!r.trusted) {
    r.trusted = true;
    tell(r);
  }
  await flush();
  await checkRounds(r, 12);
  await deliverAll(r);
  const { restricted } = serverReads(r);
  const { canBet, status } = profileOf(r.flow.getSnapshot()).restrictions;
  // Barred on the server: barred (stale allowed: a pause accepted on a clock off by more than the
  // bound is awaited for good, fail closed). Free: free and current, unless a pause was told in this
  // login (one awaited that has ended since is never shown: barred for the login, by design AK-3).
  if (restricted) expect(canBet).toBe(false);
  else if (!r.told) expect({ canBet, status }).toEqual({ canBet: true, status: 'current' });
  if (r.told) await pastThePause(r, hold);
  // No read loop: an hour with nothing new (answers delivered at once) costs a few reads at most.
  // (But a limit accepted that the server shows looser, by design read again, backing off: R-2.)
  // (The flow keeps them past an adoption, `OWNER`: finding 3, so any accepted in the run counts.)
  if (r.acceptedEver !== null && r.limit > r.acceptedEver) return;
  const before = r.seq;
  for (let i = 0; i < 60; i++) {
    r.clock.increment(60 * S);
    await flush();
    await deliverAll(r);
  }
  expect(r.seq - before, 'reads in a quiet hour').toBeLessThanOrEqual(8);
}

/**
 * Finding 4 (fixed): a pause told, awaited, ends (7 days) and a day passes after the last word of it
 * (the clock it was stamped on up to an hour ahead: `untrust`), every answer delivered, an hour at a
 * time: the server's word is taken (a pause that ended unseen, or one stamped on a clock more than
 * the bound ahead, never shown, bars no longer), free and current.
 */
async function pastThePause(r: Real, hold: boolean) {
  const end = Math.max(r.pausedAt! + 7 * D, r.clock.now() + D + H) + 10 * 60 * S;
  while (r.clock.now() < end) {
    // (`hold`: no answer comes until the pause is over, then all at once: it ended unseen.)
    await deliverAll(r, hold);
    r.clock.increment(H);
    await flush();
  }
  r.told = false;
  await checkRounds(r, 3);
  const { restricted } = serverReads(r);
  const { canBet, status } = profileOf(r.flow.getSnapshot()).restrictions;
  expect(restricted ? { canBet } : { canBet, status }).toEqual(
    restricted ? { canBet: false } : { canBet: true, status: 'current' },
  );
}

export async function runCmds(
  cmds: Iterable<Cmd>,
  opts: { checkLimits?: boolean; noSettle?: boolean; hold?: boolean } = {},
) {
  const r = open(opts);
  await flush();
  try {
    await fc.asyncModelRun(() => ({ model: {}, real: r }), cmds);
    if (!opts.noSettle) await settle(r, opts.hold);
  } finally {
    r.flow.stop();
  }
}
