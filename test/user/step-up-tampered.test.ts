import { describe, expect, it } from 'vitest';
import {
  countStepUpPerPlayer,
  STEP_UP_LOCK_MS,
  STEP_UP_STORAGE_PREFIX,
  stepUpAttemptsOf,
} from '../../src/user/step-up-attempts';

// Review of issues 26/27, B: a tampered or old record in the shared storage must lock for a
// bounded time and then free the player. Before the fix an unreadable record locked until
// t + LOCK_MS re-computed on each read (retryAt kept moving, never ending), `wrong: 3` with no
// lock gave retryAt Infinity (Math.min() of no reservations) forever, and a lock or reservation
// far ahead was kept as is.

const DAY_MS = 86_400_000;
const KEY = `${STEP_UP_STORAGE_PREFIX}player 5`;

function setUp(raw: string) {
  const clock = { now: Date.parse('2026-11-28T12:00:00Z') };
  const store = new Map<string, string>([[KEY, raw]]);
  const http = {};
  countStepUpPerPlayer(http, () => ({ userId: 5 }), {
    serverNow: () => clock.now,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
  });
  const retryAt = (): number | null => {
    try {
      stepUpAttemptsOf(http).assertOpen();
      return null;
    } catch (e) {
      return (e as { retryAt: number }).retryAt;
    }
  };
  return { clock, store, http, retryAt };
}

describe('step-up count: a tampered or old record (fail closed, bounded)', () => {
  it.each([
    'null',
    '[]',
    '{"wrong":2.5,"lockedUntil":0,"held":[]}',
    'not json',
    '{"wrong":3,"lockedUntil":0,"held":[]}',
  ])('%s locks once, for one lock period, written back; then the player is free', (raw) => {
    const { clock, store, http, retryAt } = setUp(raw);
    const start = clock.now;
    expect(retryAt()).toBe(start + STEP_UP_LOCK_MS);
    expect(store.get(KEY)).not.toBe(raw); // rewritten: the lock no longer moves with the clock
    clock.now += STEP_UP_LOCK_MS / 2;
    expect(retryAt()).toBe(start + STEP_UP_LOCK_MS);
    clock.now = start + STEP_UP_LOCK_MS;
    expect(retryAt()).toBeNull();
    expect(stepUpAttemptsOf(http).left()).toBe(3);
  });

  it('a lock or reservations far ahead are capped at a day and then end', () => {
    const far = Date.parse('2099-01-01T00:00:00Z');
    for (const raw of [
      JSON.stringify({ wrong: 3, lockedUntil: far, held: [] }),
      JSON.stringify({
        wrong: 0,
        lockedUntil: 0,
        held: [
          ['a', far],
          ['b', far],
          ['c', far],
        ],
      }),
    ]) {
      const { clock, http, retryAt } = setUp(raw);
      const start = clock.now;
      const first = retryAt();
      expect(first, raw).not.toBeNull();
      expect(first!).toBeLessThanOrEqual(start + Math.max(STEP_UP_LOCK_MS, DAY_MS));
      clock.now += 1000;
      expect(retryAt(), raw).toBe(first); // capped once, not re-capped from each read
      clock.now = first!;
      expect(retryAt(), raw).toBeNull();
      expect(stepUpAttemptsOf(http).left()).toBe(3);
    }
  });

  it('retryAt is never Infinity', () => {
    const { retryAt } = setUp('{"wrong":5,"lockedUntil":0,"held":[["x",1]]}');
    expect(Number.isFinite(retryAt())).toBe(true);
  });
});
