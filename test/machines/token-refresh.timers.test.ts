import { REFRESH_INTERVAL_MS } from 'pam-client';
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { useFakeTimersEach } from '../support/fake-timers';

// The machine's default clock (setTimeout) and default `now` (Date.now), both faked by vitest.
function start() {
  const signals: AbortSignal[] = [];
  const answers: Array<(v: { access_token: string }) => void> = [];
  const machine = tokenRefreshMachine.provide({
    actors: {
      refreshToken: fromPromise(({ signal }) => {
        signals.push(signal);
        // Answers only when the test says so, whether or not it was aborted.
        return new Promise<{ access_token: string }>((resolve) => answers.push(resolve));
      }),
    },
  });
  const actor = createActor(machine, {
    input: { auth: { refreshToken: () => Promise.reject(new Error('replaced')) } },
  });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, signals, answers, emitted };
}

describe('tokenRefreshMachine timers (default clock)', () => {
  useFakeTimersEach({ now: Date.UTC(2030, 0, 1) });

  it('arms one timer while active and none while signed out', async () => {
    const { actor } = start();
    expect(vi.getTimerCount()).toBe(0);
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'canary-TOKEN-c0ffee' });
    expect(vi.getTimerCount()).toBe(1);
    // Re-armed, never stacked: many ticks and minutes later, still one timer.
    for (let i = 0; i < 10; i++) actor.send({ type: 'TICK' });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(vi.getTimerCount()).toBe(1);
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(vi.getTimerCount()).toBe(0);
    actor.stop();
  });

  it('checks on the default 60 s tick and refreshes when 6 h have passed on Date.now', async () => {
    const { actor, signals } = start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(signals).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    actor.stop();
  });

  it('SIGN_OUT during a refresh aborts it; its late answer emits nothing and no timer is left', async () => {
    const { actor, signals, answers, emitted } = start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
    actor.send({ type: 'REFRESH' });
    expect(vi.getTimerCount()).toBe(1); // the lost-flight guard
    actor.send({ type: 'SIGN_OUT' });
    expect(signals[0]?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    answers[0]?.({ access_token: 'late' });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
  });

  it.each([
    ['idle', false],
    ['refreshing', true],
  ])(
    'stop() while %s aborts the request and leaves no timer; nothing fires afterwards',
    async (_, refreshing) => {
      const { actor, signals, answers, emitted } = start();
      actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
      if (refreshing) actor.send({ type: 'REFRESH' });
      expect(vi.getTimerCount()).toBe(1);
      actor.stop();
      expect(vi.getTimerCount()).toBe(0);
      expect(signals.map((s) => s.aborted)).toEqual(refreshing ? [true] : []);
      answers[0]?.({ access_token: 'late' });
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
      expect(emitted).toEqual([]);
      expect(signals).toHaveLength(refreshing ? 1 : 0);
      expect(actor.getSnapshot().status).toBe('stopped');
    },
  );

  it('keeps no access token in the snapshot or the persisted snapshot', async () => {
    const { actor, answers, emitted } = start();
    actor.send({ type: 'TOKEN_SAVED', accessToken: 'canary-TOKEN-c0ffee' });
    actor.send({ type: 'REFRESH' });
    answers[0]?.({ access_token: 'canary-NEW-TOKEN-beef' });
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([{ type: 'tokenRefreshed', accessToken: 'canary-NEW-TOKEN-beef' }]);
    const text = JSON.stringify(actor.getSnapshot()) + JSON.stringify(actor.getPersistedSnapshot());
    expect(text).not.toContain('canary-TOKEN');
    expect(text).not.toContain('canary-NEW-TOKEN');
    expect(text).toContain('"tokenSavedAt"');
    actor.stop();
  });
});
