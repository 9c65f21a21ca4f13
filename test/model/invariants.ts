// What must hold after every command, judged against the model's TRUE server time (issue 26):
// (1) `canBet` only on a newest read that bars nothing; (2) drained tabs agree on one player and
// show only that player's data, and a signed-in tab always tells the app something about the
// restrictions; (3) `serverNow` within the stated bound after a clean answer, and nothing
// `current` on a clock that is off; (5) a clean read is taken (no earlier answer or message stops
// it), and the wrong passwords sent never pass the lock; (6) once drained, a signed-in tab holds
// its own player's token.

import { STEP_UP_LOCK_MS, STEP_UP_MAX_ATTEMPTS } from 'pam-client';
import type { Answer } from './net';
import { barsAt, H, MIN, type ReadRecord, spDay, surelyBars, surelyFree } from './truth';
import { type ModelTab, type ModelWorld, sessionOf } from './world';

/** The clock module's bound when the client states none (500 ms of `Date` resolution + 1.5 s round trip). */
const DEFAULT_BOUND_MS = 2000;

/** A broken invariant: which one, and what the tab showed. */
export class InvariantError extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`${invariant}: ${detail}`);
    this.name = 'InvariantError';
  }
}

interface ClockLike {
  serverNow(): number;
  trusted?(): boolean;
  boundMs?: number;
}

/** The tab's clock: the one clock module when the client has it, else the environment's `serverNow`. */
function clockOf(tab: ModelTab): ClockLike {
  const env = tab.client.environment as unknown as { clock?: ClockLike; serverNow(): number };
  return env.clock ?? { serverNow: () => env.serverNow() };
}

const boundOf = (tab: ModelTab): number => clockOf(tab).boundMs ?? DEFAULT_BOUND_MS;
const trustedOf = (tab: ModelTab): boolean => clockOf(tab).trusted?.() ?? true;

/** The newest read of `userId` (by the true time the server produced it). */
export function newestRead(world: ModelWorld, userId: number, key?: number): ReadRecord | null {
  let best: ReadRecord | null = null;
  for (const r of world.net.reads) {
    if (r.userId !== userId || (key !== undefined && r.key !== key)) continue;
    if (!best || r.at > best.at || (r.at === best.at && r.order > best.order)) best = r;
  }
  return best;
}

/** The tab's last five answers hold at most one outlier, and the newest is clean and after the last device jump. */
function cleanClock(world: ModelWorld, tab: ModelTab): boolean {
  const answers: Answer[] = world.net.answers.get(tab.key) ?? [];
  const last = answers.at(-1);
  if (!last || last.outlier || last.epoch !== world.epoch) return false;
  return answers.slice(-5).filter((a) => a.outlier).length <= 1;
}

/** Every message sent has reached every tab, and nothing is being answered in-process. */
export const drained = (world: ModelWorld): boolean =>
  !world.hub.holding && world.hub.pending === 0 && world.net.inflight.size === 0;

/**
 * `canBet` stands on reads: the tab's own newest read of the player must not bar betting (a
 * restriction is lifted only by the tab's own read; data from another tab may only tighten), and
 * once drained, when every tab has heard every read, neither may the player's newest read.
 */
function checkCanBet(world: ModelWorld, tab: ModelTab, at: number, settled: boolean): void {
  const view = tab.client.view;
  if (view.restrictions?.canBet !== true) return;
  const { userId } = sessionOf(tab.client);
  if (userId === null) throw new InvariantError('I1 canBet', `tab ${tab.index} can bet with no player`);
  const bound = boundOf(tab);
  const mine = newestRead(world, userId, tab.key);
  const newest = newestRead(world, userId);
  if (settled && !newest)
    throw new InvariantError('I1 canBet', `tab ${tab.index} can bet with no read of player ${userId}`);
  for (const [read, whose] of [
    [mine, 'its own newest read'],
    [settled ? newest : null, 'the newest read'],
  ] as const) {
    if (read && surelyBars(read.truth, at, bound)) {
      throw new InvariantError(
        'I1 canBet',
        `tab ${tab.index} shows canBet: true (${view.restrictions.status}) but ${whose} of player ${userId} (tab ${read.tab}, ${new Date(read.at).toISOString()}) bars betting at ${new Date(at).toISOString()}: ${JSON.stringify(read.truth)}`,
      );
    }
  }
}

function checkClock(world: ModelWorld, tab: ModelTab, at: number): void {
  const clock = clockOf(tab);
  const error = clock.serverNow() - at;
  const bound = boundOf(tab);
  const status = tab.client.view.restrictions?.status;
  if (status === 'current' && Math.abs(error) > bound) {
    throw new InvariantError(
      'I3 current on a wrong clock',
      `tab ${tab.index} shows restrictions 'current' with serverNow off by ${error} ms (bound ${bound})`,
    );
  }
  if (cleanClock(world, tab) && trustedOf(tab) && Math.abs(error) > bound) {
    throw new InvariantError(
      'I3 serverNow bound',
      `tab ${tab.index}: serverNow off by ${error} ms after a clean answer (bound ${bound})`,
    );
  }
}

function checkTold(tab: ModelTab): void {
  const view = tab.client.view;
  if (view.status !== 'signedIn') return;
  if (view.restrictions === null) {
    throw new InvariantError(
      'I2 signed in, told nothing',
      `tab ${tab.index} is signedIn with restrictions: null (user ${view.user === null ? 'null' : view.user.id})`,
    );
  }
  const { userId } = sessionOf(tab.client);
  if (view.user !== null && view.user.id !== userId) {
    throw new InvariantError(
      'I2 one player',
      `tab ${tab.index} shows user ${view.user.id} in player ${userId}'s session`,
    );
  }
}

/** Drained: every tab that is settled shows the same player (or all are signed out). */
function checkConverged(world: ModelWorld): void {
  const shown = new Map<string, number[]>();
  for (const tab of world.openTabs()) {
    const status = tab.client.view.status;
    if (status !== 'signedIn' && status !== 'signedOut') continue;
    const who = status === 'signedIn' ? `player ${sessionOf(tab.client).userId}` : 'signed out';
    shown.set(who, [...(shown.get(who) ?? []), tab.index]);
  }
  if (shown.size > 1) {
    const parts = [...shown].map(([who, tabs]) => `tabs ${tabs.join(',')}: ${who}`);
    throw new InvariantError('I2 tabs converge', `after the channel drained, ${parts.join('; ')}`);
  }
}

/**
 * The deposit limit a read shows at `at`: a pending change applies from the instant its naive
 * `effective_at` may mean, as the client reads it (src/responsible-gaming/restrictions.ts,
 * `limitOf`): a stricter one (or the same) from the earliest (18 h before: written in a zone east of
 * São Paulo), a looser one from the latest (10 h after); null within the bound (and the naive
 * time's second) of that instant.
 */
function depositAt(truth: ReadRecord['truth'], at: number, boundMs: number): number | null {
  const { amount, change } = truth.deposit;
  if (!change) return amount;
  const from = change.effectiveAt + (change.amount <= amount ? -18 * H : 10 * H);
  if (Math.abs(from - at) <= boundMs + 1000) return null;
  return from <= at ? change.amount : amount;
}

/** A tab whose own read is the newest, clean and today shows it: `current`, and `canBet` as the truth says. */
function checkCleanReadTaken(world: ModelWorld, tab: ModelTab, at: number): void {
  const view = tab.client.view;
  if (tab.asleep || view.status !== 'signedIn') return;
  const last = world.net.lastProfile.get(tab.key);
  const { userId, sid } = sessionOf(tab.client);
  if (!last?.ok || last.outlier || last.epoch !== world.epoch || last.sid !== sid || userId === null) return;
  // (One sent on the clock untrusted: when, in the server's day, is not known; the flow may count it
  // for the day before, stale, and read again at once: REVIEW36. Not required current.)
  if (!last.sentTrusted) return;
  // (A read of its own on its way: the tab reads again because of a datum it could not judge, a
  // forged unreadable one, stale until it is taken, by design; seed 305, thirty-seventh pass.)
  if ((world.net.reading.get(tab.key) ?? 0) > 0) return;
  const read = newestRead(world, userId);
  if (
    !read ||
    read.at !== last.at ||
    read.order !== last.order ||
    read.key !== tab.key ||
    read.truth.oddity !== null
  )
    return;
  if (spDay(read.at) !== spDay(at) || !cleanClock(world, tab) || !trustedOf(tab)) return;
  const r = view.restrictions;
  const bound = boundOf(tab);
  // A reached (or not known) play-time limit bars betting whatever the profile says (review 7 H4).
  const played = tab.client.view.playTime?.reached === true;
  const wanted = played
    ? false
    : surelyFree(read.truth, at, bound)
      ? true
      : surelyBars(read.truth, at, bound)
        ? false
        : null;
  const deposit = depositAt(read.truth, at, bound);
  if (r?.status === 'current' && deposit !== null && r.limits.deposit.amount !== deposit) {
    throw new InvariantError(
      'I5 a clean read is taken',
      `tab ${tab.index} shows a deposit limit of ${r.limits.deposit.amount}; its own newest read says ${deposit} at ${new Date(at).toISOString()} (${JSON.stringify(read.truth.deposit)})`,
    );
  }
  if (r?.status !== 'current' || (wanted !== null && r.canBet !== wanted)) {
    throw new InvariantError(
      'I5 a clean read is taken',
      `tab ${tab.index}'s own read (${new Date(read.at).toISOString()}) is the newest and clean, bars: ${barsAt(read.truth, at)}, yet it shows status ${r?.status ?? 'none'}, canBet ${r?.canBet ?? 'none'}`,
    );
  }
}

/** Play time beyond the model's count that beats may add: two beats (a beat is 15 s). */
const PLAY_SLACK_MS = 30_000;

/**
 * Play time counts only signed-in, awake time: never more than the model counted for the player
 * (today or yesterday in São Paulo, as the tab's clock may sit on either side of midnight), and
 * never less than this tab's own unbroken stretch of it (`world.stretches`): its alert fires no
 * later than its threshold.
 */
function checkPlayTime(world: ModelWorld, tab: ModelTab, at: number): void {
  const play = tab.client.view.playTime;
  const { userId } = sessionOf(tab.client);
  if (!play || userId === null) return;
  // Not known (no server time learned yet, or a clock that gave none): nothing counted, and nothing
  // says time is left (fail closed).
  if (play.known === false) {
    if (!play.reached || play.leftMs !== 0)
      throw new InvariantError('I4 alerts', `tab ${tab.index}: time left on a count not known`);
    return;
  }
  const day = spDay(at);
  const counted = Math.max(
    world.played.get(`${userId}:${day}`) ?? 0,
    world.played.get(`${userId}:${day - 1}`) ?? 0,
  );
  if (play.usedMs > counted + PLAY_SLACK_MS) {
    throw new InvariantError(
      'I4 play time',
      `tab ${tab.index} shows ${play.usedMs} ms played; player ${userId} was signed in and awake ${counted} ms`,
    );
  }
  const stretch = world.stretches.get(tab.index);
  if (stretch) {
    const least = Math.min(stretch.from + stretch.ms, play.limitMs) - PLAY_SLACK_MS;
    if (play.usedMs < least) {
      throw new InvariantError(
        'I4 play time',
        `tab ${tab.index} shows ${play.usedMs} ms played; it was signed in and awake for ${stretch.ms} ms since it showed ${stretch.from} ms`,
      );
    }
    if (stretch.from + stretch.ms >= play.limitMs + PLAY_SLACK_MS && !play.reached) {
      throw new InvariantError(
        'I4 alerts',
        `tab ${tab.index}: the limit of ${play.limitMs} ms is not reached after ${stretch.from + stretch.ms} ms`,
      );
    }
  }
  if (play.reached !== play.usedMs >= play.limitMs) {
    throw new InvariantError(
      'I4 alerts',
      `tab ${tab.index}: reached ${play.reached} at ${play.usedMs} of ${play.limitMs} ms`,
    );
  }
}

/** In any window of the lock's length, no more wrong passwords than the lock allows (per player; a 401's, its token refused, was never checked). */
function checkPasswords(world: ModelWorld): void {
  const wrong = world.net.passwords.filter((p) => p.wrong && !p.unchecked);
  for (const first of wrong) {
    const inWindow = wrong.filter(
      (p) => p.userId === first.userId && p.at >= first.at && p.at < first.at + STEP_UP_LOCK_MS,
    );
    if (inWindow.length > STEP_UP_MAX_ATTEMPTS) {
      throw new InvariantError(
        'I5 step-up lock',
        `${inWindow.length} wrong passwords of player ${first.userId} sent within ${(inWindow.at(-1)!.at - first.at) / MIN} min (lock: ${STEP_UP_MAX_ATTEMPTS})`,
      );
    }
  }
}

/**
 * Once drained, a signed-in tab's token is its own player's: never another player's token (a
 * refresh of one login taken by another, a 401's retry with a token another tab stored).
 */
function checkTokenOwner(world: ModelWorld, tab: ModelTab): void {
  if (tab.client.view.status !== 'signedIn') return;
  const held = tab.client.tokens.get();
  // The model's stores (web storage, memory) answer at once.
  if (held instanceof Promise)
    throw new InvariantError('I6 token owner', `tab ${tab.index}: its store answered later`);
  if (!held) return;
  const owner = world.net.owners.get(held.accessToken);
  const { userId } = sessionOf(tab.client);
  if (owner !== userId) {
    throw new InvariantError(
      'I6 token owner',
      `tab ${tab.index} shows player ${userId} and holds player ${owner}'s token`,
    );
  }
}

/** Every invariant, after one command. */
export function checkInvariants(world: ModelWorld): void {
  const at = world.trueNow();
  checkPasswords(world);
  const settled = drained(world);
  for (const tab of world.openTabs()) {
    checkCanBet(world, tab, at, settled);
    checkClock(world, tab, at);
    checkTold(tab);
    checkPlayTime(world, tab, at);
  }
  if (!settled) return;
  checkConverged(world);
  for (const tab of world.openTabs()) {
    checkCleanReadTaken(world, tab, at);
    checkTokenOwner(world, tab);
  }
}

/** One line per open tab: what it shows (for a failing run's log). */
export function describeWorld(world: ModelWorld): string {
  const at = world.trueNow();
  return world
    .openTabs()
    .map((tab) => {
      const v = tab.client.view;
      const { userId, sid } = sessionOf(tab.client);
      const r = v.restrictions;
      return `\n  tab ${tab.index}${tab.asleep ? ' (asleep)' : ''}: ${v.status} player ${userId} sid ${sid} restrictions ${r ? `${r.status} canBet ${r.canBet}` : 'null'} serverNow ${clockOf(tab).serverNow() - at} ms`;
    })
    .join('');
}
