import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock } from '../../machines/clock';

// The clock's trust over generated sequences (issue 26 review; docs/time.md rules 3–5): answers
// true within the bound (round trip up to 1 s), outlying, stale or slow; device steps either way,
// sleeps the monotonic clock sees or not, time passing, reads. Whenever the clock is trusted after
// an answer, serverNow is within boundMs of the true server time, provided at most one "liar" is
// among any 5 consecutive witnesses (the device clock at start counts as the first witness, a liar
// when it is off the server by more than 500 ms).

const T0 = Date.UTC(2030, 0, 1, 12);
const S = 1_000;

type Cmd =
  | { kind: 'pass'; ms: number }
  | { kind: 'step'; ms: number }
  | { kind: 'sleep'; ms: number; monoStops: boolean }
  | { kind: 'clean'; rtt: number }
  | { kind: 'bad'; err: number; rtt: number }
  | { kind: 'read' };

const far = fc.integer({ min: 10 * S, max: 3_000_000 * S }).chain((e) => fc.constantFrom(e, -e));
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('pass' as const), ms: fc.integer({ min: 0, max: 12 * 3_600 * S }) }),
  fc.record({
    kind: fc.constant('step' as const),
    ms: fc.oneof(fc.integer({ min: -1_200, max: 1_200 }), far),
  }),
  fc.record({
    kind: fc.constant('sleep' as const),
    ms: fc.oneof(fc.integer({ min: 1, max: 1_200 }), fc.integer({ min: 1, max: 10 * 3_600 * S })),
    monoStops: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('clean' as const), rtt: fc.integer({ min: 0, max: 1_000 }) }),
  fc.record({
    kind: fc.constant('bad' as const),
    // An outlying or stale Date (err), or a slow answer (err 0, a round trip of 10 s to 2 min).
    err: fc.oneof(far, fc.constant(0)),
    rtt: fc.integer({ min: 0, max: 120 * S }),
  }),
  fc.constant({ kind: 'read' as const }),
);

/** Whether at most one of any 5 consecutive witnesses lies. */
const fewLiars = (liars: boolean[]) =>
  liars.every((_, i) => liars.slice(i, i + 5).filter(Boolean).length <= 1);

describe('createClock trust (property)', () => {
  it('trusted after an answer means within boundMs of the true server time, whatever the device did', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -500, max: 500 }), far),
        fc.array(cmd, { maxLength: 40 }),
        (skew, cmds) => {
          const liars = [Math.abs(skew) > 500];
          for (const c of cmds) {
            if (c.kind === 'clean') liars.push(false);
            if (c.kind === 'bad') liars.push(true);
          }
          fc.pre(fewLiars(liars));
          let t = 0; // real time since the start: the server's true time is T0 + t
          let mono = 0;
          let wall = T0 + skew;
          const clock = createClock({ wall: () => wall, monotonic: () => mono });
          const pass = (ms: number) => {
            t += ms;
            mono += ms;
            wall += ms;
          };
          let learned = false;
          const errors: number[] = [];
          const check = () => {
            errors.push(learned && clock.trusted() ? Math.abs(clock.serverNow() - (T0 + t)) : 0);
          };
          for (const c of cmds) {
            if (c.kind === 'pass') pass(c.ms);
            if (c.kind === 'step') wall += c.ms;
            if (c.kind === 'sleep') {
              t += c.ms;
              wall += c.ms;
              if (!c.monoStops) mono += c.ms;
            }
            if (c.kind === 'clean' || c.kind === 'bad') {
              const date = Math.floor((T0 + t) / S) * S + (c.kind === 'bad' ? c.err : 0);
              pass(c.kind === 'bad' && c.err === 0 ? Math.max(c.rtt, 10 * S) : c.rtt);
              clock.learn(date);
              learned = true;
            }
            check();
          }
          expect(Math.max(0, ...errors)).toBeLessThanOrEqual(clock.boundMs);
        },
      ),
      { seed: 26, numRuns: 2_000 },
    );
  });
});
