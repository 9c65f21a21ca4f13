// A pause or self-exclusion in flight (REVIEW-AI AI-3): the server may apply it on receipt, so it
// bars betting from the moment it is sent, not when its answer comes. The user module's wrapper
// (`withProfileRecheck`, ./session-facade.ts) tells the session's profile flow at the send
// (`INFLIGHT`, ../session/in-flight.ts) and once the call settled (`settled`), after telling an
// accepted or unknown outcome as before (kept, released only by a read showing it in force): a
// refusal releases that change's bar, and only its own.

import type { InFlightKind, PamError } from 'pam-client';
import { profileReadOf } from 'pam-client/internal';
import type { Actor, AnyActorRef } from 'xstate';
import { readingOf, trusted } from '../clock';
import { acceptedStoreOf } from '../session/accepted-store';
import { servicesOf } from '../session/context';
import { internal, type Owner } from '../session/events';
import type { AcceptedRestriction, ProfileFlowContext } from '../session/profile-rules';
import type { AcceptedStore } from '../session/profile-services';
import type { SessionServices } from '../session/types';
import type { sessionCore } from '../sessionMachine';
import { abortedBeforeCall, mayHaveApplied } from './outcome';

type SessionRef = Actor<typeof sessionCore>;

/** Whether the session holds the login of `owner` (its player and login id). */
export const holds = (session: SessionRef | undefined, owner: Owner) => {
  const c = session?.getSnapshot().context;
  return c?.userId === owner.userId && c.sid === owner.sid;
};

/** The session's profile flow while it holds the login of `owner` (none given: any). */
const flowOf = (session: SessionRef | undefined, owner?: Owner): AnyActorRef | undefined =>
  !owner || holds(session, owner)
    ? (session?.getSnapshot().children as Record<string, AnyActorRef | undefined> | undefined)?.profile
    : undefined;

/** The player and login the session holds now (read at each call). */
export const ownerOf = (session: () => SessionRef | undefined) => (): Owner => {
  const c = session()?.getSnapshot().context;
  return { userId: c?.userId ?? null, sid: c?.sid ?? null };
};

/**
 * Tells the profile flow of the session (while it holds the login of `owner`) that a change of
 * `kind` is on its way: betting is barred from now until the returned release runs (once the call
 * settled, its outcome told). Nothing for a change that bars nothing, or one never sent.
 */
export function inFlight(
  session: () => SessionRef | undefined,
  kind: InFlightKind | null,
  sending: boolean,
  owner?: Owner,
): () => void {
  if (!kind || !sending) return () => {};
  const id = Math.random().toString(36).slice(2);
  // (Its end: none while the call runs here: its release always follows in this tab.)
  flowOf(session(), owner)?.send(trusted({ type: 'INFLIGHT', id, kind, until: 9e15 }) as never);
  return () => flowOf(session())?.send(trusted({ type: 'INFLIGHT', id, kind, settled: true }) as never);
}

/**
 * The limits of 0 that the limit fields `limits` (as sent) set, read over what the session's
 * profile flow holds (ZERO30): an active bet or loss limit of 0 of a kind they name (an amount of
 * 0 sent active, or made active over an amount of 0 read), which no bet fits in. The server applies
 * a stricter limit at once, so it bars betting from the send, as a pause does; a looser change
 * (off, or above 0) bars nothing here and waits as before. Nothing read yet: the fields alone.
 */
const zeroLimitsOf = (session: SessionRef | undefined, limits: Record<string, unknown>, owner?: Owner) => {
  const c = flowOf(session, owner)?.getSnapshot().context as ProfileFlowContext | undefined;
  return (
    profileReadOf({ ...c?.userInfo, ...limits }, c?.now ?? NaN)[0]
      .inForce.map((x) => x.kind as InFlightKind)
      // (Of a kind the body names at all: an amount alone keeps the flag read, REVIEW30B-1.)
      .filter(
        (k) =>
          k.endsWith('LimitZero') &&
          Object.keys(limits).some((f) => f.startsWith(`user_limit_${k.replace('LimitZero', '')}`)),
      )
  );
};

/**
 * The changes after which the profile is read again, with the restriction each one places when
 * accepted: the restrictions' (IN SPA 31/2025: show them at once; a pause and a self-exclusion bar
 * betting at once, the other restrictions are the operator's and the SPA's, made by no call; a limit
 * bars nothing by itself), and, once accepted, those of what the profile shows (`view.user`,
 * `view.userInfo`: name and address, e-mail, phone, contracts, marketing, 2FA; R-6). A password,
 * a social account or a report is not in the profile: no read.
 */
export const RESTRICTION_CHANGES = {
  updateLimits: null,
  setTimeoutLimits: 'pause',
  setSelfExclusion: 'selfExclusion',
  updateProfile: null,
  updateEmail: null,
  addPhone: null,
  updateAddress: null,
  updateContracts: null,
  updateMarketing: null,
  toggleTwoFactor: null,
} as const;

/** A change after which the profile is read again. */
export type RestrictionChange = keyof typeof RESTRICTION_CHANGES;

/** What `recheck` tells, and where (`withProfileRecheck`'s arguments). */
export interface Recheck {
  session: () => SessionRef | undefined;
  serverNow?: () => number;
  accepted?: AcceptedStore;
  ownerNow?: () => Owner;
  /**
   * What a limit change sends for its payload (the user module: its call's reader's output; the
   * adapter's watch: the body as it goes out, its limits checked); none, or undefined: no limits
   * kept, a re-read only.
   */
  sent?: (name: 'updateLimits', payload: unknown) => unknown;
}

/**
 * One change `name` (its call's `args`: payload, options) sent by `send`, followed by a profile
 * re-read in the session (`withProfileRecheck`, ./session-facade.ts; a raw write through the
 * client's adapter, ./restriction-writes.ts): barred from the send, told once accepted or maybe
 * applied, released once settled; a refusal releases only.
 */
export async function recheck(
  name: RestrictionChange,
  args: readonly unknown[],
  send: () => Promise<unknown>,
  { session, serverNow, accepted, ownerNow, sent: sends }: Recheck,
): Promise<unknown> {
  const keptOf = ({ tokens, clock }: SessionServices) => acceptedStoreOf(tokens, clock);
  const restricts = RESTRICTION_CHANGES[name];
  const refusedBeforeSending = abortedBeforeCall(args); // nothing sent, whatever the error (review 8, 1)
  // When it was sent, server time read here in either mode (a restriction starts then or later). A
  // session without its services, or a clock that gives no time (`readingOf`), gives none: any of its kind.
  let sent: number | PamError | undefined;
  try {
    sent = readingOf(serverNow ?? servicesOf(session()!.getSnapshot().context).serverNow);
  } catch {}
  const owner = ownerNow?.();
  // Limits as SENT (their `user_limit_*` fields only, never `password_check`: the call's reader's output,
  // U-1); accepted or maybe applied (U-6), the profile flow keeps them for their day over lagging reads.
  const payload = name === 'updateLimits' && sends?.(name, args[0]);
  const limits =
    payload && typeof payload === 'object'
      ? Object.fromEntries(Object.entries(payload).filter(([k]) => k.startsWith('user_limit_')))
      : undefined;
  const tell = (ok?: boolean) => {
    if (restricts && typeof sent === 'number')
      (accepted ?? keptOf(servicesOf(session()!.getSnapshot().context))).remember(owner?.userId ?? null, {
        kind: restricts,
        at: sent,
      } as AcceptedRestriction);
    if (!owner || holds(session(), owner)) {
      // (Told to the profile flow itself: its read follows, as on PROFILE_CHANGED.)
      const flow = ok && limits && typeof sent === 'number' && session()?.getSnapshot().children?.profile;
      if (flow) flow.send(trusted({ type: 'CHECK', at: sent, limits }) as never);
      else
        session()?.send(
          internal({ type: 'PROFILE_CHANGED', restricts, ...(typeof sent === 'number' && { sent }) }),
        );
    }
  };
  // Barred from the send (AI-3), released once settled (after `tell`: accepted or maybe applied).
  // A limit change that sets a bet or loss limit of 0 too, as each limit of 0 (ZERO30): once
  // accepted or maybe applied, its limits as sent are applied at once (`CHECK`), so it stays barred.
  const settled = [restricts, ...(limits ? zeroLimitsOf(session(), limits, owner) : [])].map((kind) =>
    inFlight(session, kind, !refusedBeforeSending, owner),
  );
  try {
    const result = await send();
    tell(true);
    return result;
  } catch (error) {
    // One that may have been applied (no clear refusal) bars as one accepted (review 7, M1).
    if ((restricts || limits) && mayHaveApplied(error, !refusedBeforeSending)) tell(!!limits);
    throw error;
  } finally {
    for (const release of settled) release();
  }
}
