import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// Review X-2, at the machine: a limit not known yet (`known: false`, the login's restrictions
// before the first profile read) is counted from the start; the limit, once it arrives, counts that
// time at once (reached in the same step), and nothing twice.

const MIN = 60_000;
const S = 1000;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday 12:00 in São Paulo
const UNKNOWN = { amount: null, period: null, active: false, known: false };

function start() {
  const clock = new SimulatedClock();
  clock.set(T0);
  const store = createMemoryPlayClock();
  const actor = createActor(playTimeMachine, {
    clock,
    input: { limit: UNKNOWN, store, now: () => clock.now() },
  });
  const events: string[] = [];
  actor.on('timeLimitReached', (e) => events.push(`reached@${Math.round(e.playTime.usedMs / S)}s`));
  actor.start();
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += S) clock.increment(S);
  };
  return { actor, store, events, advance };
}

describe('playTimeMachine: a limit not known yet', () => {
  it('counts from the start, shows nothing, and the limit arriving counts it at once', () => {
    const { actor, store, events, advance } = start();
    advance(30 * MIN);
    expect(selectPlayTime(actor.getSnapshot())).toBeNull();
    expect(store.read()?.usedMs).toBeGreaterThanOrEqual(30 * MIN - 15 * S);
    actor.send({ type: 'LIMIT', limit: { amount: 1, period: 'daily', active: true } });
    expect(events).toHaveLength(1);
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ reached: true, usedMs: 30 * MIN });
    advance(MIN);
    // Counted once: no more than the time since the start.
    expect(selectPlayTime(actor.getSnapshot())?.usedMs).toBeLessThanOrEqual(31 * MIN);
  });

  it('a limit known to be none stops the count; not known again counts again', () => {
    const { actor, store, advance } = start();
    advance(MIN);
    actor.send({ type: 'LIMIT', limit: { ...UNKNOWN, known: true } });
    expect(actor.getSnapshot().value).toBe('off');
    const held = store.read()?.usedMs;
    advance(MIN);
    expect(store.read()?.usedMs).toBe(held);
    actor.send({ type: 'LIMIT', limit: UNKNOWN });
    expect(actor.getSnapshot().matches('on')).toBe(true);
  });
});
