// Changes that bar betting while they are on their way (REVIEW-AI AI-3): a pause or a
// self-exclusion the server may apply on receipt bars betting from the moment it is SENT, not when
// its answer comes. The profile flow keeps each one (`pending`, by id: `INFLIGHT`) until its call
// settles (`INFLIGHT` with `settled`: the client's user module tells it after telling an accepted or
// unknown outcome as the kept bar, `CHECK`), or until its own end (`until`, server time: another
// tab's, whose release may be lost with a crashed tab or a lost message). A release lifts only its
// own change: two in flight, one refused, still barred by the other. And only by its own word
// (REVIEW-AJ AJ-1): this tab's change is released by this tab's release alone, another tab's only
// by a release heard from that same tab (a forged `settled` replaying an id lifts nothing). A tab
// that joins the login is told the changes in flight of each tab that answers its sync (AJ-2:
// `inFlightTold`), held as heard from the tab that sent each.

import { assign } from 'xstate';
import { trusted } from '../clock';
import { type InFlight, inFlightAt, type ProfileFlowContext } from './profile-rules';
import { advanced } from './profile-setup';
import type { ClockReading } from './types';

/**
 * A wake-up told to the profile flow as its time: the clock as read then (`reading`; one that gave
 * no time stamps none, as the flow's own: `noTime`), marked as the session's own (the flow reads
 * no clock in a transition: what its `WAKE` would read, an effect, is this reading).
 */
export const profileNow = (r?: ClockReading) =>
  trusted({ type: 'NOW' as const, at: r?.error ? NaN : r?.serverAt, trusted: r?.trusted });

/**
 * When the first change in flight at `now` stops barring by itself (none: never). An end not known
 * (not a number) bars until released: no timer for it (R27-3: never a 0 ms re-arm).
 */
export const inFlightEnd = (c: Pick<ProfileFlowContext, 'pending' | 'now'>): number =>
  Math.min(...inFlightAt(c.pending, c.now).map((p) => (Number.isNaN(p.until) ? 1 / 0 : p.until)), 1 / 0);

/** A change held here: this tab's own (no `from`), or heard from the tab `from` (none named: ''). */
type Held = InFlight & { from?: string };

/** `INFLIGHT`: a change sent (`settled`: its call settled), this tab's or another's (`heard`, from tab `from`). */
type InFlightEvent = Held & { settled?: boolean; heard?: true };

/** How long another tab's change in flight bars here past the request's timeout, at most. */
const MARGIN_MS = 30_000;

/** The most changes in flight a sync answer tells (the channel's schema refuses more: `MAX_IN_FLIGHT`). */
const MAX_TOLD = 8;

/**
 * The changes in flight held here, told in this tab's sync answer (`Kept['inflight']`,
 * ../cross-tab.ts): this tab's own first, then those heard (with the tab they were heard from,
 * `from`: its release lifts them in the tab that joins too; a sender that reloaded or cannot be
 * heard is told by the others), each with how long it may still bar there (`ms`: the rest of its
 * lapse here at `now`, the clock's server time, the request's timeout `waitMs` and the margin at
 * most; one of no end here: that much).
 */
export function inFlightTold(self: { getSnapshot(): { children?: object } }, waitMs: number, now: number) {
  const c = (
    self.getSnapshot().children as { profile?: { getSnapshot(): { context: ProfileFlowContext } } }
  ).profile?.getSnapshot().context;
  const cap = Math.floor(waitMs + MARGIN_MS);
  // (A change only: a kind-less entry, a tab's own ask wait, is none and takes no slot, R26-5.)
  return (c ? (inFlightAt(c.pending, c.now) as Held[]) : [])
    .filter((p) => p.kind)
    .sort((x, y) => +!!x.from - +!!y.from)
    .slice(0, MAX_TOLD)
    .map(({ kind, id, until, from }) => {
      // (From the clock read now: the flow's own time may be old. A rest that cannot be read: the whole lapse.)
      const rest = until - now;
      return { kind, id, ms: rest < cap ? Math.max(0, Math.floor(rest)) : cap, ...(from && { from }) };
    });
}

/**
 * Another tab's change in flight (`inflight`, ../cross-tab.ts), for the login held: told to the
 * profile flow (`heard`), barring until released or for the request's timeout and a margin, from now
 * (a clock that gives no time: +Infinity, until released). The flow is told the clock read as it is
 * heard first (`NOW`, TOKLAPSE29 as SS29-2): its lapse is timed from then, never from the flow's last
 * time, which may be old (a tab idle for an hour: late; after the clock stepped back: at once).
 */
export function heardInFlight(
  self: { getSnapshot(): { children?: object } },
  held: { phase: string; context: { userId: number | null; sid: number | null; refreshWaitMs: number } },
  m: {
    kind: InFlight['kind'];
    id: string;
    settled: boolean;
    userId: number;
    sid: number;
    from: string;
    ms?: number;
  },
  read: () => ClockReading,
): void {
  const r = read();
  const cap = held.context.refreshWaitMs + MARGIN_MS;
  const p = (self.getSnapshot().children as { profile?: { send(e: unknown): void } }).profile;
  if (held.phase === 'signedIn' && held.context.userId === m.userId && held.context.sid === m.sid) {
    // (A reading of a clock not trusted is not the flow's time: its own rule; none, no time.)
    p?.send(profileNow(r));
    p?.send(
      trusted({
        ...m,
        type: 'INFLIGHT',
        // (`ms`: what its sender said is left of its lapse, a sync answer's; never past ours.)
        until: (r.error ? Infinity : r.serverAt) + (m.ms! < cap ? m.ms! : cap),
        heard: true,
      }),
    );
  }
}

// (Only the ones still barring are kept: one past its end is dropped with the next change.)
const change = /* @__PURE__ */ assign<ProfileFlowContext, never, undefined, never, never>(
  ({ context, event }) => {
    const { id, kind, until, settled, heard, from } = event as InFlightEvent;
    // Whose word it is: this tab's (none), or the tab's that told it; it moves only its own entry.
    const by = heard ? (from ?? '') : undefined;
    const pending = (inFlightAt(context.pending, context.now) as Held[]).filter(
      (p) => p.id !== id || p.from !== by,
    );
    if (!settled) pending.push({ id, kind, until, from: by });
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
