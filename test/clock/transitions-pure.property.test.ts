// Issue 32.3, the tripwire: time arrives on events. No transition of the session, the server
// session or the refresh cycle reads a clock: `assign`, guards, invoke inputs (and the initial
// context of a child an invoke creates) and delays compute from the context and the event only.
// The machines run through xstate's pure `transition()`; the clocks they were given record every
// read made while a transition is being computed. A read made by an action the harness runs
// afterwards (`readClock`: an app's bare TICK, read, then told again with its reading) is
// allowed: that is an effect, not a transition. And two runs whose events carry the same readings
// reach the same snapshots and arm the same timers whatever the wall clocks say.

import fc from 'fast-check';
import { NetworkError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { internal } from '../../machines/clock';
import { serverSessionMachine } from '../../machines/server-session/machine';
import { servicesOf } from '../../machines/session/context';
import { TABS_SESSION } from '../../machines/session/flows';
import { sessionCore } from '../../machines/sessionMachine';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { manualTimers } from '../support/manual-timers';
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
  type Step,
  sessionInput,
  tickOrWake,
  trippedClock,
} from './transitions-pure.harness';

// --- the refresh cycle -------------------------------------------------------------------------

const never = { refreshToken: () => new Promise<never>(() => {}) };

const refreshSteps = (at: number) =>
  fc.array(
    fc.oneof(
      fc.integer({ min: 0, max: 8 * H }).map((dt) => ({ type: 'TICK', at: at + dt }) as AnyEventObject),
      fc.constant({ type: 'TICK' } as AnyEventObject),
      fc.integer({ min: 0, max: H }).map((dt) => ({ type: 'TOKEN_SAVED', accessToken: 'x', at: at + dt })),
      fc.integer({ min: 0, max: H }).map((dt) => ({ type: 'REFRESH', at: at + dt }) as AnyEventObject),
      fc.constant({ type: 'SIGN_OUT' } as AnyEventObject),
      fc.constant<Step>((s) =>
        s.matches({ active: 'refreshing' })
          ? { type: 'xstate.done.actor.refresh', output: { access_token: 'new' } }
          : null,
      ),
      fc.constant<Step>((s) =>
        s.matches({ active: 'refreshing' })
          ? { type: 'xstate.error.actor.refresh', error: Object.assign(new Error('down'), { status: 503 }) }
          : null,
      ),
      fc.constant(fire),
    ),
    { maxLength: 25 },
  );

const refreshInput = (clock: Clock, at: number) => ({
  auth: never,
  now: clock.now,
  random: clock.random,
  intervalMs: H,
  savedAt: at - 2 * H,
  expiresAt: at + H,
  at,
});

// --- the session (sessionCore with the tabs flow's verdicts: the refresh and tabs verdicts) -----

const sessionSteps = (at: number) =>
  fc.array(
    fc.oneof(
      fc.constant(restoredAt(at)),
      tickOrWake(at, 10 * H),
      fc.constant({ type: 'TICK' } as AnyEventObject),
      fc.constant({ type: 'REFRESH' } as AnyEventObject),
      fc
        .tuple(fc.integer({ min: 4, max: 9 }), fc.boolean())
        .map(([seq, other]) => (s: AnyMachineSnapshot) => {
          const handle = servicesOf(s.context).vault.put(`adopted-${seq}`);
          const session = {
            handle,
            tokenType: 'Bearer',
            savedAt: at,
            expiresAt: at + 8 * H,
            timeBase: 'server' as const,
            seq,
            sid: other ? seq : 3,
            userId: 7,
          };
          return internal({
            type: 'ADOPT',
            session,
            user: null,
            reason: 'refresh',
            otherLogin: other,
            reading: reading(at + S),
          });
        }),
      fc.integer({ min: 0, max: H }).map(
        (dt) => (s: AnyMachineSnapshot) =>
          internal({
            type: 'TOKEN_REFRESHED',
            handle: servicesOf(s.context).vault.put('r'),
            at: at + dt,
            owner: { userId: 7, sid: 3 },
          }),
      ),
      fc.constant(() => internal({ type: 'SESSION_EXPIRED' })),
      fc.constant({ type: 'LOGOUT' } as AnyEventObject),
    ),
    { maxLength: 20 },
  );

// --- the server session --------------------------------------------------------------------------

const serverSteps = (at: number) =>
  fc.array(
    fc.oneof(
      tickOrWake(at, 4 * H),
      fc.constant({ type: 'TICK' } as AnyEventObject),
      fc.constant({ type: 'LOGOUT' } as AnyEventObject),
      fc.constant({ type: 'LOGIN', login: 'p@example.com', password: 'x' } as AnyEventObject),
      // Another tab's login: the seed is read again; a transient failure waits (a jittered retry).
      fc.constant(() => internal({ type: 'REMOTE_LOGIN', loginId: 'login-5' })),
      fc.constant<Step>((s) =>
        s.matches({ restoring: 'reading' })
          ? { type: 'xstate.error.actor.seed', error: new NetworkError('GET', '/session') }
          : null,
      ),
      fc.integer({ min: 0, max: H }).map(
        (dt) => (s: AnyMachineSnapshot) =>
          s.matches('signingIn')
            ? {
                type: 'xstate.done.actor.login',
                output: {
                  expires_in: null,
                  token_type: 'Bearer',
                  user: { id: 8 },
                  userInfo: {},
                  server_session: { login_id: 'login-4', expires_at: at + 3 * H },
                  at: at + dt,
                },
              }
            : null,
      ),
      fc.constant(fire),
    ),
    { maxLength: 20 },
  );

// --- the properties ----------------------------------------------------------------------------

const machines = [
  {
    name: 'the refresh cycle (tokenRefreshMachine)',
    machine: tokenRefreshMachine,
    input: refreshInput,
    steps: refreshSteps,
  },
  {
    name: 'the session (sessionCore + the tabs flow)',
    machine: sessionCore.provide(TABS_SESSION),
    input: (c: Clock) => sessionInput(c),
    steps: sessionSteps,
  },
  { name: 'the server session', machine: serverSessionMachine, input: serverInput, steps: serverSteps },
] as const;

describe('time arrives on events: no transition reads a clock (issue 32.3)', () => properties(machines));

describe('the server session ends at its absolute end, judged at a reading (issue 32.3)', () => {
  const start = (t: { now: number }, offset: number) => {
    const { timers, advance, pending } = manualTimers(t);
    const clock = trippedClock(AT, offset);
    const input = serverInput(clock, AT);
    const deps = { ...input.deps, now: () => t.now, serverNow: () => t.now + offset, timers };
    const actor = createActor(serverSessionMachine, { input: { ...input, deps } }).start();
    return { actor, advance, pending };
  };

  it('its timer tells a TICK with the clock as read then: signed out as expired at the end, not before', () => {
    // The seed ends at AT + 2 h, server time; the server is 40 s ahead of the base.
    const t = { now: AT - 40 * S };
    const { actor, advance, pending } = start(t, 40 * S);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    advance(2 * H - 1);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    advance(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutReason).toBe('expired');
    expect(pending.size).toBe(0);
    actor.stop();
  });

  it("an app's bare TICK past the end has the clock read, then signs out; before it, nothing", () => {
    const t = { now: AT };
    const { actor } = start(t, 0);
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    t.now = AT + 2 * H; // the timer has not fired (no advance): only the TICK can tell
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutReason).toBe('expired');
    actor.stop();
  });
});

describe("the server session's seed retry is a timer actor: its jitter drawn there (issue 32.3)", () => {
  it('a transient failure waits the backoff (1 s, ±10 % as drawn), then reads the seed again', async () => {
    const t = { now: AT };
    const { timers, advance, pending } = manualTimers(t);
    let reads = 0;
    const clock = trippedClock(AT, 0, 0.75); // +5 %: the wait is 1 050 ms
    const base = serverInput(clock, AT);
    const deps = {
      ...base.deps,
      now: () => t.now,
      serverNow: () => t.now,
      timers,
      readSeed: () => {
        reads += 1;
        return Promise.reject(new NetworkError('GET', '/session'));
      },
    };
    const initial = { ...base.initial, status: 'unavailable' as const, user: null, expiresAt: null };
    const actor = createActor(serverSessionMachine, { input: { deps, initial } }).start();
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toBe(1);
    expect(actor.getSnapshot().matches({ restoring: 'waiting' })).toBe(true);
    advance(1_049);
    expect(reads).toBe(1);
    advance(1);
    expect(reads).toBe(2);
    actor.stop();
    expect(pending.size).toBe(0);
  });
});
