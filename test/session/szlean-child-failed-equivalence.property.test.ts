// Old-versus-new equivalence of the SZLEAN cut (issue 33): a child's failure (`childFailed`) and a
// clock that gave no time (`takeClockError`) used to be one action of the session's setup that also
// staled restrictions and, for the play-time child, marked play time not known. Now the session's
// own takes the error only, the profile flow's staleness comes with that flow (PROFILE_SESSION) and
// the play-time child's failure with its own invoke (PLAY_TIME_TRANSITIONS), so a client without
// those flows carries none of it. The oracle is the action before the cut (b85d90a), copied; the
// property runs the shipped machines (XState's pure `transition`) over generated contexts and
// failures, for each set of flows a client can run.
import fc from 'fast-check';
import { asPamError } from 'pam-client/internal';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, transition } from 'xstate';
import { internal } from '../../machines/session/events';
import { mergeFlows, PLAY_TIME_SESSION, PROFILE_SESSION, TABS_SESSION } from '../../machines/session/flows';
import { PLAY_TIME_TRANSITIONS } from '../../machines/session/parts/play-time';
import { PROFILE_TRANSITIONS } from '../../machines/session/parts/profile';
import { TABS_TRANSITIONS } from '../../machines/session/parts/tabs';
import { createSessionMachine, sessionMachine } from '../../machines/sessionMachine';

// ---- The oracle (b85d90a's `childFailed`, machines/session/setup.ts) ----

type R = { status: string; canBet: boolean } | null;
function oldChildFailed(
  c: { restrictions: R; playTime: object | null },
  event: { type: string; error?: unknown },
) {
  const { restrictions: r, playTime: p } = c;
  return {
    error: asPamError(event.error),
    restrictions: r && { ...r, status: r.status === 'unknown' ? r.status : 'stale', canBet: false },
    ...(event.type.endsWith('.playTime') && {
      playTime: {
        ...{ limitMs: 0, usedMs: 0, leftMs: 0, period: 'daily' as const },
        ...p,
        leftMs: 0,
        warning: true,
        reached: true,
        known: false as const,
      },
    }),
  };
}

// ---- The machines a client runs (by its flows) ----

const withFlows = (parts: object[], impls: object[]) =>
  createSessionMachine({}, parts as never).provide(mergeFlows(impls as never) as never) as AnyStateMachine;
const MACHINES = {
  // Each with what its flows can hold: restrictions only with the profile flow, play time only with
  // the play-time flow (nothing else sets them), and a play-time child only with its part.
  none: { machine: withFlows([], []), restrictions: false, playTime: false },
  profile: {
    machine: withFlows([PROFILE_TRANSITIONS], [PROFILE_SESSION]),
    restrictions: true,
    playTime: false,
  },
  playTime: {
    machine: withFlows([PLAY_TIME_TRANSITIONS], [PLAY_TIME_SESSION]),
    restrictions: false,
    playTime: true,
  },
  preset: {
    machine: withFlows(
      [TABS_TRANSITIONS, PROFILE_TRANSITIONS, PLAY_TIME_TRANSITIONS],
      [TABS_SESSION, PROFILE_SESSION, PLAY_TIME_SESSION],
    ),
    restrictions: true,
    playTime: true,
  },
  sessionMachine: { machine: sessionMachine as AnyStateMachine, restrictions: true, playTime: true },
};

const restrictionsArb = fc.option(
  fc.record({
    status: fc.constantFrom('current', 'stale', 'unknown'),
    canBet: fc.boolean(),
    playTimeUnknown: fc.boolean(),
    limits: fc.record({ time: fc.option(fc.nat()) }),
  }),
);
const playTimeArb = fc.option(
  fc.record(
    {
      limitMs: fc.nat(),
      usedMs: fc.nat(),
      leftMs: fc.nat(),
      period: fc.constantFrom('daily', 'weekly', 'monthly'),
      warning: fc.boolean(),
      reached: fc.boolean(),
      known: fc.boolean(),
    },
    { requiredKeys: ['limitMs', 'usedMs'] },
  ),
);
const errorArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.string().map((m) => new Error(m)),
  fc.string().map((m) => new TypeError(m)),
);

/** A signed-in snapshot of `machine` holding `restrictions` and `playTime` (no entry actions run). */
function signedIn(machine: AnyStateMachine, restrictions: R, playTime: object | null) {
  const base = { error: null, user: null, userInfo: null, userId: 1, sid: 2, seq: 3, clock: 3 };
  return machine.resolveState({ value: 'signedIn', context: { ...base, restrictions, playTime } as never });
}

describe('SZLEAN: a child failure and a clock that gave no time, as before the cut', () => {
  for (const [name, m] of Object.entries(MACHINES)) {
    it(`${name}: a child that failed (the play-time one where it runs) sets what the old action set`, () => {
      const ids = ['tabs', 'profile', 'wake', 'other', ...(m.playTime ? ['playTime'] : [])];
      fc.assert(
        fc.property(
          m.restrictions ? restrictionsArb : fc.constant(null),
          m.playTime ? playTimeArb : fc.constant(null),
          fc.constantFrom(...ids),
          errorArb,
          (restrictions, playTime, id, error) => {
            const before = signedIn(m.machine, restrictions as R, playTime);
            const event = { type: `xstate.error.actor.${id}`, error, actorId: id };
            const [after] = transition(m.machine, before, event as never);
            const want = { ...before.context, ...oldChildFailed(before.context, event) };
            const c = after.context as typeof want;
            expect({ r: c.restrictions, p: c.playTime, e: c.error?.code, m: c.error?.message }).toEqual({
              r: want.restrictions,
              p: want.playTime,
              e: want.error.code,
              m: want.error.message,
            });
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  for (const name of ['profile', 'preset', 'sessionMachine'] as const) {
    it(`${name}: a clock that gave no time: its error, and restrictions stale, as before`, () => {
      // (`wakeProfile` sends to the profile child, which a resolved snapshot has none of: a no-op.)
      const machine = MACHINES[name].machine.provide({ actions: { wakeProfile: () => {} } });
      fc.assert(
        fc.property(
          restrictionsArb,
          fc.constantFrom('TICK', 'WAKE'),
          fc.string(),
          (restrictions, type, m) => {
            const before = signedIn(machine, restrictions as R, null);
            const error = asPamError(new Error(m));
            const reading = { at: 0, serverAt: 0, trusted: false, learned: false, error };
            const [after] = transition(machine, before, internal({ type, reading }) as never);
            expect(after.context.error).toBe(error);
            expect(after.context.restrictions).toEqual(
              oldChildFailed(before.context, { type, error }).restrictions,
            );
          },
        ),
        { numRuns: 100 },
      );
    });
  }
});
