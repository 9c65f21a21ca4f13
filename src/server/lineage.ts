// A browser's sign-in lineage (REVIEW-S, J(a)): the logins made by calls that carried a cookie of
// one another, from a first login made with no session cookie. A browser holds one cookie at a
// time, so every login of a lineage is that browser's: the one its cookie holds, the ones it
// replaced, and a login still in flight, whose cookie is set after. A logout ends the lineage of
// the cookie it carries: every login of it, answered or in flight, never one of another browser.
//
// A logout marks the lineage ended and then reads its logins; a login joins the lineage and then
// reads the mark (before its answer goes out). Whatever the interleaving, one of the two sees the
// other: the logout ends the login, or the login refuses itself (with a store, across instances).

import type { Sealer, SessionData } from './cookie';
import { asSessionData } from './cookie';
import { written } from './rotation';
import { IN_FLIGHT_MS, PROBE_MS, StoreFailure } from './store';
import type { PamSessionStore } from './types';

/** The logins of one lineage kept (a 33rd login in one browser's lineage starts a lineage of its own). */
const MAX_LOGINS = 32;
/** Lineages remembered by one instance (the oldest forgotten first; a store keeps them all). */
const MAX_LINEAGES = 10_000;
/** Logins (sessions) one instance keeps across its lineages: the oldest lineages forgotten first. */
const MAX_KEPT = 20_000;

/**
 * The steps past a lineage a login sent with its cookie may go on to (`<lineage>+` ...): its
 * successors (`joinedBy`) and a full one's next steps; the last is its own successor (sign-in.ts).
 */
export const STEPS_ON = 8;

/** The earlier tries a logout's try takes with its own (`Lineages.tried`; the browser client sends three). */
const TRIES_CUT = 8;

/** The empty slots of a lineage a logout checks against the store's order (`members`: a login joins the first free). */
const PROBED = 2;

/** The id of a mark two logouts' answers wrote over each other (`close`): no try is its logout's. */
export const CONTESTED = '-';

/** The lineage `session` belongs to (a cookie sealed before lineages: its own login's). */
export const lineageOf = (session: SessionData): string => session.lineage ?? session.loginId;

interface Deps {
  sealer: Sealer;
  store: PamSessionStore | undefined;
  now: () => number;
}

/**
 * A lineage's end mark: when its window (`IN_FLIGHT_MS`) counts from (`at`, the writer's clock),
 * the logout's id (`by`, '' if none), the number of the try that marked it last (`n`), and whether
 * the store still keeps its window (`win`: its `win:` key; null with no store, or one that failed).
 */
export interface Mark {
  at: number;
  by: string;
  n: number;
  win: boolean | null;
}

/**
 * Whether the window after `mark` is open at `at` (this instance's clock): by `either` clock, this
 * instance's or the store's (a login in it is refused: fail closed), or by `both` (a try known as
 * its logout's, which may clear a cookie). Review 57: two instances' clocks may differ; the store's
 * is one for all.
 */
export const inWindow = (mark: Mark, at: number, by: 'either' | 'both'): boolean => {
  const local = mark.at + IN_FLIGHT_MS > at;
  const store = mark.win ?? local;
  return by === 'both' ? local && store : local || store;
};

/** A lineage's logins kept here (`Lineages.logins`). */
interface Joined {
  until: number;
  members: Map<string, SessionData>;
  more?: boolean;
}

export class Lineages {
  /**
   * lineage -> until when, its logins here (loginId -> the newest session known here), and whether
   * a login found it full (`more`: it went on to the next step).
   */
  private readonly logins = new Map<string, Joined>();
  /** The sessions `logins` holds, all lineages together (`MAX_KEPT`). */
  private kept = 0;
  /** lineage -> until when, when and by which logout: the lineages a logout here ended. */
  private readonly ended = new Map<string, { until: number; at: number; by: string; n: number }>();
  /** The tries `tried` took here (`try:<lineage>:<id>:<n>` -> until when). */
  private readonly tries = new Map<string, number>();

  constructor(private readonly deps: Deps) {}

  /**
   * `session` (a login sealed in a call that carried a cookie of its lineage, or the first of its
   * own) joins its lineage until `until` (its absolute end); false when the lineage holds
   * `MAX_LOGINS` already, marked as such first (`more`: the login goes on to the next step, which a
   * logout of this one then walks, review 59). A first login is kept here only, without a store: the logout of a stale
   * copy of its cookie then still finds its newest token past `graceMs` (`rotated`); with a store
   * its rotations are found there, and no logout can have ended a lineage not yet answered.
   */
  async join(session: SessionData, until: number): Promise<boolean> {
    const lineage = lineageOf(session);
    const now = this.deps.now();
    const { store } = this.deps;
    if (store && session.lineage === undefined) return true;
    if (store) {
      const sealed = await this.deps.sealer.seal(session);
      const ttl = Math.max(1, until - now);
      let slot = -1;
      for (let i = 0; i < MAX_LOGINS && slot < 0; i++)
        if (await store.claim(`lin:${lineage}:${i}`, 'joining', ttl)) slot = i;
      // (A flag the store does not take fails the login: a logout would not walk on to it, review 61.)
      if (slot < 0) {
        if (!(await written(store, `lin:${lineage}:more`, ttl, '1'))) throw new StoreFailure('full lineage');
        return false;
      }
      // Written once the slot is won (a claim's value is the store's own: unstorage decorates it);
      // the caller reads the lineage's mark only after this write. Its taking told beside it
      // (`hs:`, which a logout reading the slot empty claims as a check: `members`).
      await Promise.all([
        store.set(`lin:${lineage}:${slot}`, sealed, ttl),
        store.set(`hs:${lineage}:${slot}`, '1', ttl),
      ]);
    }
    for (const [id, entry] of this.logins) if (entry.until <= now) this.forget(id);
    const entry: Joined = this.logins.get(lineage) ?? { until, members: new Map() };
    if (!store && entry.members.size >= MAX_LOGINS) {
      entry.more = true;
      return false;
    }
    this.logins.delete(lineage); // re-inserted last: the newest lineage is forgotten last
    while (this.logins.size >= MAX_LINEAGES || (this.kept >= MAX_KEPT && this.logins.size > 0))
      this.forget(this.logins.keys().next().value!);
    entry.until = Math.max(entry.until, until);
    if (!entry.members.has(session.loginId)) this.kept++;
    entry.members.set(session.loginId, session);
    this.logins.set(lineage, entry);
    return true;
  }

  private forget(lineage: string): void {
    this.kept -= this.logins.get(lineage)?.members.size ?? 0;
    this.logins.delete(lineage);
  }

  /**
   * The newest copy of `session`'s login this instance's lineages hold (`rotated`), if any: past
   * `graceMs` without a store, the only record of a refresh a stale copy of its cookie predates.
   */
  latest(session: SessionData): SessionData | undefined {
    return this.logins.get(lineageOf(session))?.members.get(session.loginId);
  }

  /** A refresh replaced a session's token: the lineage's copy here follows (a logout revokes the newest). */
  rotated(session: SessionData): void {
    const members = this.logins.get(lineageOf(session))?.members;
    if (members?.has(session.loginId)) members.set(session.loginId, session);
  }

  /**
   * Ends `lineage` (a logout) until `until`: no login joining it is sealed again, here or (store)
   * anywhere. `by`: the logout's own id (`X-Pam-Logout`) and `n` its try's number, which a later
   * try names to be known as it; `at`: the time the window (`IN_FLIGHT_MS`) counts from (a logout's
   * first mark: the latest its answer can leave, until `close` writes when it did). Never throws
   * (`written`: a store that fails, the mark is this instance's only: false).
   */
  async end(lineage: string, until: number, by = '', n = 0, at = this.deps.now()): Promise<boolean> {
    const now = this.deps.now();
    for (const [id, e] of this.ended) if (e.until <= now) this.ended.delete(id);
    if (this.ended.size >= MAX_LINEAGES) this.ended.delete(this.ended.keys().next().value!);
    this.ended.set(lineage, { until, at, by, n });
    // The window kept by the store's clock too (`win:`, its TTL the window's end), asked first and
    // not waited for (no store step more): a mark read without it is judged by the reader's clock
    // alone (`inWindow`: a login refused, a try not known as its logout's).
    const { store } = this.deps;
    void written(store, `win:${lineage}`, Math.max(1, at + IN_FLIGHT_MS - now), '1');
    return (
      !store || (await written(store, `out:${lineage}`, Math.max(1, until - now), `${at} ${by} ${n} ${now}`))
    );
  }

  /**
   * Marks `lineage` again as the answer of try `n` of logout `by` leaves (the window counts from
   * now), unless a later try of this logout marked it since (review 57: a slow first try's answer
   * would have let an earlier try be taken for a later one). Over another logout's mark, as
   * nobody's (`CONTESTED`): two logouts' answers cleared the cookie, and a later try of either,
   * sent before the other's answer came and late on the wire, could clear a login made since
   * (review 59).
   */
  async close(lineage: string, until: number, by: string, n: number): Promise<void> {
    // (The store's mark alone: one that cannot be read, no second mark, the first (dated ahead)
    // stands; this instance's own would be older than another instance's since: review 59.)
    const mark = await this.endOf(lineage, { storeOnly: true }).catch(() => undefined);
    if (mark === undefined || (mark?.by === by && mark.n > n)) return;
    await this.end(lineage, until, !mark || mark.by === by ? by : CONTESTED, n);
  }

  /**
   * Try `n` of logout `by` on `lineage` takes its number, and the `TRIES_CUT` below it (store
   * claims, set-if-absent: one order for all instances, whatever a replica that lags answers a read):
   * `lost` when a later try of that logout took it first (it arrived before this one, its answer
   * may be the one the browser got: this try must never clear a cookie, review 66), `won`, or
   * `unknown` (the store failed: this instance's own record alone).
   */
  async tried(lineage: string, by: string, n: number, until: number): Promise<'won' | 'lost' | 'unknown'> {
    const now = this.deps.now();
    for (const [key, end] of this.tries) if (end <= now) this.tries.delete(key);
    const keys = Array.from(
      { length: Math.min(n, TRIES_CUT + 1) },
      (_, i) => `try:${lineage}:${by}:${n - i}`,
    );
    const mine = this.tries.has(keys[0]!);
    for (const key of keys) {
      if (this.tries.size >= MAX_LINEAGES) this.tries.delete(this.tries.keys().next().value!);
      if (!this.tries.has(key)) this.tries.set(key, until);
    }
    const { store } = this.deps;
    if (mine || !store) return mine ? 'lost' : 'won';
    const ttl = Math.max(1, until - now);
    const taken = await Promise.all(keys.map((key) => store.claim(key, '1', ttl).catch(() => null)));
    // ('won' only when every claim answered: one below that failed leaves that try free to clear,
    // review 73.)
    return taken[0] === false ? 'lost' : taken.includes(null) ? 'unknown' : 'won';
  }

  /**
   * A logout of a live login claims `lineage` as the first to clear it (`clr:`, with its id `by`):
   * null when it is the first, or when the store cannot say (REVIEW-P P1: a store down, the cookie
   * still cleared); else the id it holds ('' unread). Read only when the logout knows neither its
   * login's end nor the lineage's mark (review 64: another tab's logout had cleared the cookie, and
   * a login made with none since held the jar): the one store answer that tells "every read fails"
   * from "two keys fail".
   */
  async firstClear(lineage: string, by: string, until: number): Promise<string | null> {
    const { store } = this.deps;
    const key = `clr:${lineage}`;
    if (!store || (await store.claim(key, by, Math.max(1, until - this.deps.now())).catch(() => true)))
      return null;
    return String((await store.get(key).catch(() => '')) ?? '');
  }

  /**
   * Whether a login joining `lineage` (arriving at `at`) is refused: a logout ended it (here, or
   * with a store anywhere); only within its window (`IN_FLIGHT_MS`) with `windowOnly`: the last step
   * of its successors, past it its own successor, which a logout with the cookie walks to and ends
   * again (review 60: past eight steps ended, the browser was locked out for a day), or the lineage
   * of a live login's cookie, whose mark predates that login (review 62).
   */
  async refuses(lineage: string, at: number, windowOnly: boolean): Promise<boolean> {
    const ended = await this.endOf(lineage, { window: windowOnly });
    return ended !== null && (!windowOnly || inWindow(ended, at, 'either'));
  }

  /**
   * Whether a logout ended `lineage` `IN_FLIGHT_MS` or more before `at` (a call's arrival): a call
   * carrying its cookie then was sent with a copy the browser still held after the logout's answer
   * (lost), not one in flight across it. A store mark with no time (written before marks carried
   * one) counts as long ago.
   */
  async endedLongBefore(lineage: string, at: number): Promise<boolean> {
    const ended = await this.endOf(lineage, { window: true });
    return ended !== null && !inWindow(ended, at, 'either');
  }

  /**
   * The lineage a login sent with a cookie of `lineage` joins (arriving at `at`): that one, or, when
   * a logout ended it `IN_FLIGHT_MS` or more before (the browser kept its cookie, that logout's
   * answer lost), its successor `<lineage>+`: one lineage for every login sent with that kept cookie
   * since, which a logout with it ends too (review 57). Eight steps at most.
   */
  async joinedBy(lineage: string, at: number): Promise<string> {
    for (let i = 0; i < STEPS_ON && (await this.endedLongBefore(lineage, at).catch(() => false)); i++)
      lineage += '+';
    return lineage;
  }

  /**
   * When a logout ended `lineage`, its id (`by`, '' if none) and the number of the try that marked
   * it last (`n`) (here, or with a store anywhere), or null. `storeOnly`: the store's mark alone
   * (with a store; one that fails rejects); `window`: whether the store keeps its window read with
   * it (`win`; else null).
   */
  async endOf(lineage: string, { storeOnly = false, window = false } = {}): Promise<Mark | null> {
    const mine = this.ended.get(lineage);
    const kept = mine !== undefined && mine.until > this.deps.now() ? { ...mine, win: null } : null;
    const { store } = this.deps;
    if (!store) return kept;
    const here = storeOnly ? null : kept;
    // The store's mark, whenever it holds one: another instance's may be newer (review 57), and two
    // instances' write times are two clocks (review 60: a skewed instance's own stale mark won); this
    // instance's alone when the store fails or holds none. Its window read with it (`win`; review
    // 57: the instances' clocks may differ).
    let mark: string | null;
    let win: boolean | null;
    try {
      [mark, win] = await Promise.all([
        store.get(`out:${lineage}`),
        window
          ? store.get(`win:${lineage}`).then(
              (v) => v !== null,
              () => null,
            )
          : null,
      ]);
    } catch (error) {
      if (here) return here;
      throw error;
    }
    if (mark === null) return here && { ...here, win };
    // ("<at> <by> <n> <when written>"; older marks: "<at> <by>", "<at>", "ended".)
    // (The fourth, when written, is for the versions that took the mark written last.)
    const [time, by = '', n] = String(mark).split(' ');
    const at = Number.isFinite(Number(time)) ? Number(time) : Number.NEGATIVE_INFINITY;
    const there = { at, by, n: Number(n) || 0, win };
    // This instance's own, when the store lost or refused it: a later try of the same logout, or
    // a mark made nobody's (review 61).
    const own = here !== null && (here.by === CONTESTED || (here.by === there.by && here.n > there.n));
    return own ? { ...here, win } : there;
  }

  /**
   * The logins that joined `lineage` (here, and with a store on every instance, as sealed when they
   * joined), whether a login found it full (`more`: it went on to the next step), whether a read
   * of the store failed (`unread`: a login may have joined that this list lacks), and whether a
   * read lagged (`stale`, told later: a slot the store's one order says a login took, read empty).
   */
  async members(
    lineage: string,
  ): Promise<{ sessions: SessionData[]; more: boolean; unread: boolean; stale: Promise<boolean> }> {
    const entry = this.logins.get(lineage);
    const found = new Map(entry?.members);
    let more = entry?.more === true;
    let unread = false;
    let stale = Promise.resolve(false);
    const { store } = this.deps;
    if (store) {
      // Every slot read (an earlier one may have expired before a later one), and the mark of a
      // full lineage; a store that fails: the logins known here (a logout revokes what it can
      // find: REVIEW-P P1).
      const unreadAt = new Set<number>();
      const slots = await Promise.all(
        Array.from({ length: MAX_LOGINS + 1 }, (_, i) =>
          store.get(`lin:${lineage}:${i < MAX_LOGINS ? i : 'more'}`).catch(() => {
            unread = true;
            unreadAt.add(i);
            return null;
          }),
        ),
      );
      more ||= slots.pop() !== null;
      // (The first slots read empty, where a login joins next, checked against the store's one
      // order: each `hs:` claimed as a `probe` (`PROBE_MS`); lost to a login (its value not another
      // check's), the read lagged (fiftieth pass). Awaited by the caller last, beside its other
      // store steps: no store deadline more. A claim or a read that fails says nothing.)
      const empty = slots.flatMap((sealed, i) => (sealed === null && !unreadAt.has(i) ? [i] : []));
      stale = Promise.all(
        empty.slice(0, PROBED).map(async (i) => {
          const key = `hs:${lineage}:${i}`;
          if (await store.claim(key, 'probe', PROBE_MS).catch(() => true)) return false;
          return !String(await store.get(key).catch(() => 'probe')).startsWith('probe');
        }),
      ).then((lagged) => lagged.includes(true));
      for (const sealed of slots) {
        const session = sealed === null ? null : asSessionData(await this.deps.sealer.open(sealed));
        if (session && !found.has(session.loginId)) found.set(session.loginId, session);
      }
    }
    return { sessions: [...found.values()], more, unread, stale };
  }
}
