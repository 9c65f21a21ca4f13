import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpRequiredError } from '../../src/errors/base';
import { countStepUpPerPlayer, STEP_UP_LOCK_MS, stepUpAttemptsOf } from '../../src/user/step-up-attempts';

// REVIEW-R R-10: on a clock the client cannot trust (an API whose `Date` it cannot read: never
// learned; a device clock stepped) the step-up lock never ended, and `retryAt` kept saying "in 15
// min". Now, without a trusted reading, time runs on the page's monotonic clock. The bound: a lock
// ends at most 2 x STEP_UP_LOCK_MS after it was set, or after the page that reads it started
// (one length counted on the server's clock or the page's, one more if trust is lost meanwhile);
// it never refuses before three wrong passwords in a row.

const T0 = Date.parse('2026-11-30T15:00:00Z');
const H = 3_600_000;
const L = STEP_UP_LOCK_MS;
const wrong = () => new StepUpRequiredError({ status: 422, method: 'PATCH', path: '/x' }, 'invalid');

afterEach(() => {
  vi.unstubAllGlobals();
});

type Step =
  | { kind: 'advance'; ms: number }
  | { kind: 'clock'; trusted: boolean; skew: number }
  | { kind: 'wrong' | 'right' | 'reload' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 20 * 60_000 }) }),
  fc.record({
    kind: fc.constant('clock' as const),
    trusted: fc.boolean(),
    skew: fc.integer({ min: -2 * H, max: 2 * H }),
  }),
  fc.constantFrom<Step>({ kind: 'wrong' }, { kind: 'wrong' }, { kind: 'right' }, { kind: 'reload' }),
);

describe('the step-up lock ends without a trusted server clock (R-10)', () => {
  it('a page that never learns the server time: locked after three wrong, open 15 min later, retryAt ahead', () => {
    let mono = 0;
    vi.stubGlobal('performance', { now: () => mono });
    const m = new Map<string, string>();
    const http = {};
    countStepUpPerPlayer(http, () => ({ userId: 1 }), {
      serverNow: () => T0 + mono,
      trusted: () => false,
      storage: {
        getItem: (k) => m.get(k) ?? null,
        setItem: (k, v) => void m.set(k, v),
        removeItem: (k) => void m.delete(k),
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const a = stepUpAttemptsOf(http);
      a.settle(a.reserve(), wrong());
    }
    mono = 14 * 60_000;
    expect(() => stepUpAttemptsOf(http).assertOpen()).toThrow(
      expect.objectContaining({ code: 'step_up_locked', retryAt: T0 + L }),
    );
    mono = L;
    expect(() => stepUpAttemptsOf(http).assertOpen()).not.toThrow();
  });

  it('over clock states, jumps, wrong/right passwords and reloads: ends within its bound, never refuses early', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let real = T0;
        let pageStart = real;
        let trusted = true;
        let skew = 0;
        vi.stubGlobal('performance', { now: () => real - pageStart });
        const m = new Map<string, string>();
        let http = {};
        const page = () => {
          http = {};
          // A new object per page: what a page remembers of the record goes with it.
          countStepUpPerPlayer(http, () => ({ userId: 1 }), {
            serverNow: () => real + skew,
            trusted: () => trusted,
            storage: {
              getItem: (k) => m.get(k) ?? null,
              setItem: (k, v) => void m.set(k, v),
              removeItem: (k) => void m.delete(k),
            },
          });
        };
        page();
        let run = 0; // wrong passwords in a row (the model)
        let lockAt: number | null = null;
        const open = () => {
          try {
            stepUpAttemptsOf(http).assertOpen();
            return true;
          } catch (e) {
            expect(e).toMatchObject({ code: 'step_up_locked' });
            return false;
          }
        };
        for (const s of steps) {
          if (s.kind === 'advance') real += s.ms;
          else if (s.kind === 'clock') [trusted, skew] = [s.trusted, s.trusted ? 0 : s.skew];
          else if (s.kind === 'reload') {
            pageStart = real;
            page();
          } else if (open()) {
            const a = stepUpAttemptsOf(http);
            if (s.kind === 'right') {
              a.settle(a.reserve());
              run = 0;
            } else {
              a.settle(a.reserve(), wrong());
              run += 1;
              if (run === 3) lockAt = real;
            }
          }
          const isOpen = open();
          // Within the bound of a lock (2 lock periods from when it was set or the page opened), a
          // lock seen over on a trusted reading may hold again on an untrusted one (a trusted
          // reading's end is not written back: a skewed one must not end it for good; seed
          // -1684583461): refusing then is within the stated bound, not early.
          const recent = lockAt !== null && real - Math.max(lockAt, pageStart) < 2 * L;
          // Never refuses before three wrong passwords in a row (away from a lock's bound).
          if (run < 3 && !recent) expect(isOpen).toBe(true);
          // Always ends within its bound.
          if (lockAt !== null && !recent) expect(isOpen).toBe(true);
          if (isOpen && run >= 3) run = 0;
          if (!recent) lockAt = null;
        }
      }),
      {
        numRuns: 400,
        examples: [
          [
            [
              { kind: 'wrong' },
              { kind: 'wrong' },
              { kind: 'wrong' },
              { kind: 'advance', ms: 747386 },
              { kind: 'reload' },
              { kind: 'advance', ms: 152614 },
              { kind: 'clock', trusted: false, skew: 0 },
            ],
          ],
          // CI's seed 1160984286 (forty-ninth pass): the lock seen by the page at its start, over
          // on trusted readings at 17 min, then trust lost: held again until 32 min (one period
          // from the first untrusted reading), past the bound of 30.
          [
            [
              { kind: 'wrong' },
              { kind: 'wrong' },
              { kind: 'wrong' },
              { kind: 'reload' },
              { kind: 'advance', ms: 1024161 },
              { kind: 'clock', trusted: false, skew: 0 },
              { kind: 'advance', ms: 775839 },
            ],
          ],
        ],
      },
    );
  });
});
