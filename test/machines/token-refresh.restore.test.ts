// tokenRefreshMachine: never spins on a tiny interval, refreshes before a short-lived token
// expires, classifies errors by brand and code (an error from another copy of pam-client), and
// is restored from a persisted snapshot with fresh input.
import { createAuthModule, createOfetchAdapter, type PamError } from 'pam-client';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { expiryMarginMs } from '../../src/session/token';
import { turns } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const T0 = 1_700_000_000_000;

let clock = new SimulatedClock();
const fixture = useReferenceServer({ now: () => T0 + clock.now() });
const now = () => T0 + clock.now();
/** Event-loop turns (no timer): a refresh that would start has started after these. */
const flush = (n = 20) => turns(n);

/** The real auth module on a real adapter, counting refresh calls. */
function realAuth() {
  const { server } = fixture;
  let token: string | null = server.issueToken(server.seed.plain.id);
  const auth = createAuthModule(
    createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, timeout: REAL_TIME_TIMEOUT_MS }),
  );
  let calls = 0;
  return {
    auth: {
      refreshToken: async (o?: { signal?: AbortSignal }) => {
        calls += 1;
        const answer = await auth.refreshToken(o);
        token = answer.access_token;
        return answer;
      },
    },
    calls: () => calls,
  };
}

/**
 * An error made by another copy of pam-client (say its CJS build beside these ESM machines):
 * the same brand, code and fields, but not an instance of this copy's classes.
 */
function foreignError(code: string, fields: Record<string, unknown>): PamError {
  class ForeignHttpError extends Error {
    get [Symbol.for('pam-client.error')]() {
      return true;
    }
    toJSON() {
      return { name: this.name, code };
    }
  }
  return Object.assign(new ForeignHttpError(`foreign ${code}`), {
    name: 'HttpError',
    code,
    ...fields,
  }) as never;
}

describe('tokenRefreshMachine: intervals that would spin', () => {
  for (const intervalMs of [0, -5, Number.NaN, 1, 0.001]) {
    it(`intervalMs ${intervalMs} does not refresh back to back`, async () => {
      await installFakeTimers({ now: T0 });
      try {
        let calls = 0;
        const auth = {
          refreshToken: () => {
            calls += 1;
            return Promise.resolve({ access_token: `t${calls}` });
          },
        };
        const actor = createActor(tokenRefreshMachine, { input: { auth, intervalMs } }).start();
        actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
        // 900 ms of (fake) time: a loop would have refreshed hundreds of times.
        await vi.advanceTimersByTimeAsync(900);
        expect(calls).toBe(0);
        // After 10 s, a 1 s floor allows at most 10 refreshes; the default (6 h) none.
        await vi.advanceTimersByTimeAsync(9_100);
        expect(calls).toBeLessThanOrEqual(10);
        actor.stop();
      } finally {
        vi.useRealTimers();
      }
    });
  }
});

describe('tokenRefreshMachine: a token with a known expiry', () => {
  it('chooses a margin of 10 % of the life, 30 s to 5 min, at most half the life', () => {
    expect(expiryMarginMs(8 * H)).toBe(5 * MIN);
    expect(expiryMarginMs(20 * MIN)).toBe(2 * MIN);
    expect(expiryMarginMs(2 * MIN)).toBe(30 * S);
    expect(expiryMarginMs(40 * S)).toBe(20 * S);
  });

  for (const [life, due] of [
    [1 * H, 55 * MIN],
    [10 * MIN, 9 * MIN],
    [40 * S, 20 * S],
  ] as const) {
    it(`refreshes a ${life / S} s token after ${due / S} s, not at 6 h`, async () => {
      clock = new SimulatedClock();
      const { auth, calls } = realAuth();
      const actor = createActor(tokenRefreshMachine, {
        input: { auth, now, tickMs: 1000 * H },
        clock,
      }).start();
      actor.send({ type: 'TOKEN_SAVED', accessToken: 'a', expiresAt: now() + life });
      clock.increment(due - S);
      actor.send({ type: 'TICK' });
      await flush();
      expect(calls()).toBe(0);
      clock.increment(S);
      actor.send({ type: 'TICK' });
      await flush();
      await waitFor(actor, (s) => s.matches({ active: 'idle' }) && calls() === 1, { timeout: 10_000 });
      // The new token is taken to live as long: the next refresh is one more `due` later.
      clock.increment(due - S);
      actor.send({ type: 'TICK' });
      await flush();
      expect(calls()).toBe(1);
      clock.increment(S);
      actor.send({ type: 'TICK' });
      await waitFor(actor, () => calls() === 2, { timeout: 10_000 });
      actor.stop();
    });
  }

  it('takes the expiry from the input of a restored session too', async () => {
    clock = new SimulatedClock();
    const { auth, calls } = realAuth();
    const savedAt = now() - 50 * MIN;
    const actor = createActor(tokenRefreshMachine, {
      input: { auth, now, savedAt, expiresAt: savedAt + H, tickMs: 1000 * H },
      clock,
    }).start();
    actor.send({ type: 'TICK' });
    await flush();
    expect(calls()).toBe(0);
    clock.increment(5 * MIN);
    actor.send({ type: 'TICK' });
    await waitFor(actor, () => calls() === 1, { timeout: 10_000 });
    actor.stop();
  });
});

describe('tokenRefreshMachine: errors from another copy of pam-client', () => {
  it('a foreign 401 ends the session', async () => {
    clock = new SimulatedClock();
    const auth = { refreshToken: () => Promise.reject(foreignError('unauthorized', { status: 401 })) };
    const actor = createActor(tokenRefreshMachine, { input: { auth, now }, clock }).start();
    let expired = 0;
    actor.on('sessionExpired', () => {
      expired += 1;
    });
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
    expect(expired).toBe(1);
  });

  it("a foreign 429's Retry-After holds the next try back", async () => {
    clock = new SimulatedClock();
    const auth = {
      refreshToken: () => Promise.reject(foreignError('http', { status: 429, retryAfter: 600 })),
    };
    const actor = createActor(tokenRefreshMachine, { input: { auth, now }, clock }).start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches({ active: 'idle' }) && s.context.error !== null, {
      timeout: 10_000,
    });
    expect(actor.getSnapshot().context.notBefore).toBe(now() + 600 * S);
  });
});

describe('tokenRefreshMachine restored from a persisted snapshot', () => {
  it('persists data only, and refreshes again when restored with fresh input', async () => {
    clock = new SimulatedClock();
    const first = realAuth();
    const actor = createActor(tokenRefreshMachine, {
      input: { auth: first.auth, now, random: () => 0.5 },
      clock,
    });
    actor.start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'token-never-persisted', expiresAt: now() + H });
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    actor.stop();
    expect(Object.keys(persisted.context).sort()).toEqual(
      ['error', 'flightMs', 'intervalMs', 'lifeMs', 'notBefore', 'refresh', 'tickMs'].sort(),
    );
    expect(JSON.stringify(persisted)).not.toContain('token-never-persisted');

    const second = realAuth();
    const restored = restoreActor(tokenRefreshMachine, persisted, { auth: second.auth, now }, { clock });
    restored.start();
    restored.send({ type: 'REFRESH' });
    await waitFor(restored, (s) => s.matches({ active: 'idle' }) && second.calls() === 1, {
      timeout: 10_000,
    });
    expect(restored.getSnapshot().context.error).toBeNull();
    restored.stop();
  });

  it('a restored idle cycle arms its timer again and refreshes on time without a TICK', async () => {
    clock = new SimulatedClock();
    const first = realAuth();
    const actor = createActor(tokenRefreshMachine, {
      input: { auth: first.auth, now, intervalMs: 10 * MIN },
      clock,
    });
    actor.start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    actor.stop();

    const fresh = realAuth();
    // Settings come from the fresh input, never the stored snapshot (review 111): the same interval.
    const input = { auth: fresh.auth, now, intervalMs: 10 * MIN };
    const restored = restoreActor(tokenRefreshMachine, persisted, input, { clock });
    restored.start();
    clock.increment(10 * MIN);
    await waitFor(restored, () => fresh.calls() === 1, { timeout: 10_000 });
    restored.stop();
  });

  it('a refresh in flight when persisted runs again with the fresh auth', async () => {
    clock = new SimulatedClock();
    const hanging = { refreshToken: () => new Promise<never>(() => {}) };
    const actor = createActor(tokenRefreshMachine, { input: { auth: hanging, now }, clock }).start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    actor.stop();
    expect(JSON.stringify(persisted)).not.toContain('"auth"');

    const fresh = realAuth();
    const restored = restoreActor(tokenRefreshMachine, persisted, { auth: fresh.auth, now }, { clock });
    restored.start();
    await waitFor(restored, (s) => s.matches({ active: 'idle' }) && fresh.calls() === 1, { timeout: 10_000 });
    expect(restored.getSnapshot().context.error).toBeNull();
    restored.stop();
  });

  it('a refresh in flight when persisted still counts as lost over 60 s after it started', async () => {
    clock = new SimulatedClock();
    const hanging = { refreshToken: () => new Promise<never>(() => {}) };
    const actor = createActor(tokenRefreshMachine, { input: { auth: hanging, now }, clock }).start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    clock.increment(20 * S);
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    actor.stop();

    const restored = restoreActor(tokenRefreshMachine, persisted, { auth: hanging, now }, { clock }).start();
    // 60 s in flight exactly: not lost yet; one ms more is (REVIEW-Z Z-9).
    clock.increment(40 * S);
    expect(restored.getSnapshot().value).toEqual({ active: 'refreshing' });
    clock.increment(1);
    expect(restored.getSnapshot().value).toEqual({ active: 'idle' });
    expect(restored.getSnapshot().context.error?.code).toBe('timeout');
    restored.stop();
  });
});
