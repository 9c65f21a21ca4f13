// The cross-tab session protocol: tabs of one origin share a session over a BroadcastChannel.
// No `navigator.locks`: a lock held by a frozen or crashed tab could block every other tab, while
// a claim that is never followed by a token only costs the others one flight timeout.

import type { AuthUser, InFlightKind, StoredSession } from 'pam-client';
import { sleep } from 'pam-client/internal';
import {
  type AcceptedLimits,
  APP,
  type CrossTabMessage,
  type Kept,
  parseMessage,
  type SessionReason,
} from './cross-tab-schema';
import type { BroadcastChannelLike, PamEnvironment, TimersLike } from './environment';

/** Longest random wait before a tab that found a refresh due claims it. */
export const CLAIM_JITTER_MS = 500;
/** How long a claim waits for competing claims before the tab refreshes (tie: lowest tab id wins). */
export const CLAIM_SETTLE_MS = 100;
/** A claim older than this is stale: its tab is gone or its refresh was lost. */
export const CLAIM_TTL_MS = 60_000;
/**
 * How long a refresh waits on the other tabs (a claim's life; the winner's outcome; a 401's wait for
 * a newer token while another tab's claim is live): the request's timeout, at most 4 min, so every
 * wait ends well within the refresh's own 10-min flight bound. A wait that bound cut counted as a
 * timeout, not the 401 it was: two tabs whose 401s came in a partition, each waiting on the other's
 * claim (`timeout: Infinity`), kept a revoked login signed in (LOGIDGAPS).
 */
export const refreshWait = (timeoutMs: number): number => Math.min(timeoutMs, 240_000);

// The messages and their schema, as before from here.
export {
  type AcceptedLimits,
  type CrossTabMessage,
  type Kept,
  limitsOf,
  MAX_SESSION_COUNTER,
  type SessionReason,
} from './cross-tab-schema';

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
    kind: InFlightKind,
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
