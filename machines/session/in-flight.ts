// Changes that bar betting while they are on their way (REVIEW-AI AI-3): a pause or a
// self-exclusion the server may apply on receipt bars betting from the moment it is SENT, not when
// its answer comes. The profile flow keeps each one (`pending`, by id: `INFLIGHT`) until its call
// settles (`INFLIGHT` with `settled`: the client's user module tells it after telling an accepted or
// unknown outcome as the kept bar, `CHECK`), or until its own end (`until`, server time: another
// tab's, whose release may be lost with a crashed tab or a lost message). A release lifts only its
// own change: two in flight, one refused, still barred by the other.

import { assign } from 'xstate';
import { trusted } from '../clock';
import { type InFlight, inFlightAt, type ProfileFlowContext } from './profile-rules';
import { advanced } from './profile-setup';

/** When the first change in flight at `now` stops barring by itself (none: never). */
export const inFlightEnd = (c: Pick<ProfileFlowContext, 'pending' | 'now'>): number =>
  Math.min(...inFlightAt(c.pending, c.now).map((p) => p.until), Number.POSITIVE_INFINITY);

/** `INFLIGHT`: a change sent (`settled`: its call settled), this tab's or another's (`heard`). */
type InFlightEvent = InFlight & { settled?: boolean; heard?: true };

/** How long another tab's change in flight bars here past the request's timeout, at most. */
const MARGIN_MS = 30_000;

/**
 * Another tab's change in flight (`inflight`, ../cross-tab.ts), for the login held: told to the
 * profile flow (`heard`), barring until released or for the request's timeout and a margin, from now
 * (a clock that gives no time: until released).
 */
export function heardInFlight(
  self: { getSnapshot(): { children?: object } },
  held: { phase: string; context: { userId: number | null; sid: number | null; refreshWaitMs: number } },
  m: { kind: InFlight['kind']; id: string; settled: boolean; userId: number; sid: number },
  read?: () => { serverAt: number; error?: unknown },
): void {
  const r = read?.();
  if (held.phase === 'signedIn' && held.context.userId === m.userId && held.context.sid === m.sid)
    (self.getSnapshot().children as { profile?: { send(e: unknown): void } }).profile?.send(
      trusted({
        ...m,
        type: 'INFLIGHT',
        until: (r && !r.error ? r.serverAt : Number.NaN) + held.context.refreshWaitMs + MARGIN_MS,
        heard: true,
      }),
    );
}

// (Only the ones still barring are kept: one past its end is dropped with the next change.)
const change = /* @__PURE__ */ assign<ProfileFlowContext, never, undefined, never, never>(
  ({ context, event }) => {
    const { id, kind, until, settled } = event as InFlightEvent;
    const pending = inFlightAt(context.pending, context.now).filter((p) => p.id !== id);
    if (!settled) pending.push({ id, kind, until });
    return advanced(context, { pending }, {});
  },
);

// One of this tab's is told to the other tabs of the login (they bar too, until it settles).
const actions = [
  change,
  ({ context: { services, owner }, event }: { context: ProfileFlowContext; event: unknown }) => {
    const e = event as InFlightEvent;
    e.heard || services.crossTab?.publishInFlight?.(e.kind, e.id, !!e.settled, owner);
  },
];

/** The profile flow's transition of changes in flight (at its root). */
export const IN_FLIGHT = { INFLIGHT: { actions } } as const;

/** In `idle`: a change in flight re-arms the timers, so its bar lapses at its end (`change`). */
export const IN_FLIGHT_IDLE = { INFLIGHT: { target: 'idle', reenter: true, actions } } as const;
