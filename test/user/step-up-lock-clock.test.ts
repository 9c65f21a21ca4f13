import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StepUpRequiredError } from '../../src/errors/base';
import { sendSensitive } from '../../src/user/sensitive';
import {
  countStepUpPerPlayer,
  STEP_UP_LOCK_MS,
  STEP_UP_STORAGE_PREFIX,
  type StepUpCountOptions,
  stepUpAttemptsOf,
} from '../../src/user/step-up-attempts';

// The step-up lock (15 minutes after three wrong passwords) was ended by the count's clock alone:
// `serverNow() >= lockedUntil`. A device clock stepped 1 h ahead (the one clock untrusted,
// `serverNow` moved with it), or a fresh page on a clock set ahead that never learned the server's
// time, ended the lock at once; a NaN reading dropped the passwords awaiting an answer and wrote
// NaN (JSON `null`) into the shared record. Now, while the clock is not trusted (`trusted`), no lock
// or reservation ends and nothing is capped or written back; a lock set meanwhile runs its full
// 15 minutes from the first trusted reading; a reading that is no finite number sends no password.

const T0 = Date.parse('2026-11-29T15:00:00Z');
const H = 3_600_000;
const KEY = `${STEP_UP_STORAGE_PREFIX}player 7`;

function memory() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** A count on a clock the test moves: `at` its reading, `trusted` its trust. */
function counted(clock: { at: number; trusted: boolean }, storage = memory()) {
  const http = {};
  const options: StepUpCountOptions & { trusted?: () => boolean } = {
    serverNow: () => clock.at,
    trusted: () => clock.trusted,
    storage,
  };
  countStepUpPerPlayer(http, () => ({ userId: 7 }), options);
  return { http, storage, attempts: () => stepUpAttemptsOf(http) };
}

const wrong = () => new StepUpRequiredError({ status: 422, method: 'POST', path: '/x' }, 'invalid');

/** Three wrong passwords: reserved then answered. */
function lock(attempts: () => ReturnType<typeof stepUpAttemptsOf>) {
  for (let i = 0; i < 3; i += 1) {
    const a = attempts();
    a.settle(a.reserve(), wrong());
  }
}

describe('the step-up lock on a clock that cannot be trusted', () => {
  it('a lock set at T does not end when the device clock is stepped 1 h ahead (the clock untrusted)', () => {
    const clock = { at: T0, trusted: true };
    const { attempts } = counted(clock);
    lock(attempts);
    expect(() => attempts().assertOpen()).toThrow(expect.objectContaining({ code: 'step_up_locked' }));
    clock.at += H; // the device clock stepped 1 h ahead: the one clock is untrusted, serverNow moved with it
    clock.trusted = false;
    expect(() => attempts().assertOpen()).toThrow(expect.objectContaining({ code: 'step_up_locked' }));
    expect(attempts().left()).toBe(0);
    // Trusted again at the server's real time: the lock still has its 15 minutes.
    clock.at = T0 + STEP_UP_LOCK_MS - 1;
    clock.trusted = true;
    expect(() => attempts().assertOpen()).toThrow(expect.objectContaining({ code: 'step_up_locked' }));
    clock.at = T0 + STEP_UP_LOCK_MS;
    expect(() => attempts().assertOpen()).not.toThrow();
  });

  it('a fresh page on a clock set 1 h ahead that never learned the server time keeps another tab’s lock', () => {
    const storage = memory();
    storage.setItem(KEY, JSON.stringify({ wrong: 3, lockedUntil: T0 + STEP_UP_LOCK_MS, held: [] }));
    const { attempts } = counted({ at: T0 + H, trusted: false }, storage);
    expect(() => attempts().assertOpen()).toThrow(expect.objectContaining({ code: 'step_up_locked' }));
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({
      wrong: 3,
      lockedUntil: T0 + STEP_UP_LOCK_MS,
      held: [],
    });
  });

  it('a lock set while the clock is 1 h behind runs its full 15 minutes from the first trusted reading', () => {
    const clock = { at: T0 - H, trusted: false };
    const { attempts } = counted(clock);
    lock(attempts);
    clock.at = T0; // the first trusted reading
    clock.trusted = true;
    expect(() => attempts().assertOpen()).toThrow(
      expect.objectContaining({ code: 'step_up_locked', retryAt: T0 + STEP_UP_LOCK_MS }),
    );
    clock.at = T0 + STEP_UP_LOCK_MS - 1;
    expect(() => attempts().assertOpen()).toThrow(expect.objectContaining({ code: 'step_up_locked' }));
    clock.at = T0 + STEP_UP_LOCK_MS;
    expect(() => attempts().assertOpen()).not.toThrow();
  });

  it('a NaN reading keeps the passwords awaiting an answer, writes no NaN, and sends no password', async () => {
    const clock = { at: T0, trusted: true };
    const { http, storage, attempts } = counted(clock);
    attempts().reserve(); // a password on its way (another call, another tab)
    const before = storage.getItem(KEY);
    clock.at = Number.NaN;
    expect(attempts().left()).toBe(2);
    expect(storage.getItem(KEY)).toBe(before);
    let sent = 0;
    const send = sendSensitive(
      async () => {
        sent += 1;
        return {};
      },
      { password_check: 'hunter2' },
      {},
      http,
    );
    await expect(send).rejects.toMatchObject({ code: 'unexpected' });
    expect(sent).toBe(0);
    expect(storage.getItem(KEY)).toBe(before);
  });

  it('a clock that throws sends no password either (a typed error)', async () => {
    const { http } = counted({ at: T0, trusted: true });
    countStepUpPerPlayer(http, () => ({ userId: 7 }), {
      serverNow: () => {
        throw new Error('no clock');
      },
    });
    let sent = 0;
    const send = sendSensitive(
      async () => {
        sent += 1;
      },
      { password_check: 'hunter2' },
      {},
      http,
    );
    await expect(send).rejects.toMatchObject({ code: 'unexpected' });
    expect(sent).toBe(0);
  });
});

// A reading: the server's real time (trusted), off by a skew (a stepped or wrong device clock,
// untrusted), or no number at all.
const reading = fc.oneof(
  fc.constant({ kind: 'trusted' as const, skew: 0 }),
  fc.record({ kind: fc.constant('untrusted' as const), skew: fc.integer({ min: -2 * H, max: 2 * H }) }),
  fc.constant({ kind: 'nan' as const, skew: 0 }),
);
const step = fc.record({ dt: fc.integer({ min: 0, max: 10 * 60_000 }), reading });

describe('property: over clock skews and steps, no lock ends before its 15 minutes of server time', () => {
  it('three wrong passwords answered at any reading lock until 15 min after the first trusted reading; no NaN is stored', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.array(step, { maxLength: 12 }),
        (before, after) => {
          let real = T0;
          const clock = { at: T0, trusted: true };
          const storage = memory();
          const { attempts } = counted(clock, storage);
          const at = (s: { dt: number; reading: { kind: string; skew: number } }) => {
            real += s.dt;
            clock.trusted = s.reading.kind === 'trusted';
            clock.at = s.reading.kind === 'nan' ? Number.NaN : real + s.reading.skew;
          };
          const tickets = [attempts().reserve(), attempts().reserve(), attempts().reserve()];
          for (const s of before) at(s);
          // The three answers arrive at the last reading of `before`.
          for (const t of tickets) attempts().settle(t, wrong());
          let firstTrusted = clock.trusted ? real : undefined;
          const stored = () => [...storage.m.values()].every((v) => !v.includes('null'));
          expect(stored()).toBe(true);
          for (const s of after) {
            at(s);
            if (clock.trusted && firstTrusted === undefined) firstTrusted = real;
            let open = true;
            try {
              attempts().assertOpen();
            } catch {
              open = false;
            }
            const over = firstTrusted !== undefined && real >= firstTrusted + STEP_UP_LOCK_MS;
            // Safety: locked until its 15 minutes have passed from the first trusted reading; liveness:
            // open on a trusted reading once they have.
            expect(open).toBe(over && clock.trusted);
            expect(stored()).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
