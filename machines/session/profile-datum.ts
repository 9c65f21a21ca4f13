// The profile flow's context and the datum the session takes from it (see ./profile.ts): what was
// read, for which player and login, and when, with the restrictions at the latest time seen.

import type { AuthUser, PamError } from 'pam-client';
import type { BackoffOptions } from 'pam-client/internal';
import type { ProfileServices } from './profile-read';
import type { ProfileOwner, SessionRestrictions } from './profile-rules';

/** Where a datum comes from: the flow's own read, the client's outcome re-read, another tab. */
export type ProfileSource = 'read' | 'outcome' | 'remote';

export interface ProfileFlowContext {
  services: ProfileServices;
  retry: Omit<BackoffOptions, 'random'>;
  owner: ProfileOwner;
  user: AuthUser | null;
  /** The last profile read for this login; null if none yet. */
  userInfo: Record<string, unknown> | null;
  /** When it was read (server ms). */
  readAt: number | null;
  source: ProfileSource | null;
  /** The latest re-check failed. */
  failed: boolean;
  /** The clock is not trusted now (see `ClockTrust`): nothing read is current. */
  untrusted: boolean;
  /** Failed reads in a row (the backoff's attempt). */
  attempts: number;
  /**
   * Reads in a row taken while the clock was untrusted: each is an answer the clock learns from,
   * so the flow reads again (backing off) until the clock trusts a read, never waiting idle and
   * stale for the next midnight.
   */
  unsure: number;
  retryMs: number;
  /** The error of the latest failed read. */
  error: PamError | null;
  /**
   * The flow's time: its latest stamp taken while the clock was trusted (server ms); 0 before the
   * first. The last stamp, never the largest (a ratchet would keep a jumped or outlying time).
   */
  now: number;
  restrictions: SessionRestrictions;
  /** One more for each datum taken: the session knows a new one from the last it took. */
  version: number;
  /** Reads started: a read's outcome names the one it answers, so an old outcome replayed is none. */
  reads: number;
}

/** The flow's datum: what was read, for whom and when, with the restrictions at the latest time seen. */
export interface ProfileDatum {
  owner: ProfileOwner;
  user: AuthUser | null;
  userInfo: Record<string, unknown> | null;
  at: number | null;
  source: ProfileSource | null;
  restrictions: SessionRestrictions;
  version: number;
}

/**
 * The datum of a profile flow snapshot, stamped with its owner. Pure.
 *
 * @example
 * const datum = profileOf(child.getSnapshot());
 * if (ownsDatum(held, datum.owner)) show(datum.restrictions);
 */
export function profileOf(snapshot: { context: ProfileFlowContext }): ProfileDatum {
  const c = snapshot.context;
  return {
    owner: c.owner,
    user: c.user,
    userInfo: c.userInfo,
    at: c.readAt,
    source: c.source,
    restrictions: c.restrictions,
    version: c.version,
  };
}
