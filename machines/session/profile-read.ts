// The profile flow's reads and clock: what it calls (its services), the read actor (stamped with
// the server time of its answer), and the clock's trust as the flow's own events; the flow's
// context and the datum the session takes from it (what was read, for which player and login, and
// when, with the restrictions at the latest time seen). The flow itself is ./profile.ts.

import type { AuthModule, AuthUser, PamError } from 'pam-client';
import { asPamError, type BackoffOptions } from 'pam-client/internal';
import { fromCallback, fromPromise } from 'xstate';
import { trusted } from '../clock';
import { namesPlayer, type ProfileOwner, type SessionRestrictions } from './profile-rules';

/** What the flow calls: never in a snapshot (JSON shows `"[service]"`). */
export interface ProfileServices {
  auth: Pick<AuthModule, 'getUserProfile'>;
  /** Server time: the local clock plus the offset learned from the answers' `Date` header. */
  serverNow: () => number;
  /** 0..1, for the retry jitter. */
  random: () => number;
  /**
   * The clock's trust (`PamEnvironment.clock`): while untrusted nothing is `current`; its bound
   * (`boundMs`) is how far ahead of `serverNow` another tab's stamp may be. Default: always trusted,
   * bound `DEFAULT_STAMP_BOUND_MS`.
   */
  clock?: ClockTrust | null;
}

/** The part of `PamClock` the flow reads: whether it is trusted, its changes, and its precision. */
export interface ClockTrust {
  trusted(): boolean;
  subscribe(listener: (trusted: boolean) => void): () => void;
  readonly boundMs: number;
}

/** How far ahead of this tab's server time another tab's read may be stamped, without a clock's bound. */
export const DEFAULT_STAMP_BOUND_MS = 2_000;

/**
 * One reading of the flow's clock: the server time (`serverNow`) and whether the clock was trusted
 * when it was read. A stamp taken while the clock is untrusted never becomes the flow's time.
 */
export interface Stamp {
  at: number;
  trusted: boolean;
}

/** Reads the clock once: `serverNow()` first (it may see a jump), then the trust that reading left. */
export const stampOf = (s: ProfileServices): Stamp => {
  const at = s.serverNow();
  return { at, trusted: s.clock ? s.clock.trusted() !== false : true };
};

/**
 * The flow's time after a stamp: the stamp itself when the clock was trusted, else the time it had.
 * Never a maximum (docs/time.md rule 3): a ratchet would keep a jumped or outlying time for good.
 */
export const timeAfter = (now: number, stamp: { at?: number; trusted?: boolean }): number =>
  stamp.trusted !== false && typeof stamp.at === 'number' && Number.isFinite(stamp.at) ? stamp.at : now;

/**
 * A read's outcome, stamped when its answer arrived. `trusted` is the clock's trust with that stamp
 * (`stampOf`); absent when the reader has none to tell (the server session's seeded read).
 */
export type ReadOutcome = (
  | { ok: true; user: AuthUser | null; userInfo: Record<string, unknown>; at: number; trusted?: boolean }
  | { ok: false; error: PamError; at: number; trusted?: boolean; jitter: number }
) & {
  /** Which of the flow's reads this answers (its `reads` when the read started): a replayed old one is no answer. */
  read?: number;
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const withoutToken = (user: unknown): AuthUser | null => {
  if (!user || typeof user !== 'object' || Array.isArray(user)) return null;
  const { token: _token, ...rest } = user as AuthUser & { token?: unknown };
  return rest as AuthUser;
};

/** How far ahead another tab's stamp may be: the clock's stated bound. */
export const boundOf = (s: ProfileServices) => {
  const b = s.clock?.boundMs;
  return typeof b === 'number' && Number.isFinite(b) && b >= 0 ? b : DEFAULT_STAMP_BOUND_MS;
};

/** The clock's trust, as events of the flow's own (marked: nothing from outside stands in for them). */
export const watchClock = /* @__PURE__ */ fromCallback<
  { type: string },
  { clock: ClockTrust | null | undefined }
>(({ input, sendBack }) => {
  const clock = input.clock;
  if (!clock) return;
  const tell = () => sendBack(trusted({ type: 'CLOCK', trusted: clock.trusted() !== false }));
  tell();
  return clock.subscribe(tell);
});

/**
 * One read for `owner`, stamped when its answer arrives. Never rejects: a failure is an outcome.
 * Its outcome is trusted: the flow takes no outcome but the ones built here (see profile.ts, `reading`).
 */
export async function readProfileOnce(
  services: ProfileServices,
  owner: ProfileOwner,
  signal: AbortSignal,
  read?: number,
): Promise<ReadOutcome> {
  try {
    const profile = (await services.auth.getUserProfile({ signal })) as {
      user?: unknown;
      userInfo?: unknown;
    };
    const user = withoutToken(profile?.user);
    const userInfo = profile?.userInfo;
    // An answer for another player (a token swapped under us) is not this login's profile.
    if (user && !namesPlayer((user as { id?: unknown }).id, owner.userId))
      throw new Error('profile of another player');
    // No readable userInfo: nothing is known of the restrictions (fail closed, retried).
    if (!isRecord(userInfo)) throw new Error('profile without userInfo');
    return trusted({ ok: true as const, user, userInfo, ...stampOf(services), read });
  } catch (error) {
    return trusted({
      ok: false as const,
      error: asPamError(error),
      ...stampOf(services),
      jitter: services.random(),
      read,
    });
  }
}

/** The profile flow's read (`readProfileOnce` as an actor). */
export const readProfile = /* @__PURE__ */ fromPromise<
  ReadOutcome,
  { services: ProfileServices; owner: ProfileOwner; read?: number }
>(({ input, signal }) => readProfileOnce(input.services, input.owner, signal, input.read));

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
