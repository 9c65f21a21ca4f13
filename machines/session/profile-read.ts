// The profile flow's reads and clock: what it calls (its services), the read actor (stamped with
// the server time of its answer), and the clock's trust as the flow's own events. The flow itself
// is ./profile.ts.

import type { AuthModule, AuthUser, PamError } from 'pam-client';
import { asPamError } from 'pam-client/internal';
import { fromCallback, fromPromise } from 'xstate';
import { trusted } from './mark';
import { namesPlayer, type ProfileOwner } from './profile-rules';

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
