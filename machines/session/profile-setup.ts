// The profile flow's input and events, and the pure helpers its config builds on: its initial
// context, the restrictions derived at a time, the context after a change, and how a datum from
// elsewhere is seen. The flow itself: ./profile.ts (its protocol at the top).

import type { AuthUser, RestrictionKind } from 'pam-client';
import type { BackoffOptions } from 'pam-client/internal';
import { isTime } from '../clock';
import { isTrusted as isTrustedEvent } from './events';
import {
  type AcceptedRestriction,
  boundOf,
  inFlightAt,
  loginRestrictionsOf,
  type ProfileFlowContext,
  type ProfileOwner,
  type ProfileServices,
  type ProfileSource,
  type ReadOutcome,
  readAtOf,
  type Stamp,
  sessionRestrictionsOf,
  timeAfter,
  withKept,
} from './profile-rules';

/**
 * The profile flow's input.
 *
 * @example
 * createActor(profileFlow, { input: { services: { auth, serverNow, random: Math.random }, owner: { userId: 1, sid: 5 } } });
 */
export interface ProfileFlowInput {
  services: ProfileServices;
  /** The player and login the flow reads for. */
  owner: ProfileOwner;
  /** The retry after a failed read (`backoffDelay`). Default: 1 s doubling to 5 min, ±10 %. */
  retry?: Omit<BackoffOptions, 'random'>;
}

/** The events the session sends the flow (see the protocol at the top of the file). */
export type ProfileFlowEvent =
  | { type: 'CHECK'; restricts?: RestrictionKind | null; at?: number; remote?: boolean; heardAt?: number }
  | { type: 'WAKE' }
  | {
      type: 'PROFILE';
      owner: ProfileOwner;
      user: AuthUser | null;
      userInfo: Record<string, unknown>;
      at: number;
      source: Exclude<ProfileSource, 'read'>;
    }
  | { type: 'OWNER'; owner: ProfileOwner };

export type Stamped =
  | { type: 'NOW'; at: number; trusted: boolean }
  | { type: 'ACCEPTED'; accepted: AcceptedRestriction | null }
  /** The clock's trust changed (`watchClock`), with a stamp of the clock read then (the flow's time). */
  | { type: 'CLOCK'; trusted: boolean; learned?: boolean; stamp: Stamp }
  | (Omit<Extract<ProfileFlowEvent, { type: 'PROFILE' }>, 'type'> & {
      type: 'PROFILE_SEEN';
      seen: number;
      seenTrusted: boolean;
    });
export type Seen = Extract<Stamped, { type: 'PROFILE_SEEN' }>;
export type Now = Extract<Stamped, { type: 'NOW' }>;
export type Clock = Extract<Stamped, { type: 'CLOCK' }>;

const DEFAULT_RETRY = { baseMs: 1_000, factor: 2, maxMs: 300_000, jitter: 0.2 } as const;

type StatusParts = Pick<
  ProfileFlowContext,
  | 'user'
  | 'userInfo'
  | 'readAt'
  | 'failed'
  | 'untrusted'
  | 'unlearned'
  | 'noTime'
  | 'error'
  | 'expect'
  | 'pending'
>;
/**
 * The restrictions as read (without one kept: `restrictionsAt`). `stamp`: the clock's reading
 * this is derived on; an untrusted one makes nothing current, nor does a clock whose latest stamp
 * gave no time (`noTime`: every derivation reads it, the one source). A
 * restriction accepted but not yet read (`expect`) leaves what was read out of date: never current
 * either (stale, or unknown; no betting).
 */
const readOnly = (c: StatusParts, now: number, stamp?: { trusted?: boolean }) =>
  // (`c` holds the status inputs under their own names: `readAt`, `failed`, `unlearned`, `error`, `user`.)
  sessionRestrictionsOf(c.userInfo, {
    ...c,
    now,
    untrusted:
      c.untrusted || c.noTime || stamp?.trusted === false || !!c.expect || !!inFlightAt(c.pending, now)[0],
  });

/**
 * The restrictions at `now` (`readOnly`), with the one accepted but not yet read (`expect`) and
 * those still in flight (`pending`, ./in-flight.ts) in force (`withKept`).
 */
export const restrictionsAt = (c: StatusParts, now: number, stamp?: { trusted?: boolean }) =>
  inFlightAt(c.pending, now).reduce(
    (r, p) => withKept(r, p.kind),
    withKept(readOnly(c, now, stamp), c.expect?.kind),
  );

export function initial(input: ProfileFlowInput): ProfileFlowContext {
  const services = { ...input.services, toJSON: () => '[service]' };
  return {
    services,
    retry: input.retry ?? DEFAULT_RETRY,
    owner: { userId: input.owner?.userId ?? null, sid: input.owner?.sid ?? null },
    user: null,
    userInfo: null,
    readAt: null,
    sentAt: null,
    source: null,
    failed: false,
    untrusted: false,
    unlearned: false,
    noTime: false,
    attempts: 0,
    unsure: 0,
    retryMs: 0,
    error: null,
    now: 0,
    // Nothing read: unknown.
    restrictions: loginRestrictionsOf(null, 0),
    expect: null,
    shown: null,
    version: 0,
    reads: 0,
  };
}

/**
 * The context after `patch` (a datum taken, a failed read, the clock's trust), at the time of
 * `stamp` (none: the flow's time as it is): the restrictions derived again, the version counted.
 * A stamp that gave no time (`at` no time) sets `noTime`, one that gave time clears it; without a
 * stamp it stays.
 */
export const advanced = (
  context: ProfileFlowContext,
  patch: Partial<ProfileFlowContext>,
  stamp: { at?: number; trusted?: boolean },
) => {
  const now = timeAfter(context.now, stamp);
  const noTime = 'at' in stamp ? !isTime(stamp.at) : context.noTime;
  const next = { ...patch, noTime, now };
  // A reading dated more than twice the bound after a trusted time (each stamp of a trusted clock
  // is within the bound of the server's) was dated by a clock proven wrong (an untrusted one, ahead):
  // its date is unknown. Kept, it put the reading in the São Paulo day after: the midnight re-check
  // armed a day late, and each read of the flow's own kept that date (REVIEW35). Undated: `unknown`,
  // and read at once (the flow's day rule).
  const readAt = 'readAt' in patch ? patch.readAt : context.readAt;
  // (A trusted stamp's time is the flow's time; `null > x` is false.)
  if (now === stamp.at && (readAt as number) > now + 2 * boundOf(context.services)) next.readAt = null;
  return {
    ...next,
    restrictions: restrictionsAt({ ...context, ...next }, now, stamp),
    version: context.version + 1,
  };
};

/** Where a datum from elsewhere is seen: this tab's stamp on a trusted clock, else the flow's last
 * trusted time (so a jumped clock cannot let a far-ahead stamp through, nor date it). */
export const seenOf = (now: number, stamp: Stamp) => ({
  // A stamp that gave no time sees nothing (NaN: not fresh, never taken).
  seen: isTime(stamp.at) ? timeAfter(now, stamp) : NaN,
  seenTrusted: stamp.trusted,
});

/** This tab's restrictions and those another tab's datum would give, both at the time it was seen. */
export const bothAt = (context: ProfileFlowContext, e: Seen) => {
  const now = timeAfter(context.now, { at: e.seen, trusted: e.seenTrusted });
  // (The reads compared, each without the restriction kept: the same on both sides.)
  const theirs = readOnly(
    // Their user when they name one (its standing), else the one this tab holds.
    {
      ...context,
      user: e.user ?? context.user,
      userInfo: e.userInfo,
      // (Dated ahead of when it was seen, a forged date or a clock ahead: read then, never later,
      // as it is taken; so a date alone never makes it look tighter, not current.)
      readAt: readAtOf(context.services, e.at > e.seen ? e.seen : e.at, e.at),
      failed: false,
      error: null,
    },
    now,
  );
  return [readOnly(context, now), theirs] as const;
};

/** Whether `output` is the outcome of the read in flight: built by readProfile (trusted), for this read. */
export const answers = (context: ProfileFlowContext, output: ReadOutcome): boolean =>
  isTrustedEvent(output) && output.read === context.reads;
