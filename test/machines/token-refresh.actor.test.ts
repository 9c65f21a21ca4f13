import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { turns } from '../support/event-loop';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('tokenRefreshMachine (fake refresh actor)', () => {
  it('ignores the answer of an aborted refresh that resolves anyway', async () => {
    let release: (v: { access_token: string }) => void = () => undefined;
    const signals: AbortSignal[] = [];
    const machine = tokenRefreshMachine.provide({
      actors: {
        refreshToken: fromPromise(({ signal }) => {
          signals.push(signal);
          // Deliberately ignores the signal, like a request that answers after the abort.
          return new Promise<{ access_token: string }>((resolve) => {
            release = resolve;
          });
        }),
      },
    });
    const actor = createActor(machine, {
      input: { auth: { refreshToken: () => Promise.reject(new Error('unused')) }, now: () => 0 },
      clock: new SimulatedClock(),
    });
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'b' });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    release({ access_token: 'late' });
    await turns(5); // the late answer's promise callbacks run; nothing may follow
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    actor.stop();
  });

  it('counts a refresh in flight for over 60 s as lost: aborts it and backs off', async () => {
    const signals: AbortSignal[] = [];
    const machine = tokenRefreshMachine.provide({
      actors: {
        refreshToken: fromPromise(({ signal }) => {
          signals.push(signal);
          return new Promise<{ access_token: string }>(() => undefined);
        }),
      },
    });
    const sim = new SimulatedClock();
    const actor = createActor(machine, {
      input: { auth: { refreshToken: () => Promise.reject(new Error('unused')) }, now: () => sim.now() },
      clock: sim,
    });
    actor.start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    // Exactly 60 s in flight is not lost yet; one ms more is (the core's rule, REVIEW-Z Z-9).
    sim.increment(60 * S);
    expect(actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    sim.increment(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ active: 'idle' });
    expect(snapshot.context.error?.code).toBe('timeout');
    expect(snapshot.context.refresh).toMatchObject({
      failures: 1,
      lastFailureAt: 60 * S + 1,
      inFlightSince: null,
    });
    expect(signals[0]?.aborted).toBe(true);
    actor.stop();
  });

  it('passes its signal to auth.refreshToken: aborted by TOKEN_SAVED, SIGN_OUT and stop()', () => {
    const signals: (AbortSignal | undefined)[] = [];
    const auth = {
      refreshToken: (options?: { signal?: AbortSignal }) => {
        signals.push(options?.signal);
        return new Promise<never>(() => undefined);
      },
    };
    const actor = createActor(tokenRefreshMachine, {
      input: { auth, now: () => 0 },
      clock: new SimulatedClock(),
    }).start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'b' });
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'SIGN_OUT' });
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'c' });
    actor.send({ type: 'REFRESH' });
    expect(signals.map((s) => s?.aborted)).toEqual([true, true, false]);
    actor.stop();
    expect(signals.map((s) => s?.aborted)).toEqual([true, true, true]);
  });

  it('starts active from input.savedAt (a session restored or stored by a parent)', () => {
    const sim = new SimulatedClock();
    sim.set(10 * H);
    const calls: number[] = [];
    const auth = {
      refreshToken: () => {
        calls.push(sim.now());
        return new Promise<never>(() => undefined);
      },
    };
    const actor = createActor(tokenRefreshMachine, {
      input: { auth, now: () => sim.now(), savedAt: 5 * H },
      clock: sim,
    }).start();
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.refresh.tokenSavedAt).toBe(5 * H);
    for (let i = 0; i < 60; i++) sim.increment(MIN);
    expect(calls).toEqual([11 * H]);
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut'); // stays out: savedAt only applies at start
    actor.stop();

    const fresh = createActor(tokenRefreshMachine, {
      input: { auth, now: () => sim.now() },
      clock: sim,
    }).start();
    expect(fresh.getSnapshot().value).toBe('signedOut');
    fresh.stop();
  });

  it('starts the interval from TOKEN_SAVED.savedAt when a stored session is restored', () => {
    const sim = new SimulatedClock();
    sim.set(10 * H);
    const calls: number[] = [];
    const actor = createActor(tokenRefreshMachine, {
      input: {
        auth: {
          refreshToken: () => {
            calls.push(sim.now());
            return new Promise(() => undefined);
          },
        },
        now: () => sim.now(),
      },
      clock: sim,
    }).start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a', savedAt: 5 * H });
    expect(actor.getSnapshot().context.refresh.tokenSavedAt).toBe(5 * H);
    for (let i = 0; i < 60; i++) sim.increment(i < 59 ? MIN : MIN - 1);
    expect(calls).toEqual([]);
    sim.increment(1);
    expect(calls).toEqual([11 * H]);
    actor.stop();
  });
});
