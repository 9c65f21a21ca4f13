// Token rotation on the server: a due token is refreshed once per instance (concurrent calls share
// one refresh), or once across instances with a store; old -> new is remembered so a call still
// carrying the old cookie is served with (and given) the new session. A replaced token is never
// handed out again. A logout ends the login (its loginId), whatever is in flight or replayed later.

import type { Sealer, SessionData } from './cookie';
import { asSessionData } from './cookie';
import { type Hold, heldIn, keepHold, MAX_ENDED } from './holds';
import { IN_FLIGHT_MS } from './store';
import type { PamSessionStore } from './types';

/** What a refresh came to. */
export type RefreshOutcome =
  | { kind: 'rotated'; session: SessionData }
  /** The refresh route answered 401: the session is over. */
  | { kind: 'revoked' }
  /** A transport or 5xx failure: keep the current token (valid until its expiry), try again later. */
  | { kind: 'kept' };

/**
 * A refresh's new access token and the session's other secrets from then on (`SessionData.secrets`:
 * the refresh answer's, then the session's earlier ones the cookie still holds).
 */
export interface RefreshedToken {
  token: string;
  secrets: string[];
  /** The field each of `secrets` came from (`SessionData.fields`). */
  fields: string;
  /** The new token's life in ms, when the answer gives one (`expires_in`); else the login's. */
  lifeMs?: number;
}

/** The refresh call itself: the new access token, 'revoked' on a 401, 'failed' otherwise. */
export type RefreshCall = (token: string) => Promise<RefreshedToken | 'revoked' | 'failed'>;

/** Revokes a token at the API (best effort). */
export type RevokeCall = (token: string) => Promise<void>;

interface Deps {
  sealer: Sealer;
  store: PamSessionStore | undefined;
  graceMs: number;
  now: () => number;
  /** How long a loser of the claim waits for the winner's rotation. */
  waitMs: number;
}

const MAX_CHAIN = 16;
const POLL_MS = 25;
async function digest(token: string): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An ending's mark written to `store` (a logout's: `Rotations.end`, `Lineages.end`), best effort:
 * a store that fails never keeps the logout from revoking and clearing (REVIEW-P P1). True when
 * written.
 */
export const written = (
  store: PamSessionStore | undefined,
  key: string,
  ttl: number,
  value = 'ended',
): Promise<boolean> =>
  store
    ? store.set(key, value, ttl).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);

export class Rotations {
  /** old token -> its replacement, kept `graceMs`. */
  private readonly grace = new Map<string, { session: SessionData; until: number }>();
  private readonly inflight = new Map<string, Promise<RefreshOutcome>>();
  /** loginId -> until when: the logins a logout here ended (until their absolute end). */
  private readonly ended = new Map<string, number>();
  /**
   * loginId -> until when, and whether a clearing answer's check (true) or a login over its cookie
   * (false) took it: this instance's own record of `fin:` (the store's order, without a store or
   * when its claim failed), `IN_FLIGHT_MS` long.
   */
  private readonly fins = new Map<string, Hold>();
  /** loginId -> `clearedFirst`'s decision on its way here (`decideFirst`). */
  private readonly deciding = new Map<string, Promise<boolean>>();
  /**
   * A lineage's root -> until when, and whether a clearing answer (true) or a login (false) took
   * it: this instance's record of `cut:` (`cut`), `IN_FLIGHT_MS` long.
   */
  private readonly cuts = new Map<string, Hold>();

  constructor(private readonly deps: Deps) {}

  /**
   * The newest session this instance knows for `session` (grace map only; synchronous, cheap);
   * `met` sees every successor on the way (each one's tokens are hunted: a call may be answered
   * with any of them).
   */
  latestLocal(session: SessionData, met?: (s: SessionData) => void): SessionData {
    let current = session;
    for (let i = 0; i < MAX_CHAIN; i++) {
      const next = this.grace.get(current.token);
      if (!next || next.until <= this.deps.now()) return current;
      current = next.session;
      met?.(current);
    }
    return current;
  }

  /** The newest session known here or in the store; `met` sees every successor on the way. */
  async newest(session: SessionData, met?: (s: SessionData) => void): Promise<SessionData> {
    let current = this.latestLocal(session, met);
    const { store } = this.deps;
    if (!store) return current;
    for (let i = 0; i < MAX_CHAIN; i++) {
      const next = await this.stored(current.token);
      if (!next) return current;
      met?.(next);
      current = this.latestLocal(next, met);
    }
    return current;
  }

  /**
   * Refreshes `session`'s token once (per instance, or across instances with a store). A token
   * obtained for a login that ended meanwhile (a logout) is revoked, never used: 'revoked'.
   */
  refresh(session: SessionData, call: RefreshCall, revoke: RevokeCall): Promise<RefreshOutcome> {
    const running = this.inflight.get(session.token);
    if (running) return running;
    const started = this.run(session, call, revoke).finally(() => this.inflight.delete(session.token));
    this.inflight.set(session.token, started);
    return started;
  }

  /** Forgets `token`'s rotations here (logout). */
  forget(token: string): void {
    this.grace.delete(token);
  }

  /**
   * Ends `session`'s login (a logout) until `until` (its absolute end): no cookie of it is taken or
   * sealed again here, nor, with a store, on any instance (`hasEnded`). Never throws: true when
   * the store recorded it (`written`: false without a store, or when the store failed).
   */
  async end(session: SessionData, until: number): Promise<boolean> {
    const now = this.deps.now();
    for (const [id, at] of this.ended) if (at <= now) this.ended.delete(id);
    if (this.ended.size >= MAX_ENDED) this.ended.delete(this.ended.keys().next().value!);
    this.ended.set(session.loginId, until);
    return written(this.deps.store, `end:${session.loginId}`, Math.max(1, until - now));
  }

  /**
   * An ending of `session`'s login (a logout's, a new login's over it) takes its place in the
   * store's one order (a claim of `fin:`, set-if-absent, beside the `end:` it writes): false when
   * another ending came first, or a clearing answer of its cookie (`endedBefore`) within
   * `IN_FLIGHT_MS`, whatever a read of `end:` answered (a replica that lags, a read that failed);
   * null without a store, or when the store cannot say.
   */
  async endsFirst(session: SessionData, until: number): Promise<boolean | null> {
    if (this.finOf(session)?.clears) return false;
    const { store } = this.deps;
    if (!store) return null;
    const key = `fin:${session.loginId}`;
    const ttl = Math.max(1, until - this.deps.now());
    // (Its claim failing, it is written all the same: a later ending then finds it (review 74's
    // kind). Lost to a check of an older version (`probe`), no ending: taken over; to one that
    // lapsed since (read empty), claimed again, once (review 75).)
    for (let again = true; ; again = false) {
      // (`fin:` read beside the first claim, one store deadline for both: its claim failing, a
      // clearing answer's hold read says this ending comes after it (fifty-second pass, review 77's
      // expected failure: a live login's logout on an instance whose claims failed cleared the
      // cookie, and the hold's late answer then cleared a login made with none since).)
      const [won, peek] = await Promise.all([
        store.claim(key, '1', ttl).catch(() => null),
        again ? store.get(key).catch(() => undefined) : undefined,
      ]);
      // (Its claim failed: written all the same, not over a clearing answer's hold (review 77: the
      // `1` written over it let a later login past it), not waited for: no store deadline more.)
      if (won === null) {
        if (String(peek).startsWith('clear')) return false;
        void store
          .get(key)
          .then((held) => (String(held).startsWith('clear') ? undefined : store.set(key, '1', ttl)))
          .catch(() => {});
      }
      if (won !== false) return won;
      const held = await store.get(key).catch(() => '');
      if (held === null && again) continue;
      if (!String(held).startsWith('probe')) return false;
      await store.set(key, '1', ttl).catch(() => {});
      return true;
    }
  }

  /**
   * A login sent with the cookie of `session`, a login that is not live (ended, idle, past its
   * end), takes its place in `fin:`'s order (held `IN_FLIGHT_MS`): true when a clearing answer of
   * that cookie came first (`endedBefore`): its answer, on the wire, would clear this login's
   * cookie (review 75). A clearing check that comes after finds it and clears nothing. Its claim
   * lost, only a value read that another login or an ending holds lets it through: one read empty
   * (lapsed, or a replica that lags) is claimed again, once; one that cannot be read refuses it
   * (review 76: fail closed). A claim that fails: `fin:` read, a hold (or a read that fails too,
   * or none read: a replica that lags may hide one) refuses it (reviews 77, 84). Without a store:
   * this instance's record alone.
   */
  clearedFirst(session: SessionData): Promise<boolean> {
    const mine = this.finOf(session);
    if (mine) return Promise.resolve(mine.clears);
    // (One decision for the calls of one login that meet here together: the second, asking while
    // the first's claim is on its way, waits for it (review 77: it took a guess recorded before the
    // claim settled, and passed a hold the store held).)
    const id = session.loginId;
    let deciding = this.deciding.get(id);
    if (!deciding) {
      deciding = this.decideFirst(session).finally(() => this.deciding.delete(id));
      this.deciding.set(id, deciding);
    }
    return deciding;
  }

  /** `clearedFirst`'s claim and reads; recorded here (`fins`) only when it lets the login through. */
  private async decideFirst(session: SessionData): Promise<boolean> {
    const { store } = this.deps;
    const key = `fin:${session.loginId}`;
    for (let again = true; store; again = false) {
      const won = await store.claim(key, '1', IN_FLIGHT_MS).catch(() => null);
      if (won) break;
      const held = await store.get(key).catch(() => undefined);
      // (A claim that failed: a hold read refuses, as does a read that fails too (review 77), and
      // none read: a replica that lags may hide a hold (review 84, as `cut`'s).)
      if (won === null) {
        if (held == null || String(held).startsWith('clear')) return true;
        break;
      }
      if (held === null && again) continue;
      // (A check of an older version (`probe`) is taken over, as an ending takes it.)
      if (String(held).startsWith('probe')) await store.set(key, '1', IN_FLIGHT_MS).catch(() => {});
      if (held == null || String(held).startsWith('clear')) return true;
      break;
    }
    this.fin(session, false);
    return false;
  }

  /**
   * Whether an ending came before this call's clearing of `session`'s cookie: ended here, or, with
   * a store, `end:` read present or its claim of `fin:` lost (a logout, a login over it, another
   * clearing answer), both asked together (one store deadline). A claim lost says so whatever a
   * replica that lags answered the read; a read present says so when the ending's claim failed
   * (review 74). It ends nothing (review 74): `end:` is not written. Its claim won, the clearing
   * answer **holds** `fin:` (`clear`) `IN_FLIGHT_MS`, as long as the answer may be on the wire: a
   * login with that cookie that comes after finds it and is refused, a logout with it keeps the
   * cookie, another clearing answer clears nothing (review 75: a login was sealed, and the late
   * clearing answer cleared its cookie; review 76: a second clearing answer emptied the jar first,
   * and the login, sent with no cookie, met no hold). Rejects only when neither answers.
   */
  async endedBefore(session: SessionData): Promise<boolean> {
    const ended = this.ended.get(session.loginId);
    if ((ended !== undefined && ended > this.deps.now()) || this.finOf(session)) return true;
    const { store } = this.deps;
    if (store) {
      const [first, read] = await Promise.all([
        store.claim(`fin:${session.loginId}`, 'clear', IN_FLIGHT_MS).catch(() => null),
        store.get(`end:${session.loginId}`).then(
          (value) => value !== null,
          (error: unknown) => ({ error }),
        ),
      ]);
      if (first === false || read === true) return true;
      if (read !== false && first === null) throw read.error;
      // (Its claim failed: the hold is written all the same, awaited, over none read; cleared only
      // once the store holds it: with none there, a login on another instance passes, and this
      // answer, late, clears its cookie (review 77). Else no `Set-Cookie`: a dead cookie kept.)
      if (first === null) {
        const key = `fin:${session.loginId}`;
        const held = await store.get(key).catch(() => '');
        if (
          held !== null ||
          !(await store.set(key, 'clear', IN_FLIGHT_MS).then(
            () => true,
            () => false,
          ))
        )
          return true;
      }
    }
    // (Then the browser's other logins: a login sent with another cookie of its lineage (an older
    // one, slow on its way) within `IN_FLIGHT_MS` lets this answer clear nothing; one after it is
    // refused (`cut`). Its hold on `fin:` let go then: nothing of it is on the wire.)
    if (!(await this.cut(session, true))) {
      this.fin(session, false);
      await store?.set(`fin:${session.loginId}`, '1', IN_FLIGHT_MS).catch(() => {});
      return true;
    }
    this.fin(session, true);
    return false;
  }

  /**
   * A clearing answer of `session`'s cookie (`clears`) or a login sent with it, against the other
   * kind in the browser's lineage (its root: successors share it) within `IN_FLIGHT_MS`: one claim
   * of `cut:<root>` (a set-if-absent). False when it must not go: a clearing answer after a login
   * or another clearing answer (on the wire, it would clear the cookie of a login sent with
   * another cookie of that browser, an older one: the fifty-first pass's late-clear-older-cookie),
   * a login after a clearing answer. Logins of one lineage pass each other. Lost, a value read
   * decides; one read empty is claimed again, once; none read, or a read that fails, refuses (fail
   * closed). Its claim failing: a clearing answer goes only once its hold is written over none
   * read; a login goes unless a hold (or a read that fails) is read. Without a store: this
   * instance's record alone.
   */
  async cut(session: SessionData, clears: boolean): Promise<boolean> {
    const root = (session.lineage ?? session.loginId).replace(/\++$/, ''); // (lineage.ts `lineageOf`)
    const now = this.deps.now();
    const mine = heldIn(this.cuts, root, now);
    if (mine && (clears || mine.clears)) return false;
    const { store } = this.deps;
    const key = `cut:${root}`;
    const value = clears ? 'clear' : 'in';
    for (let again = true; store; again = false) {
      const won = await store.claim(key, value, IN_FLIGHT_MS).catch(() => null);
      if (won) break;
      const held = await store.get(key).catch(() => undefined);
      const hold = String(held).startsWith('clear');
      // (Its claim failed: a clearing answer goes once its hold is written over none read; a login
      // only over another login's mark read: none read may be a replica that lags behind a hold
      // (review 84: sealed, live, its cookie cleared by the late answer), a read that fails says
      // nothing (fail closed).)
      if (won === null) {
        if (held === undefined || hold || (clears ? held !== null : held === null)) return false;
        if (clears && !(await written(store, key, IN_FLIGHT_MS, value))) return false;
      } else if (held === null && again) continue;
      else if (held == null || clears || hold) return false;
      // (A login after another's: the window counted from this one on, best effort: a clearing
      // answer `IN_FLIGHT_MS` after the first login, this one's answer still on the wire, cleared it.)
      if (!clears) void store.set(key, value, IN_FLIGHT_MS).catch(() => {});
      break;
    }
    // (A login's never replaces a clearing answer's in its window: that login was refused above.)
    keepHold(this.cuts, root, now, clears);
    return true;
  }

  /** This instance's record of `session`'s `fin:` (`fins`), while it lasts. */
  private finOf(session: SessionData): Hold | undefined {
    return heldIn(this.fins, session.loginId, this.deps.now());
  }

  /** Records `session`'s `fin:` here (`fins`). */
  private fin(session: SessionData, clears: boolean): void {
    keepHold(this.fins, session.loginId, this.deps.now(), clears);
  }

  /** Whether a logout ended `session`'s login (here, or with a store anywhere). */
  async hasEnded(session: SessionData): Promise<boolean> {
    const until = this.ended.get(session.loginId);
    if (until !== undefined && until > this.deps.now()) return true;
    const { store } = this.deps;
    return store ? (await store.get(`end:${session.loginId}`)) !== null : false;
  }

  /** The newest session of `session`'s chain once no refresh of it runs here (a logout waits for it). */
  async settled(session: SessionData): Promise<SessionData> {
    let current = await this.newest(session);
    for (let i = 0; i < MAX_CHAIN; i++) {
      const running = this.inflight.get(current.token);
      if (!running) return current;
      await running.catch(() => undefined);
      current = await this.newest(current);
    }
    return current;
  }

  private async run(session: SessionData, call: RefreshCall, revoke: RevokeCall): Promise<RefreshOutcome> {
    const known = await this.newest(session);
    if (known.token !== session.token) return { kind: 'rotated', session: known };
    const { store } = this.deps;
    const hash = store && (await digest(session.token));
    if (store && !(await store.claim(`lock:${hash}`, 'refresh', this.deps.waitMs)))
      return this.awaitOther(session, hash!);
    let result: Awaited<ReturnType<RefreshCall>> | undefined;
    try {
      result = await call(session.token);
    } finally {
      if (typeof result !== 'object') await this.release(hash, result === 'revoked' ? 'revoked' : 'failed');
    }
    if (result === 'revoked') return { kind: 'revoked' };
    if (result === 'failed') return { kind: 'kept' };
    const now = this.deps.now();
    const { secrets: _replaced, fields: _their, ...rest } = session;
    const next: SessionData = {
      ...rest,
      ...(result.secrets.length > 0 ? { secrets: result.secrets, fields: result.fields } : {}),
      token: result.token,
      tokenAt: now,
      // (Its answer's `expires_in` when it gives one: a refresh that shortens the token's life
      // shortens the cookie's and brings the next refresh nearer, review 155; else the login's.)
      tokenExpiresAt: now + (result.lifeMs ?? session.tokenExpiresAt - session.tokenAt),
      seenAt: now,
    };
    // Remembered first, then the mark read: a logout (or a new login) on another instance marks,
    // then reads the rotations (`settled`), so one of the two sees the other's write, and the
    // new token is revoked by one of them (the mark read first let both miss: a token live).
    try {
      await this.remember(session, next);
      if (!(await this.hasEnded(session))) return { kind: 'rotated', session: next };
    } catch (error) {
      // The store failed (REVIEW-P P1): the new token, recorded nowhere a logout reads, or its
      // login's end unread, is revoked, never used; the call fails (fail closed).
      this.grace.delete(session.token);
      await Promise.all([revoke(result.token), this.release(hash, 'failed')]);
      throw error;
    }
    await revoke(result.token); // obtained for a login a logout ended meanwhile: never sealed
    return { kind: 'revoked' };
  }

  /**
   * A refresh that did not rotate lets go of its claim (review 68: held for `waitMs`, every call
   * with the due cookie, on every instance, waited it out and sent no refresh: 16 s by default,
   * longer than the browser client's timeout), its outcome told to those waiting (`ref:`). The
   * claim overwritten to expire at once (a store has no delete); best effort.
   */
  private async release(hash: string | undefined, outcome: 'revoked' | 'failed'): Promise<void> {
    const { store } = this.deps;
    if (!store || !hash) return;
    // (Only the session over is told: a `failed` one could outlive its claim, review 71.)
    await Promise.all([
      outcome === 'revoked' && store.set(`ref:${hash}`, outcome, this.deps.waitMs),
      store.set(`lock:${hash}`, 'released', 1),
    ]).catch(() => {});
  }

  /**
   * Another instance claimed the refresh: wait for its rotation, or for the claim let go (`release`:
   * the token kept), or the session over (the refresh route's `401`, `ref:`), or give up and keep
   * the token. Never on a word of a failure: one of an earlier claim may still be kept while a later
   * claim's refresh rotates (review 71: a call that stopped on it sent the old token, dead at the
   * API by then, and was signed out).
   */
  private async awaitOther(session: SessionData, hash: string): Promise<RefreshOutcome> {
    const store = this.deps.store!;
    const read = (key: string) => store.get(key).catch(() => '');
    // Counted in polls, not by the injected clock (a test's clock may stand still).
    for (let polls = Math.ceil(this.deps.waitMs / POLL_MS); ; polls--) {
      const [next, outcome, lock] = await Promise.all([
        this.stored(session.token),
        read(`ref:${hash}`),
        read(`lock:${hash}`),
      ]);
      if (next) {
        this.grace.set(session.token, { session: next, until: this.deps.now() + this.deps.graceMs });
        return { kind: 'rotated', session: this.latestLocal(next) };
      }
      if (outcome === 'revoked') return { kind: 'revoked' };
      if (polls <= 0 || lock === null || lock === 'released') return { kind: 'kept' };
      await pause(POLL_MS);
    }
  }

  private async remember(old: SessionData, next: SessionData): Promise<void> {
    const now = this.deps.now();
    for (const [token, entry] of this.grace) if (entry.until <= now) this.grace.delete(token);
    this.grace.set(old.token, { session: next, until: now + this.deps.graceMs });
    const { store } = this.deps;
    if (store) {
      // Until the old token's own expiry: any cookie still carrying it finds its successor.
      const ttl = Math.max(this.deps.graceMs, old.tokenExpiresAt - now);
      await store.set(`rot:${await digest(old.token)}`, await this.deps.sealer.seal(next), ttl);
    }
  }

  private async stored(token: string): Promise<SessionData | null> {
    const { store } = this.deps;
    if (!store) return null;
    const sealed = await store.get(`rot:${await digest(token)}`);
    return sealed === null ? null : asSessionData(await this.deps.sealer.open(sealed));
  }
}
