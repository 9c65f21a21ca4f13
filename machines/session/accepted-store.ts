// The restrictions a player accepted (or another tab was heard to accept), kept beside the token
// store for a day: in memory, and in `localStorage` where there is one (`pam-client.restricted:<id>`),
// so a later read from a lagging replica, a later login or page, shows the player barred (fail
// closed). The rules are profile-rules.ts's (`AcceptedStore`).

import { ACCEPTED_MS, type AcceptedRestriction, type AcceptedStore } from './profile-rules';

const accepted = new WeakMap<object, Map<number, AcceptedRestriction>>();
type Web = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The accepted restrictions kept beside `tokens` (see `AcceptedStore`). */
export function acceptedStoreOf(tokens: object): AcceptedStore {
  const m = accepted.get(tokens) ?? new Map<number, AcceptedRestriction>();
  accepted.set(tokens, m);
  const key = (id: number) => `pam-client.restricted:${id}`;
  // No storage, or one that throws (sandboxed frame, quota): memory only.
  const web = (call: (s: Web) => unknown): unknown => {
    try {
      const s = (globalThis as { localStorage?: Web }).localStorage;
      return s ? call(s) : null;
    } catch {
      return null;
    }
  };
  const stored = (id: number): AcceptedRestriction | null => {
    // Anything else there (foreign, forged) is none: it could only bar.
    const r = web((s) => JSON.parse(s.getItem(key(id)) ?? 'null')) as AcceptedRestriction | null;
    return r && typeof r.kind === 'string' && Number.isFinite(r.at)
      ? { kind: r.kind, at: r.at, ...(r.heard === true && { heard: r.heard }) }
      : null;
  };
  const keep = (userId: number, r: AcceptedRestriction) => {
    m.set(userId, r);
    web((s) => s.setItem(key(userId), JSON.stringify(r)));
  };
  return {
    recall(userId, now) {
      if (userId === null) return null;
      const [a, b] = [m.get(userId), stored(userId)];
      let latest = a && b && b.at > a.at ? b : (a ?? b);
      // One dated ahead of this reading (written on a clock ahead, or forged: ten years ahead) would
      // bar with no end. It still bars, from now: its time is this reading's, kept so that it lapses
      // a day later at most (fail closed but bounded; review 8, item 4).
      if (latest && latest.at > now) {
        latest = { ...latest, at: now };
        keep(userId, latest);
      }
      // (At a time the clock could not give, NaN: kept, fail closed.)
      return latest && !(now - latest.at >= ACCEPTED_MS) ? latest : null;
    },
    // The later of two is kept (a restriction heard from another tab, or shown again, never
    // shortens one kept for longer), but one heard gives way to the same, dated by a read that
    // showed it (as one accepted here: a read that shows it again is not told to read again).
    remember(userId, r) {
      if (
        userId !== null &&
        ![m.get(userId), stored(userId)].some(
          (x) => x && x.at > r.at && !(x.heard && !r.heard && x.kind === r.kind),
        )
      )
        keep(userId, r);
    },
  };
}
