// Review 114 (probes): review 111's `restoreActor` (machines/persistence.ts `fits`, `RESTORED`)
// against cyclic, deep and throwing stored values, and an honest refresh cycle in backoff.
import { tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';

const auth = { refreshToken: async () => ({ access_token: 'x'.repeat(20) }) } as never;

function backingOff() {
  const clock = new SimulatedClock();
  clock.set(1_000_000);
  const failing = { refreshToken: async () => Promise.reject(new Error('down')) } as never;
  const a = createActor(tokenRefreshMachine, { clock, input: { auth: failing, now: () => clock.now() } });
  a.start();
  a.send({ type: 'TOKEN_SAVED', accessToken: 'x'.repeat(20) });
  a.send({ type: 'REFRESH' });
  return { clock, a };
}

describe('review 114 (probes): restoreActor against hostile stored values', () => {
  it('a cyclic stored `refresh` and a 100,000-deep `lifeMs`: restored, no stack overflow', async () => {
    const { clock, a } = backingOff();
    await new Promise((r) => queueMicrotask(() => r(0)));
    const stored = persistedData(a) as unknown as { context: Record<string, unknown> };
    a.stop();
    const refresh = { ...(stored.context.refresh as object) } as Record<string, unknown>;
    refresh.self = refresh;
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    const hostile = { ...stored, context: { ...stored.context, refresh, lifeMs: deep } };
    const r = restoreActor(tokenRefreshMachine, hostile, { auth, now: () => clock.now() }, { clock });
    r.start();
    expect(r.getSnapshot().status).toBe('active');
    expect(r.getSnapshot().context.lifeMs).toBeNull();
    r.stop();
  });

  it('a stored context whose getter throws: a TypeError of restoreActor or a restored actor, never another error', () => {
    const clock = new SimulatedClock();
    const context = Object.defineProperty({}, 'refresh', {
      enumerable: true,
      get() {
        throw new RangeError('boom');
      },
    });
    let thrown: unknown = null;
    try {
      restoreActor(
        tokenRefreshMachine,
        { value: 'signedOut', context },
        { auth, now: () => clock.now() },
        { clock },
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown === null || thrown instanceof TypeError).toBe(true);
  });

  it('an honest snapshot in backoff after a failure: restored with its failure count kept', async () => {
    const { clock, a } = backingOff();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const failures = a.getSnapshot().context.refresh.failures;
    const stored = JSON.parse(JSON.stringify(persistedData(a)));
    a.stop();
    const r = restoreActor(tokenRefreshMachine, stored, { auth, now: () => clock.now() }, { clock });
    expect(r.getSnapshot().context.refresh.failures).toBe(failures);
    expect(failures).toBeGreaterThan(0);
  });
});
