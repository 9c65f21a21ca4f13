// Issue 32.3's tripwire, with the accepted-restriction store present (the session's profile flow
// always has one; the server session's has one whenever its client gives it one, or a restriction
// heard for the login): no transition of the profile flow, the session that runs it or the server
// session reads a clock, nor the store. Before, the flow's `recall` (its entry, and `OWNER`) read
// the clock and the store while the transition was computed (an expression of `raise`), and so
// did its `stamp` (`WAKE`, `CLOCK`, its timers) and the stamp a profile from elsewhere is seen at
// (`PROFILE`): the same snapshot and event gave another next snapshot when the wall clock had moved.
// Now the clock's watch (an actor) recalls and stamps `CLOCK`, the session tells its wake-up as a
// `NOW` with its reading, and the flow's own reads of the clock are actions.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ExecutableActionObject,
  initialTransition,
  transition,
} from 'xstate';
import { internal, trusted } from '../../machines/clock';
import { serverSessionMachine } from '../../machines/server-session/machine';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { servicesOf } from '../../machines/session/context';
import { mergeFlows, PROFILE_SESSION, profileNow, TABS_SESSION } from '../../machines/session/flows';
import { profileFlow } from '../../machines/session/profile';
import { sessionCore } from '../../machines/sessionMachine';
import { serverInput } from '../support/server-session-input';
import {
  AT,
  type Clock,
  fire,
  H,
  properties,
  reading,
  restoredAt,
  S,
  sessionInput,
  tickOrWake,
  trippedClock,
} from './transitions-pure.harness';

/** A store that remembers a pause player 7 had accepted an hour before `at`. */
const storeWithPause = (at: number) => {
  const accepted = acceptedStoreOf({});
  accepted.remember(7, { kind: 'pause', at: at - H });
  return accepted;
};

const never = () => new Promise<never>(() => {});
const OWNER = { userId: 7, sid: 3 };
const USER_INFO = { user_pause: 0, user_exclusion: 0 };

// --- the profile flow itself --------------------------------------------------------------------

const trust = { trusted: () => true, learned: () => true, subscribe: () => () => {}, boundMs: 2 * S };

const profileInput = (clock: Clock, at: number) => ({
  services: {
    auth: { getUserProfile: never },
    serverNow: clock.serverNow,
    random: clock.random,
    clock: trust,
    accepted: storeWithPause(at),
  },
  owner: OWNER,
});

/** The flow's read in flight (its invoke's id), when it reads. */
const readId = (s: AnyMachineSnapshot) =>
  s.matches('reading') ? Object.keys(s.children).find((id) => id.includes('reading')) : undefined;

const profileSteps = (at: number) =>
  fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom('pause', 'selfExclusion', null), fc.integer({ min: 0, max: H }))
        .map(([restricts, dt]) => ({ type: 'CHECK', restricts, at: at + dt }) as AnyEventObject),
      fc
        .constantFrom(OWNER, { userId: 7, sid: 4 }, { userId: 8, sid: 5 })
        .map((owner) => () => ({ type: 'OWNER', owner }) as AnyEventObject),
      // The clock's word, with the stamp it read (the flow's time).
      fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 30 * H })).map(
        ([t, dt]) =>
          () =>
            trusted({ type: 'CLOCK', trusted: t, learned: true, stamp: { at: at + dt, trusted: t } }),
      ),
      // A bare wake-up (the flow's clock read by an action), or the session's, with its reading.
      fc.constant<AnyEventObject>({ type: 'WAKE' }),
      fc.tuple(fc.integer({ min: 0, max: 30 * H }), fc.boolean()).map(
        ([dt, t]) =>
          () =>
            profileNow({ at: at + dt - 40 * S, serverAt: at + dt, trusted: t }),
      ),
      fc.integer({ min: -H, max: H }).map(
        (dt) => () =>
          internal({
            type: 'PROFILE',
            owner: OWNER,
            user: null,
            userInfo: USER_INFO,
            at: at + dt,
            source: 'remote' as const,
          }) as AnyEventObject,
      ),
      fc.tuple(fc.integer({ min: 0, max: H }), fc.boolean()).map(([dt, ok]) => (s: AnyMachineSnapshot) => {
        const id = readId(s);
        if (!id) return null;
        const read = (s.context as { reads: number }).reads;
        const output = ok
          ? { ok: true, user: { id: 7 }, userInfo: USER_INFO, at: at + dt, trusted: true, sent: at, read }
          : { ok: false, error: new Error('down'), at: at + dt, trusted: true, jitter: 0.5, read };
        return { type: `xstate.done.actor.${id}`, output: trusted(output) };
      }),
      fc.constant(fire),
    ),
    { maxLength: 20 },
  );

// --- the session with the profile flow (and the tabs flow) ------------------------------------

const sessionSteps = (at: number) =>
  fc.array(
    fc.oneof(
      fc.constant(restoredAt(at)),
      tickOrWake(at, 10 * H),
      fc.tuple(fc.constantFrom('pause', 'selfExclusion'), fc.integer({ min: 0, max: H })).map(
        ([restricts, dt]) =>
          () =>
            internal({ type: 'PROFILE_CHANGED', restricts, sent: at + dt }),
      ),
      fc.integer({ min: 4, max: 9 }).map((seq) => (s: AnyMachineSnapshot) => {
        const handle = servicesOf(s.context).vault.put(`adopted-${seq}`);
        const session = {
          handle,
          tokenType: 'Bearer',
          savedAt: at,
          expiresAt: at + 8 * H,
          timeBase: 'server' as const,
          seq,
          sid: seq,
          userId: 7,
        };
        return internal({
          type: 'ADOPT',
          session,
          user: null,
          reason: 'login',
          otherLogin: true,
          reading: reading(at + S),
        });
      }),
      fc.constant({ type: 'LOGOUT' } as AnyEventObject),
    ),
    { maxLength: 15 },
  );

// --- the server session, its client's store given -------------------------------------------------

const serverWithStore = (clock: Clock, at: number) => {
  const input = serverInput(clock, at);
  return { ...input, deps: { ...input.deps, accepted: storeWithPause(at) } };
};

/** Its seed's player is 7 (the store's). */
const serverWithStoreOf7 = (clock: Clock, at: number) => {
  const input = serverWithStore(clock, at);
  return { ...input, initial: { ...input.initial, user: { id: 7 } as never } };
};

const serverSteps = (at: number) =>
  fc.array(
    fc.oneof(
      tickOrWake(at, 4 * H),
      fc.tuple(fc.constantFrom('pause', 'selfExclusion'), fc.integer({ min: 0, max: H })).map(
        ([restricts, dt]) =>
          () =>
            internal({ type: 'PROFILE_CHANGED', restricts, sent: at + dt }),
      ),
      fc.constant(() => internal({ type: 'REMOTE_LOGIN', loginId: 'login-5' })),
      fc.constant({ type: 'LOGOUT' } as AnyEventObject),
      fc.constant(fire),
    ),
    { maxLength: 15 },
  );

const machines = [
  {
    name: 'the profile flow, its store holding a pause',
    machine: profileFlow,
    input: profileInput,
    steps: profileSteps,
  },
  {
    name: 'the session with the profile flow (its store given)',
    machine: sessionCore.provide(mergeFlows([TABS_SESSION, PROFILE_SESSION])),
    // (Its store, beside the session's own token store, is empty: the flow reads it all the same.)
    input: sessionInput,
    steps: sessionSteps,
  },
  {
    name: 'the server session, its client giving a store',
    machine: serverSessionMachine,
    input: serverWithStoreOf7,
    steps: serverSteps,
  },
] as const;

describe('time arrives on events, the accepted store present: no transition reads a clock (issue 32.3)', () =>
  properties(machines));

// --- one transition, twice, the wall clock moved between ---------------------------------------

/** Data only: an actor stands as its id, a function as a name; cycles cut. */
const plain = (v: unknown): unknown => {
  const seen = new WeakSet<object>();
  return JSON.parse(
    JSON.stringify(v, (_k, x: unknown) => {
      if (typeof x === 'function') return '[function]';
      if (x && typeof x === 'object') {
        if ('getSnapshot' in x && 'send' in x) return `[actor ${(x as { id?: string }).id}]`;
        if (seen.has(x)) return '[cycle]';
        seen.add(x);
      }
      return x;
    }) ?? 'null',
  );
};

/** Each child's state and context as it was made. */
const childrenOf = (s: AnyMachineSnapshot) =>
  Object.entries(s.children).map(([id, c]) => {
    const { value, context } = (c as { getSnapshot(): { value?: unknown; context?: unknown } }).getSnapshot();
    return [id, plain({ value, context })];
  });

const next = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
  const [s, actions] = transition(machine, snapshot, event) as [AnyMachineSnapshot, ExecutableActionObject[]];
  const { servicesKey: _key, ...context } = s.context as Record<string, unknown>;
  return {
    value: s.value,
    context: plain(context),
    children: childrenOf(s),
    actions: actions.map((a) => ({ type: a.type, params: plain(a.params) })),
  };
};

describe('the same snapshot and event give the same next snapshot and actions, the wall clock moved', () => {
  const moves = fc.integer({ min: -5 * H, max: 5 * H }).filter((d) => Math.abs(d) > S);

  it('the server session starts signed in from its seed (its profile flow made, the pause kept for 7)', () => {
    fc.assert(
      fc.property(moves, (move) => {
        const clock = trippedClock(AT, 40 * S);
        const first = (m: AnyStateMachine) => {
          const [s, actions] = initialTransition(m, serverWithStoreOf7(clock, AT)) as [
            AnyMachineSnapshot,
            ExecutableActionObject[],
          ];
          return { value: s.value, children: childrenOf(s), actions: actions.map((a) => a.type) };
        };
        const before = first(serverSessionMachine as AnyStateMachine);
        clock.state.t += move;
        expect(first(serverSessionMachine as AnyStateMachine)).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it("the session takes its store's answer (signed in, its profile flow made, the pause kept for 7)", () => {
    const machine = sessionCore.provide(mergeFlows([TABS_SESSION, PROFILE_SESSION])) as AnyStateMachine;
    fc.assert(
      fc.property(moves, (move) => {
        const clock = trippedClock(AT, 40 * S);
        const [snapshot] = initialTransition(machine, sessionInput(clock)) as [AnyMachineSnapshot, unknown];
        // (The store beside the session's own token store: the one its profile flow is given.)
        acceptedStoreOf(servicesOf(snapshot.context).tokens).remember(7, { kind: 'pause', at: AT - H });
        const handle = servicesOf(snapshot.context).vault.put('stored');
        const meta = { tokenType: 'Bearer', savedAt: AT - H, expiresAt: AT + 7 * H, timeBase: 'server' };
        const event = {
          type: 'xstate.done.actor.restore',
          output: { meta: { ...meta, seq: 3, sid: 3, userId: 7 }, handle, reading: reading(AT) },
        };
        const before = next(machine, snapshot, event);
        expect(before.value).toBe('signedIn');
        clock.state.t += move;
        expect(next(machine, snapshot, event)).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it('the profile flow: OWNER (another login of the player, whose pause is kept)', () => {
    fc.assert(
      fc.property(moves, (move) => {
        const clock = trippedClock(AT, 40 * S);
        const [snapshot] = initialTransition(profileFlow as AnyStateMachine, profileInput(clock, AT)) as [
          AnyMachineSnapshot,
          unknown,
        ];
        const event = { type: 'OWNER', owner: { userId: 7, sid: 4 } };
        const before = next(profileFlow as AnyStateMachine, snapshot, event);
        clock.state.t += move;
        expect(next(profileFlow as AnyStateMachine, snapshot, event)).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it.each([
    ['a WAKE', () => ({ type: 'WAKE' })],
    [
      'a PROFILE from another tab',
      () =>
        internal({
          type: 'PROFILE',
          owner: OWNER,
          user: null,
          userInfo: USER_INFO,
          at: AT,
          source: 'remote' as const,
        }),
    ],
  ] as const)('the profile flow, idle: %s', (_name, event) => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5 * H, max: 5 * H }).filter((d) => Math.abs(d) > S),
        (move) => {
          const clock = trippedClock(AT, 40 * S);
          let [snapshot] = initialTransition(profileFlow as AnyStateMachine, profileInput(clock, AT)) as [
            AnyMachineSnapshot,
            unknown,
          ];
          const id = readId(snapshot)!;
          const read = (snapshot.context as { reads: number }).reads;
          [snapshot] = transition(profileFlow as AnyStateMachine, snapshot, {
            type: `xstate.done.actor.${id}`,
            output: trusted({
              ok: true,
              user: { id: 7 },
              userInfo: USER_INFO,
              at: AT,
              trusted: true,
              sent: AT,
              read,
            }),
          }) as [AnyMachineSnapshot, unknown];
          expect(snapshot.value).toBe('idle');
          const before = next(profileFlow as AnyStateMachine, snapshot, event());
          clock.state.t += move;
          expect(next(profileFlow as AnyStateMachine, snapshot, event())).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
  });
});
