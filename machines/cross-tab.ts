// The cross-tab session protocol: tabs of one origin share a session over a BroadcastChannel.
// No `navigator.locks`: a lock held by a frozen or crashed tab could block every other tab, while
// a claim that is never followed by a token only costs the others one flight timeout.

import type { AuthUser, StoredSession } from 'pam-client';
import { parseStoredSession, sleep } from 'pam-client/internal';
import { MAX_SESSION_COUNTER } from '../src/session/counter';
import type { BroadcastChannelLike, PamEnvironment, TimersLike } from './environment';

/** Longest random wait before a tab that found a refresh due claims it. */
export const CLAIM_JITTER_MS = 500;
/** How long a claim waits for competing claims before the tab refreshes (tie: lowest tab id wins). */
export const CLAIM_SETTLE_MS = 100;
/** A claim older than this is stale: its tab is gone or its refresh was lost. */
export const CLAIM_TTL_MS = 60_000;

const APP = 'pam-client';

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
      kind: 'pause' | 'selfExclusion';
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
  inflight?: Array<{ kind: 'pause' | 'selfExclusion'; id: string; ms: number; from?: string }>;
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

/**
 * One tab's end of the channel. Incoming messages are checked: anything foreign (another app,
 * another version, a malformed session) is dropped.
 */
export interface CrossTab {
  readonly tabId: string;
  /** Tells the other tabs this tab's session (a login, a refresh or a sync answer, with what it keeps: `kept`). */
  publishSession(session: StoredSession, reason: SessionReason, user: AuthUser | null, kept?: Kept): void;
  /** Tells the other tabs this tab's session ended (logout or expiry). */
  publishSignedOut(end: { seq: number | null; sid: number | null; reason: 'logout' | 'expired' }): void;
  /** Tells the other tabs this tab's claimed refresh failed (`expired`: the server answered 401). */
  publishRefreshFailed(expired: boolean, sid?: number | null): void;
  /** `at`: the server time of the read (the datum's stamp), which the other tabs compare by. */
  publishProfile(userInfo: Record<string, unknown>, owner: { userId: number; sid: number }, at: number): void;
  /**
   * Tells the other tabs of login `owner` that a change barring betting (`kind`) was accepted
   * (optional: a channel made without it tells them nothing, and they learn it from the next read).
   */
  publishRestricted?(
    kind: 'pause' | 'selfExclusion',
    owner: { userId: number | null; sid: number | null },
  ): void;
  /** Tells the other tabs of login `owner` a change barring betting on its way, or settled (optional, as `publishRestricted`). */
  publishInFlight?(
    kind: 'pause' | 'selfExclusion',
    id: string,
    settled: boolean,
    owner: { userId: number | null; sid: number | null },
  ): void;
  /** Tells the other tabs of login `owner` a limit change accepted (optional, as `publishRestricted`). */
  publishLimits?(limits: AcceptedLimits, owner: { userId: number | null; sid: number | null }): void;
  /** Tells the other tabs player `userId`'s play clock (optional, as `publishRestricted`). */
  publishPlay?(play: object, userId: number): void;
  /** Asks the other tabs for their session (a tab that starts or wakes up). */
  requestSync(): void;
  /**
   * Called when this tab found a refresh due: waits a random 0–500 ms, gives way if another tab
   * claimed meanwhile, else claims and waits `CLAIM_SETTLE_MS` for a competing claim.
   * `'go'`: refresh now. `'yield'`: another tab refreshes; adopt its token when it comes.
   */
  claimRefresh(signal: AbortSignal): Promise<'go' | 'yield'>;
  /**
   * Whether this tab claimed a refresh (`'go'`) and has not told its outcome yet: its own refresh
   * call is on its way. Optional (a channel without it: never).
   */
  holding?(): boolean;
  /** `refused`: told of each message dropped by the schema, with why (for `debug`). */
  subscribe(listener: (message: CrossTabMessage) => void, refused?: (reason: string) => void): () => void;
  /** Stops listening (and closes the channel when this tab opened it). */
  close(): void;
}

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
          isBarring(e?.kind) && isId(e!.id) && isInstant(e!.ms) && (e!.from === undefined || isId(e!.from)),
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
      const userInfo = data(m.userInfo);
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
        isBarring(m.kind) &&
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
      const user = m.user == null ? null : data(m.user);
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

/** Resolves `true` after `ms` on `timers`, or `false` at once when `signal` aborts (the core's one sleep). */
export const wait = (timers: TimersLike, ms: number, signal: AbortSignal): Promise<boolean> =>
  sleep(ms, signal, timers).then((result) => result === undefined);

/**
 * @example
 * const tabs = createCrossTab(new BroadcastChannel('pam-client'), { tabId, random: Math.random, timers, now: Date.now });
 */
export function createCrossTab(
  channel: BroadcastChannelLike,
  o: {
    tabId: string;
    random: () => number;
    timers: TimersLike;
    now: () => number;
    ownsChannel?: boolean;
    /** How long another tab's claim holds without word from it (its tab crashed). Default 60 s. */
    claimTtlMs?: number;
    /** The page going away or frozen (`PamEnvironment.lifecycle`): a claim held or in the making is released. */
    lifecycle?: PamEnvironment['lifecycle'];
  },
): CrossTab {
  const listeners = new Set<(message: CrossTabMessage) => void>();
  const refusals = new Set<(reason: string) => void>();
  /** Live claims of other tabs: tab id -> when heard. A session from that tab ends its claim. */
  const claims = new Map<string, number>();
  let closed = false;
  /** This tab claimed (or won the claim) and has not told the outcome yet. */
  let holding = false;

  const post = (message: Record<string, unknown>) => {
    if (closed) return;
    try {
      channel.postMessage({ app: APP, v: 1, from: o.tabId, ...message });
    } catch {
      // A closed or broken channel: this tab simply stops sharing.
    }
  };
  const onMessage = (event: { data: unknown }) => {
    const message = parseMessage(event?.data);
    if ('refused' in message) {
      for (const listener of [...refusals]) listener(message.refused);
      return;
    }
    if (message.from === o.tabId) return;
    if (message.type === 'claim') claims.set(message.from, o.now());
    // (Not its answer to a sync request: its refresh may still be on its way.)
    if (
      (message.type === 'session' && message.reason !== 'sync') ||
      message.type === 'signedOut' ||
      message.type === 'refreshFailed'
    )
      claims.delete(message.from);
    // A refresh happened: every claim its tab outranked is over (the tabs that lost the tie and gave
    // way send nothing, and would otherwise block the next round for 60 s). A claim that outranks it
    // stays: a tab that did not hear it, whose own refresh is still on its way (a lagging channel).
    if ((message.type === 'session' && message.reason === 'refresh') || message.type === 'refreshFailed')
      for (const tab of claims.keys()) if (tab > message.from) claims.delete(tab);
    for (const listener of [...listeners]) listener(message);
  };
  channel.addEventListener('message', onMessage);
  /** A claim given up (aborted before its refresh started, the page leaving): the others may go at once. */
  const release = (): 'yield' => {
    if (holding) post({ type: 'refreshFailed', expired: false });
    holding = false;
    return 'yield';
  };
  // A page that goes away (closed, navigated, put in the back/forward cache) or is frozen runs no
  // more code: what it holds is released now, or the other tabs wait out the claim's life.
  const offLeave = o.lifecycle?.onLeave(release);

  const liveClaims = () => {
    const now = o.now();
    const ttl = o.claimTtlMs ?? CLAIM_TTL_MS;
    for (const [tab, at] of claims) if (now - at > ttl || at > now) claims.delete(tab);
    return [...claims.keys()];
  };

  return {
    tabId: o.tabId,
    // The token crosses the channel on purpose: with the default memory store it is the only way a
    // tab of the same origin gets the session. It never reaches a snapshot, a log or the DOM.
    publishSession: (session, reason, user, kept) => {
      if (reason === 'refresh') holding = false;
      post({ type: 'session', session, reason, user, ...kept });
    },
    publishSignedOut: (end) => post({ type: 'signedOut', at: o.now(), ...end }),
    holding: () => holding,
    publishRefreshFailed: (expired, sid) => {
      holding = false;
      post({ type: 'refreshFailed', expired, ...(typeof sid === 'number' && { sid }) });
    },
    publishProfile: (userInfo, owner, at) =>
      post({ type: 'profile', userInfo, at: Math.floor(at), userId: owner.userId, sid: owner.sid }),
    publishRestricted: (kind, owner) => post({ type: 'restricted', kind, ...owner }),
    publishInFlight: (kind, id, settled, owner) => post({ type: 'inflight', kind, id, settled, ...owner }),
    publishLimits: (limits, owner) => post({ type: 'limits', limits, ...owner }),
    publishPlay: (play, userId) => post({ type: 'play', play, userId }),
    requestSync: () => post({ type: 'syncRequest' }),
    async claimRefresh(signal) {
      if (!(await wait(o.timers, Math.floor(o.random() * CLAIM_JITTER_MS), signal))) return 'yield';
      // (Aborted once the jitter was over, before this turn: no claim posted, none to release.)
      if (signal.aborted || liveClaims().length > 0) return 'yield';
      post({ type: 'claim' });
      holding = true;
      if (!(await wait(o.timers, CLAIM_SETTLE_MS, signal))) return release();
      // Claims that crossed ours: every tab sees the same set, so all agree on the lowest id.
      const rivals = liveClaims();
      if (rivals.some((tab) => tab < o.tabId)) {
        holding = false;
        return 'yield';
      }
      // The rivals gave way to us: their claims must not make our own next try give way.
      for (const tab of rivals) claims.delete(tab);
      holding = true;
      return 'go';
    },
    subscribe(listener, refused) {
      listeners.add(listener);
      if (refused) refusals.add(refused);
      return () => {
        listeners.delete(listener);
        if (refused) refusals.delete(refused);
      };
    },
    close() {
      if (closed) return;
      // A tab that closes while holding the refresh claim lets the others go at once, instead of
      // leaving them to wait out the claim.
      release();
      offLeave?.();
      closed = true;
      listeners.clear();
      refusals.clear();
      claims.clear();
      channel.removeEventListener('message', onMessage);
      if (o.ownsChannel) channel.close();
    },
    // Another tab's claim is live (its refresh on its way): the session's own (its lost race), not
    // the interface's.
    claimed: () => liveClaims().length > 0,
  } as CrossTab;
}
