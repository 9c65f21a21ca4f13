import fc from 'fast-check';
import {
  createLocalStoragePlayClock,
  type PlayClockStore,
  playTimeMachine,
  selectPlayTime,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

// Probes that held: garbage in the play clock's localStorage key (anything that is not a record),
// storages whose getItem/setItem throw or answer non-strings, a custom store with a negative count,
// a heard record carrying extra fields (a token): the tab keeps the count it made, the actor never
// stops with an error, and nothing but the record's own fields is written.

const S = 1000;
const MIN = 60 * S;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo
const KEY = 'pam-client.play-time:7';

type Storage = { getItem(k: string): unknown; setItem(k: string, v: string): void };

function counting(storage: Storage, minutes = 3) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const actor = createActor(playTimeMachine, {
    clock,
    input: {
      limit: { amount: 2, period: 'daily', active: true },
      store: createLocalStoragePlayClock(KEY, storage as never),
      now: () => clock.now(),
    },
  }).start();
  const play = (ms: number) => {
    for (let t = 0; t < ms; t += S) clock.increment(S);
  };
  play(minutes * MIN);
  return { actor, play, clock };
}

const GARBAGE = [
  '{',
  'undefined',
  '"NaN"',
  '"Infinity"',
  '{"periodKey":"daily:2026-11-23","usedMs":"NaN","lastBeat":0}',
  '{"periodKey":"daily:2026-11-23","usedMs":"Infinity"}',
  '{"periodKey":"daily:2026-11-23","usedMs":-5}',
  '{"periodKey":"daily:2026-11-23","usedMs":1e999}',
  '{"__proto__":{"periodKey":"daily:2026-11-23","usedMs":0}}',
  '{"periodKey":{"toString":1},"usedMs":0}',
  `{"periodKey":"${'x'.repeat(41)}","usedMs":0}`,
  '[]',
  '42',
];

describe('hostile play clock storage (holds)', () => {
  it.each(GARBAGE)('garbage %s in the key: the tab keeps its count, no error', (value) => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const { actor, play } = counting(storage);
    data.set(KEY, value);
    play(20 * S);
    expect(selectPlayTime(actor.getSnapshot())?.usedMs).toBeGreaterThanOrEqual(3 * MIN);
    expect(selectPlayTime(actor.getSnapshot())?.reached).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('any string that is not a record, written at any time (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constantFrom(...GARBAGE)),
        fc.integer({ min: 0, max: 60 }),
        (value, at) => {
          const data = new Map<string, string>();
          const storage = {
            getItem: (k: string) => data.get(k) ?? null,
            setItem: (k: string, v: string) => void data.set(k, v),
          };
          const { actor, play } = counting(storage, 3);
          play(at * S);
          data.set(KEY, value);
          play(20 * S);
          const p = selectPlayTime(actor.getSnapshot());
          actor.stop();
          // (fc.json can by chance be a valid lower record: the defect of store-lowered-count.)
          return p !== null && p.usedMs >= 3 * MIN && p.reached && actor.getSnapshot().status !== 'error';
        },
      ),
      { numRuns: 60 },
    );
  });

  const weird: [string, Storage][] = [
    [
      'getItem throws',
      {
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        setItem: () => {},
      },
    ],
    [
      'setItem throws a quota error',
      {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('q', 'QuotaExceededError');
        },
      },
    ],
    [
      'getItem answers an object',
      { getItem: () => ({ periodKey: 'daily:2026-11-23', usedMs: 0 }), setItem: () => {} },
    ],
    ['getItem answers a number', { getItem: () => 0, setItem: () => {} }],
    ['getItem answers undefined', { getItem: () => undefined, setItem: () => {} }],
    [
      'both throw non-errors',
      {
        getItem: () => {
          throw 0;
        },
        setItem: () => {
          throw null;
        },
      },
    ],
  ];
  it.each(weird)('%s: counted in its own copy, no error', (_, storage) => {
    const { actor } = counting(storage);
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ reached: true });
    expect(selectPlayTime(actor.getSnapshot())!.usedMs).toBeGreaterThanOrEqual(3 * MIN - 15 * S);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('a custom store with a negative count: clamped, the limit reached', () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    let record: unknown = { periodKey: 'daily:2026-11-23', usedMs: -1e12, lastBeat: null };
    const store: PlayClockStore = {
      read: () => record as never,
      write: (r) => {
        record = r;
      },
    };
    const actor = createActor(playTimeMachine, {
      clock,
      input: { limit: { amount: 1, period: 'daily', active: true }, store, now: () => clock.now() },
    }).start();
    for (let t = 0; t < 5 * 60; t++) clock.increment(S);
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ reached: true });
    actor.stop();
  });

  it('a heard record with extra fields (a token): only the record is written to the store', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const { actor, play, clock } = counting(storage, 1);
    actor.send({
      type: 'BEAT',
      record: {
        periodKey: 'daily:2026-11-23',
        usedMs: 5 * MIN,
        lastBeat: clock.now(),
        accessToken: 'SECRET-TOKEN',
        refresh_token: 'SECRET-REFRESH',
        kinds: { daily: { periodKey: 'daily:2026-11-23', usedMs: 5 * MIN, token: 'SECRET-K' } },
      },
    });
    play(20 * S);
    expect(selectPlayTime(actor.getSnapshot())!.usedMs).toBeGreaterThanOrEqual(5 * MIN);
    expect(data.get(KEY)).toBeDefined();
    expect(data.get(KEY)).not.toMatch(/SECRET|token/i);
    expect(JSON.stringify(actor.getSnapshot().context.clock)).not.toMatch(/SECRET/);
    actor.stop();
  });
});
