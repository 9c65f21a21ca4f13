// The restrictions a player accepted (or another tab was heard to accept), and the limit changes
// (R-2, REVIEW-T T-5), kept beside the token store for a day: in memory, and in `localStorage`
// where there is one (`pam-client.restricted:<id>`, `pam-client.limits:<id>`), so a later read from
// a lagging replica, a later login or page, shows the player barred (fail closed). The tabs flow
// keeps what the other tabs tell (./tabs.ts) and tells what it keeps to a tab that joins; a record
// read out of its day (on a clock that learned the server's time) is removed. The rules are
// profile-rules.ts's (`AcceptedStore`).

import { compareLimit, type LimitSetting } from 'pam-client';
import { limitsOf } from '../cross-tab';
import {
  ACCEPTED_MS,
  type AcceptedLimits,
  type AcceptedRestriction,
  type AcceptedStore,
  dayOf,
  LIMIT_KINDS,
  strongerOf,
} from './profile-rules';
import { storeKey } from './store-key';

const accepted = new WeakMap<object, Map<string, unknown>>();
// The clock the store's readings come from, per token store (`acceptedStoreOf`'s `clock`).
const clocks = new WeakMap<object, { learned?(): boolean }>();
type Web = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Two records of accepted limits as one at `now`: each for its day (one dated ahead: from `now`),
 * kind by kind the one `compareLimit` proves stricter (a looser or incomparable one, heard or forged, never replaces one kept),
 * at the later time. Null when neither is in its day. `clamp` false (a clock that has not learned the
 * server's time, REVIEW-T T-7): one dated ahead keeps its time (it bars; it is not moved earlier).
 */
export function mergeLimits(
  a: AcceptedLimits | null | undefined,
  b: AcceptedLimits | null | undefined,
  now: number,
  clamp = true,
): AcceptedLimits | null {
  // (At a time the clock could not give, NaN: kept, fail closed.)
  // (Not lapsed on a clock that has not learned the server's time either: one ahead would end a
  // record of an hour ago, review 80.)
  const live = (l: AcceptedLimits | null | undefined) =>
    l && !(clamp && now - l.at >= ACCEPTED_MS) ? (clamp && l.at > now ? { ...l, at: now } : l) : null;
  const [x, y] = [live(a), live(b)];
  if (!x || !y) return x ?? y;
  // A kind's setting as a record holds it; `y`'s replaces `x`'s, whole, only where `compareLimit`
  // proves it stricter (periods compared: monthly 1,000 is never replaced by daily 100, up to
  // 3,100 a month; REVIEW-V 1), or where `x` holds none of that kind.
  const of = (f: Record<string, unknown>, k: string): LimitSetting | null =>
    `user_limit_${k}` in f
      ? {
          amount: f[`user_limit_${k}`] as number,
          period: f[`user_limit_${k}_period`] as LimitSetting['period'],
          active: f[`user_limit_${k}_active`] as number,
        }
      : null;
  const fields = { ...x.fields };
  for (const k of LIMIT_KINDS) {
    const [old, heard] = [of(x.fields, k), of(y.fields, k)];
    // (Of one period, or none read, the lower active amount: an inactive one limits nothing.)
    const cap = (l: LimitSetting) => (+l.active! === 1 && +l.amount! >= 0 ? +l.amount! : Infinity);
    let take = !!heard && (!old || (old.period === heard.period && cap(heard) < cap(old)));
    try {
      take ||= !!heard && compareLimit(old!, heard) === 'stricter';
    } catch {}
    if (take) {
      for (const f in fields) if (f.startsWith(`user_limit_${k}`)) delete fields[f];
      for (const f in y.fields) if (f.startsWith(`user_limit_${k}`)) fields[f] = y.fields[f];
    }
  }
  return { at: Math.max(x.at, y.at), fields };
}

/**
 * One record of a kept one `x` and a later word `r` (the store keeps one per player): of one kind,
 * the later (but one heard gives way to the same dated by a read that showed it), its day the later
 * of theirs; a self-exclusion and a pause: `strongerOf`.
 */
const slotOf = (x: AcceptedRestriction, r: AcceptedRestriction): AcceptedRestriction => {
  if (x.kind !== r.kind) return strongerOf(x, r);
  const w = x.heard && !r.heard ? r : r.at >= x.at ? r : x;
  const day = Math.max(dayOf(x), dayOf(r));
  return day > w.at ? { ...w, from: day } : w;
};

/**
 * The accepted restrictions and limits kept beside `tokens` (see `AcceptedStore`). `clock`: where
 * the readings come from, kept for every store of `tokens`; one that has not learned the server's
 * time never moves a kept time earlier (REVIEW-T T-7: a device clock behind would make a record
 * lapse early for every tab). None known: as one that learned.
 */
export function acceptedStoreOf(view: object, clock?: { learned?(): boolean } | null): AcceptedStore {
  // (Kept per store, not per client's guarded view of it: a remount on the same store keeps them, review 135.)
  const tokens = storeKey(view);
  const m = accepted.get(tokens) ?? new Map<string, unknown>();
  accepted.set(tokens, m);
  if (clock) clocks.set(tokens, clock);
  const taught = () => clocks.get(tokens)?.learned?.() !== false;
  // A record removed (F5) only a week past its day, read on a clock known to have learned the
  // server's time (REVIEW-Z Z-2: a device clock set a day ahead, or a store with no clock, would
  // delete a live bar; a later login's lagging read then showed the player free).
  const gone = (at: number, now: number) =>
    clocks.get(tokens)?.learned?.() === true && !(now - at < 7 * ACCEPTED_MS);
  // No storage, or one that throws (sandboxed frame, quota): memory only.
  const web = (call: (s: Web) => unknown): unknown => {
    try {
      const s = (globalThis as { localStorage?: Web }).localStorage;
      return s ? call(s) : null;
    } catch {
      return null;
    }
  };
  // What is kept under `key`: in memory, and in storage, each record read on its own (`check`:
  // anything else, foreign or forged, is none), in the form the channel takes (REVIEW-V F6: one it
  // refuses made a whole sync answer refused); a time past any instant: the last one; one before
  // the first (negative), the first (kept on a clock that has not learned the server's time: review
  // 80).
  const both = <T extends { at: number }>(key: string, check: (v: unknown) => T | null) =>
    [m.get(key), web((s) => JSON.parse(s.getItem(key) ?? 'null'))].map((v) => {
      const x = check(v) as (T & { from?: number }) | null;
      const clamp = (t: number) => Math.max(0, Math.min(t, 9e15));
      return x && { ...x, at: clamp(x.at), ...(x.from !== undefined && { from: clamp(x.from) }) };
    }) as [T | null, T | null];
  const drop = (key: string) => {
    m.delete(key);
    web((s) => s.removeItem(key));
  };
  const keep = (key: string, v: unknown) => {
    m.set(key, v);
    web((s) => s.setItem(key, JSON.stringify(v)));
  };
  const rKey = (id: number) => `pam-client.restricted:${id}`;
  const lKey = (id: number) => `pam-client.limits:${id}`;
  // (Fail closed: a kind not known here, a newer version's, bars as a pause.)
  const stored = (r: unknown): AcceptedRestriction | null => {
    const x = r as AcceptedRestriction | null;
    return x && typeof x.kind === 'string' && Number.isFinite(x.at)
      ? {
          kind: x.kind === 'selfExclusion' ? x.kind : 'pause',
          at: x.at,
          ...(x.heard === true && { heard: x.heard }),
          // (Its day to a later pause's: `strongerOf`; one before `at` is none.)
          ...(Number.isFinite(x.from) && x.from! > x.at && { from: x.from }),
        }
      : null;
  };
  const limits = (userId: number | null, now: number) => {
    if (userId === null) return null;
    const kept = both(lKey(userId), limitsOf);
    const l = mergeLimits(...kept, now, taught());
    if (!l && kept.every((x) => !x || gone(x.at, now))) drop(lKey(userId));
    return l;
  };
  const store = {
    recall(userId: number | null | undefined, now: number, peek?: boolean) {
      if (userId == null) return null;
      const [a, b] = both(rKey(userId), stored);
      let latest = a && b ? slotOf(a, b) : (a ?? b);
      // One dated ahead of this reading (written on a clock ahead, or forged: ten years ahead) would
      // bar with no end. It still bars, from now: its time is this reading's, kept so that it lapses
      // a day later at most (fail closed but bounded; review 8, item 4). Only on a clock that learned
      // the server's time: an untaught one behind would date it early for every tab (T-7); it bars.
      // (`peek`: what it would answer, nothing written; the writes never change the answer.)
      if (latest && dayOf(latest) > now && taught()) {
        latest = { ...latest, at: Math.min(latest.at, now), from: now };
        if (!peek) keep(rKey(userId), latest);
      }
      // (At a time the clock could not give, NaN: kept, fail closed. So on a clock that has not
      // learned the server's time: one ahead made a pause accepted an hour ago lapse, the read not
      // showing it yet, and the player free to bet (review 80). It lapses once the clock learns.)
      if (latest && (!taught() || !(now - dayOf(latest) >= ACCEPTED_MS))) return latest;
      // Long out of its day (`gone`): it leaves memory and storage (REVIEW-V F5: nothing removed
      // them; they stayed on the device for good).
      if (!peek && latest && gone(dayOf(latest), now)) drop(rKey(userId));
      return null;
    },
    // The later of two is kept (a restriction heard from another tab, or shown again, never
    // shortens one kept for longer), but one heard gives way to the same, dated by a read that
    // showed it (as one accepted here: a read that shows it again is not told to read again); a
    // self-exclusion and a pause within a day: the self-exclusion, its day to the later (review 85).
    remember(userId: number | null, r: AcceptedRestriction) {
      if (userId === null) return;
      for (const x of both(rKey(userId), stored)) if (x) r = slotOf(x, r);
      keep(rKey(userId), r);
    },
    recallLimits: limits,
    rememberLimits(userId: number | null, l: AcceptedLimits, now: number) {
      const had = limits(userId, now);
      const next = mergeLimits(had, l, now, taught());
      const changed = !!next && JSON.stringify(next) !== JSON.stringify(had);
      if (changed) keep(lKey(userId!), next);
      return changed;
    },
  };
  return store;
}
