// The cross-tab session protocol's messages: their types and the channel's one schema (every
// message a tab hears passes `parseMessage`; anything foreign or malformed is dropped). The channel
// itself (claims, posting, listening) is ./cross-tab.ts.

import type { AuthUser, InFlightKind, StoredSession } from 'pam-client';
import { parseStoredSession, readHeard } from 'pam-client/internal';
import { MAX_SESSION_COUNTER } from '../src/session/counter';

/** The app's stamp on every message (another app's messages on the channel are dropped). */
export const APP = 'pam-client';

/**
 * The bound of a session counter (`seq`) and login id (`sid`): the store's (its one definition,
 * src/session/counter.ts), which the channel's schema and the session order (./session/order.ts)
 * take from here.
 */
export { MAX_SESSION_COUNTER };

/**
 * A message between the tabs of one origin (`CrossTab.subscribe`), checked by the channel's schema.
 *
 * @example
 * tabs.subscribe((message: CrossTabMessage) => message.type === 'signedOut' && render());
 */
export type CrossTabMessage =
  | ({
      type: 'session';
      from: string;
      session: StoredSession;
      user: AuthUser | null;
      reason: SessionReason;
    } & Kept)
  /**
   * The sender's session ended. `seq`: the order of the session that ended (see `StoredSession.seq`),
   * so a late-delivered message cannot end a newer session; `at`: the sender's wall clock, kept
   * for stores written before `seq` existed. `reason`: an explicit logout or an expiry.
   */
  | {
      type: 'signedOut';
      from: string;
      at: number | null;
      seq: number | null;
      /** The login that ended (`StoredSession.sid`): its sessions end everywhere, refreshed or not. */
      sid: number | null;
      reason: 'logout' | 'expired';
    }
  | { type: 'claim'; from: string }
  | { type: 'syncRequest'; from: string }
  /**
   * The tab that won the refresh claim failed: the tabs that gave way stop waiting at once
   * (`expired`: the refresh answered 401; else the winner backs off, and so do they).
   */
  | {
      type: 'refreshFailed';
      from: string;
      expired: boolean;
      /** The login whose refresh failed (none: a tab of an older version): only its tabs share an expiry. */
      sid?: number | null;
    }
  /**
   * A tab re-read the profile of player `userId` in login `sid`, at server time `at` (the read's,
   * never the sender's clock): the other tabs of that same login take it if it is newer and only
   * tightens what they show (others ignore it).
   */
  | {
      type: 'profile';
      from: string;
      userInfo: Record<string, unknown>;
      at: number;
      userId: number;
      sid: number;
    }
  /**
   * The server accepted a change that bars betting (`kind`) for player `userId` in login `sid`: the
   * other tabs of that login bar betting too until a read of their own shows it (it may only tighten).
   * `at`: when it was accepted (server ms; none: when heard), so a tab told it later keeps it no longer.
   */
  | {
      type: 'restricted';
      from: string;
      kind: 'pause' | 'selfExclusion';
      userId: number;
      sid: number;
      at?: number;
    }
  /**
   * A change that bars betting (`kind`, id `id`) is on its way from a tab of login `sid` (AI-3): the
   * other tabs of that login bar betting until it settles (`settled`: its outcome, if it bars, told
   * as `restricted` before) or for a while at most (a release lost with a crashed tab).
   */
  | {
      type: 'inflight';
      from: string;
      kind: InFlightKind;
      id: string;
      settled: boolean;
      userId: number;
      sid: number;
    }
  /**
   * The server accepted a limit change (`limits`: its `user_limit_*` fields as sent, and when) for
   * player `userId` in login `sid`: kept by the other tabs for its day over any looser read.
   */
  | { type: 'limits'; from: string; limits: AcceptedLimits; userId: number; sid: number }
  /**
   * A tab's play clock for player `userId` at its beat (`play`, what its store holds: counts and
   * marks, nothing secret), told to the tabs that share no `localStorage` with it: each takes its
   * higher counts (the play clock checks it, ./play-time/clock.ts).
   */
  | { type: 'play'; from: string; play: Record<string, unknown>; userId: number };

/** A limit change the server accepted (`updateLimits`, sent at `at`): its `user_limit_*` fields as sent. */
export interface AcceptedLimits {
  at: number;
  fields: Record<string, unknown>;
}

/**
 * What a tab keeps as accepted for a session's player (./session/accepted-store.ts), told with it
 * (a sync answer), so a tab that joins keeps it too (REVIEW-T T-2).
 */
export interface Kept {
  restricted?: { kind: 'pause' | 'selfExclusion'; at?: number };
  limits?: AcceptedLimits;
  /** The sender's play clock (as a `play` message's): one that is no plain bounded object is left out. */
  play?: Record<string, unknown>;
  /**
   * The changes in flight that bar betting the sender holds (REVIEW-AJ AJ-2: a tab that joins bars
   * too, as if it had heard their `inflight`): each with how long it may still bar (`ms`, from now:
   * the rest of its lapse; never a time of the sender's clock), and for one it heard, the tab that
   * sent it (`from`; none: the sender's own). At most `MAX_IN_FLIGHT`.
   */
  inflight?: Array<{
    kind: InFlightKind;
    id: string;
    ms: number;
    from?: string;
  }>;
}

/** The most changes in flight a message may tell (`Kept['inflight']`). */
const MAX_IN_FLIGHT = 8;

/**
 * Why a tab published its session: a login, a refresh, or an answer to `requestSync`.
 *
 * @example
 * const reason: SessionReason = 'refresh';
 */
export type SessionReason = 'login' | 'refresh' | 'sync';

/** Longest tab id, token type or reason a message may carry. */
const MAX_ID = 128;
/** Largest `user` or `userInfo` (as JSON) a message may carry. */
const MAX_DATA = 65_536; // 64 * 1024 (a literal: CONTRIBUTING.md)

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
const isInstant = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isPlayer = (v: unknown): v is number => Number.isSafeInteger(v);
const orNull = <T>(v: unknown, check: (v: unknown) => v is T): T | null | undefined =>
  v === null || v === undefined ? null : check(v) ? v : undefined;
/**
 * A counter or login id heard from another tab: a whole number in 0..MAX_SESSION_COUNTER, the one
 * bound a tab also counts and draws by (session/order.ts's `COUNTER_MAX`), so no message accepted
 * here makes the next one a tab sends invalid.
 */
const isHeardCounter = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= MAX_SESSION_COUNTER;
/** Keys that would reach an object's prototype where a reader spreads or assigns the data. */
const PROTOTYPE_KEY = /"(?:__proto__|constructor|prototype)"\s*:/;
/** A plain JSON object of bounded size with no prototype keys at any depth (a clean copy), or undefined. */
function data(v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  try {
    const text = JSON.stringify(v);
    if (text.length > MAX_DATA || PROTOTYPE_KEY.test(text)) return undefined;
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Accepted limits as kept or heard (`localStorage`, another tab), checked: a time and only
 * `user_limit_*` fields (no `_change`) of plain values; anything else is none (never half-read).
 */
export const limitsOf = (v: unknown): AcceptedLimits | null => {
  const { at, fields } = ((typeof v === 'object' && v) || {}) as Partial<AcceptedLimits>;
  return Number.isFinite(at) &&
    typeof fields === 'object' &&
    fields &&
    !Array.isArray(fields) &&
    Object.entries(fields).every(
      ([k, x]) => /^user_limit_[a-z_]+$/.test(k) && !k.endsWith('_change') && x !== Object(x),
    )
    ? { at: at as number, fields: fields as Record<string, unknown> }
    : null;
};

/**
 * What a message tells as kept (`Kept`), checked; `undefined` when anything of it is malformed (the
 * message is refused: a record never half-read). A restriction's time may be absent (when heard).
 */
function kept({ restricted: r, limits, play, inflight: f }: Record<string, unknown>): Kept | undefined {
  const x = r as Record<string, unknown> | undefined;
  const l = limits == null ? undefined : limitsOf(data(limits));
  // (A play clock the schema cannot take is left out: the rest of the message is not refused.)
  const p = data(play);
  // Changes in flight: a bounded array of plain entries, each checked (a clean copy); anything else
  // refuses the message.
  const inflight =
    f == null ||
    (Array.isArray(f) &&
      f.length <= MAX_IN_FLIGHT &&
      f.every(
        (e: Record<string, unknown> | null) =>
          isInFlight(e?.kind) && isId(e!.id) && isInstant(e!.ms) && (e!.from === undefined || isId(e!.from)),
      ))
      ? (f as Kept['inflight'])?.map(({ kind, id, ms, from }) => ({ kind, id, ms, ...(from && { from }) }))
      : null;
  if (
    l !== null &&
    inflight !== null &&
    (!x || (isBarring(x.kind) && orNull(x.at, isInstant) !== undefined)) &&
    (!l || isInstant(l.at))
  )
    return {
      ...(x && { restricted: { kind: x.kind, ...(isInstant(x.at) && { at: x.at }) } as Kept['restricted'] }),
      ...(l && { limits: l }),
      ...(p && { play: p }),
      ...(inflight && { inflight }),
    };
}

/** A kind of change that bars betting. */
const isBarring = (v: unknown): v is 'pause' | 'selfExclusion' => v === 'pause' || v === 'selfExclusion';

/**
 * Every kind of change in flight that bars betting (`InFlightKind`): a record, so a kind added to
 * `RestrictionKind` that bars in flight fails to compile until it is here (review 117: a time limit
 * of 0 in flight was refused by the other tabs, left out of hand-kept lists).
 */
const IN_FLIGHT: Record<InFlightKind, 1> = {
  pause: 1,
  selfExclusion: 1,
  betLimitZero: 1,
  lossLimitZero: 1,
  timeLimitZero: 1,
};

/** A kind of change in flight that bars betting (ZERO30, review 117): one of `IN_FLIGHT`'s. */
export const isInFlight = (v: unknown): v is InFlightKind =>
  typeof v === 'string' && Object.hasOwn(IN_FLIGHT, v);

/**
 * The one schema every message passes: this app's envelope, a known type, safe integers (a
 * counter no bigger than `MAX_SESSION_COUNTER`), bounded strings and data, and for what belongs to
 * a player, the player id and the login id (`sid`). Anything else is refused with the reason
 * (shown in `debug`), never half-read.
 */
export function parseMessage(raw: unknown): CrossTabMessage | { refused: string } {
  const m = (typeof raw === 'object' && raw) as Record<string, unknown>;
  if (!m || m.app !== APP) return { refused: 'another app' };
  if (m.v !== 1) return { refused: 'another version' };
  const { from, type, reason } = m;
  if (!isId(from)) return { refused: 'bad sender' };
  switch (type) {
    case 'signedOut': {
      const at = orNull(m.at, isInstant);
      const seq = orNull(m.seq, isHeardCounter);
      const sid = orNull(m.sid, isHeardCounter);
      if (![at, seq, sid].includes(undefined) && (reason === 'expired' || reason === 'logout'))
        return { type, from, at, seq, sid, reason } as CrossTabMessage;
      break;
    }
    case 'claim':
    case 'syncRequest':
      return { type, from };
    case 'refreshFailed':
      if (typeof m.expired === 'boolean' && orNull(m.sid, isHeardCounter) !== undefined)
        return { type, from, expired: m.expired, ...(typeof m.sid === 'number' && { sid: m.sid }) };
      break;
    case 'profile': {
      const userInfo = readHeard(data(m.userInfo), true);
      if (userInfo && isInstant(m.at) && isPlayer(m.userId) && isHeardCounter(m.sid))
        return { type, from, userInfo, at: m.at, userId: m.userId, sid: m.sid };
      break;
    }
    case 'restricted':
    case 'limits': {
      // (A `limits` message without its limits: refused, as malformed ones.)
      const k = kept(type === 'limits' ? { limits: m.limits ?? 0 } : { restricted: m });
      if (k && isPlayer(m.userId) && isHeardCounter(m.sid))
        return { type, from, ...(k.restricted ?? k), userId: m.userId, sid: m.sid } as CrossTabMessage;
      break;
    }
    case 'inflight':
      if (
        isInFlight(m.kind) &&
        isId(m.id) &&
        typeof m.settled === 'boolean' &&
        isPlayer(m.userId) &&
        isHeardCounter(m.sid)
      )
        return { type, from, kind: m.kind, id: m.id, settled: m.settled, userId: m.userId, sid: m.sid };
      break;
    case 'play': {
      const play = data(m.play);
      if (play && isPlayer(m.userId)) return { type, from, play, userId: m.userId };
      break;
    }
    case 'session': {
      const session = parseStoredSession(m.session);
      // A session names its player and login (`userId`, `sid`, `seq`), and its user, if any, is that player.
      const user = m.user == null ? null : readHeard(data(m.user));
      const k = kept(m);
      if (
        session &&
        k &&
        (reason === 'login' || reason === 'refresh' || reason === 'sync') &&
        session.userId !== undefined &&
        isHeardCounter(session.seq) &&
        isHeardCounter(session.sid) &&
        user !== undefined &&
        (!user || user.id === session.userId)
      )
        return { type, from, session, user: user as AuthUser | null, reason, ...k };
      break;
    }
    default:
      return { refused: 'unknown type' };
  }
  return { refused: `bad ${type}` };
}
