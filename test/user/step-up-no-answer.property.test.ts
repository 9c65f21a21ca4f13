import fc from 'fast-check';
import { describeError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { httpErrorFor } from '../../src/errors/base';
import { AbortedError, NetworkError, TimeoutError } from '../../src/errors/index';
import { sendSensitive } from '../../src/user/sensitive';
import * as steps from '../../src/user/step-up-attempts';

// REVIEW-T T-8: three reloads (or closed tabs) during slow password-confirmed changes, the right
// password each time, locked every sensitive change for 15 min, and the error said "too many wrong
// passwords": a password sent without an answer stayed counted (as held) for the lock's 15 min.
// Now only a password the SERVER rejected counts toward the lock. A password without an answer
// (page gone, abort, network, timeout) is PENDING: it still takes one of the attempts (so passwords
// sent at once never outnumber the lock, and closing the tab after each send gives at most
// STEP_UP_MAX_ATTEMPTS passwords per pending bound), for STEP_UP_PENDING_MS; a change refused
// meanwhile is a `StepUpLockedError` with `pending: true`, whose words never say "wrong".
// A "reload" is a new adapter on the same storage (as a new page on the origin's localStorage).

const { STEP_UP_LOCK_MS: LOCK, STEP_UP_MAX_ATTEMPTS: N } = steps;
const PENDING = (steps as { STEP_UP_PENDING_MS?: number }).STEP_UP_PENDING_MS ?? 60_000;
const T0 = Date.parse('2026-11-30T20:00:00Z');
const PATH = '/bff/users/self-email';
type Answer = 'right' | 'wrong' | 'none' | 'abort' | 'network' | 'timeout' | '500';

function world() {
  const m = new Map<string, string>();
  const storage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
  const w = { now: T0, sent: 0, page: {}, m };
  const reload = () => {
    w.page = {};
    steps.countStepUpPerPlayer(w.page, () => ({ userId: 1 }), { storage, serverNow: () => w.now });
  };
  reload();
  const attempt = (answer: Answer) => async () => {
    w.sent++;
    if (answer === 'none') return new Promise(() => {}); // the page goes away: no answer ever
    if (answer === 'right') return { ok: true };
    if (answer === 'abort') throw new AbortedError('PATCH', PATH);
    if (answer === 'network') throw new NetworkError('PATCH', PATH);
    if (answer === 'timeout') throw new TimeoutError('PATCH', PATH, 15_000);
    if (answer === '500') throw httpErrorFor({ status: 500, method: 'PATCH', path: PATH });
    throw httpErrorFor({
      status: 422,
      method: 'PATCH',
      path: PATH,
      body: { code: 'password_check_invalid' },
    });
  };
  /** One change with a password; the outcome when it settles now ('sent' when it never will). */
  const change = async (answer: Answer): Promise<unknown> => {
    const before = w.sent;
    const p = sendSensitive(attempt(answer), { email: 'a@example.com', password_check: 'pw' }, {}, w.page);
    if (answer === 'none' && w.sent > before) return 'sent';
    return p.then(
      () => 'resolved',
      (e: unknown) => e,
    );
  };
  return Object.assign(w, { reload, change });
}

/** The words of a refusal: the error's message and describeError's en and pt-BR titles. */
const wordsOf = (e: unknown, now: number) => [
  (e as Error).message,
  describeError(e, { now }).title,
  describeError(e, { now, locale: 'pt-BR' }).title,
];
const WRONG = /wrong|incorret/i;

describe('a password without an answer is pending, never wrong (T-8)', () => {
  it('three reloads mid-change with the right password: no lock; refused as pending (not "wrong") for the bound only; then it goes', async () => {
    const w = world();
    for (let i = 0; i < N; i++) {
      expect(await w.change('none')).toBe('sent');
      w.now += 2_000;
      w.reload();
    }
    const refused = await w.change('right');
    expect(refused).toMatchObject({ code: 'step_up_locked', pending: true, retryAt: T0 + PENDING });
    for (const words of wordsOf(refused, w.now)) expect(words).not.toMatch(WRONG);
    expect(w.sent).toBe(N); // nothing sent while the attempts are all pending (fail closed)
    w.now = T0 + PENDING;
    w.reload();
    expect(await w.change('right')).toBe('resolved');
    // Nothing counted wrong; the two later ones still pending, then gone too.
    const record = JSON.parse([...w.m.values()][0]!);
    expect([record.wrong, record.lockedUntil, record.held.length]).toEqual([0, 0, 2]);
    w.now += 4_000;
    expect(await w.change('right')).toBe('resolved');
    expect(w.m.size).toBe(0);
  });

  it('three passwords the server rejected, each on a reloaded page: locked 15 min, "wrong passwords"', async () => {
    const w = world();
    for (let i = 0; i < N - 1; i++) {
      expect(await w.change('wrong')).toMatchObject({ code: 'step_up_required' });
      w.reload();
    }
    const locked = await w.change('wrong');
    expect(locked).toMatchObject({ code: 'step_up_locked', retryAt: T0 + LOCK });
    expect((locked as { pending?: unknown }).pending).toBeUndefined();
    for (const words of wordsOf(locked, w.now)) expect(words).toMatch(WRONG);
    w.now += PENDING;
    w.reload();
    expect(await w.change('right')).toMatchObject({ code: 'step_up_locked', retryAt: T0 + LOCK });
    expect(w.sent).toBe(N);
  });
});

const step = fc.record({
  answer: fc.constantFrom<Answer>('right', 'wrong', 'wrong', 'none', 'abort', 'network', 'timeout', '500'),
  reload: fc.boolean(),
  advance: fc.oneof(fc.integer({ min: 0, max: 2 * PENDING }), fc.integer({ min: 0, max: LOCK + PENDING })),
});

describe('the lock over generated sequences of attempts (property)', () => {
  it('engages only after N server-rejected passwords in a row; a refusal for pending attempts never says "wrong"', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (plan) => {
        const w = world();
        // The model: server-rejected passwords in a row, the lock's end, the pending ones' ends.
        let wrong = 0;
        let lockEnd = 0;
        let pending: number[] = [];
        for (const { answer, reload, advance } of plan) {
          w.now += advance;
          if (reload) w.reload();
          if (lockEnd && w.now >= lockEnd) [wrong, lockEnd] = [0, 0];
          pending = pending.filter((end) => end > w.now);
          const sent = w.sent;
          const out = await w.change(answer);
          if (lockEnd) {
            seen.add('locked');
            expect(out).toMatchObject({ code: 'step_up_locked', retryAt: lockEnd });
            expect((out as { pending?: unknown }).pending).toBeUndefined();
            for (const words of wordsOf(out, w.now)) expect(words).toMatch(WRONG);
          } else if (wrong + pending.length >= N) {
            seen.add(wrong ? 'pending after wrong' : 'pending only');
            expect(out).toMatchObject({
              code: 'step_up_locked',
              pending: true,
              retryAt: Math.min(...pending),
            });
            for (const words of wordsOf(out, w.now)) expect(words).not.toMatch(WRONG);
          } else {
            expect(w.sent).toBe(sent + 1);
            if (pending.length) seen.add('sent beside pending');
            if (answer === 'right') {
              wrong = 0;
              expect(out).toBe('resolved');
            } else if (answer === 'wrong') {
              if (++wrong >= N) lockEnd = w.now + LOCK;
              expect(out).toMatchObject({ code: lockEnd ? 'step_up_locked' : 'step_up_required' });
            } else if (answer !== '500') pending.push(w.now + PENDING);
            continue;
          }
          expect(w.sent).toBe(sent); // refused: nothing sent
        }
      }),
      { numRuns: 400, seed: 2026_11_30 },
    );
    expect([...seen].sort()).toEqual([
      'locked',
      'pending after wrong',
      'pending only',
      'sent beside pending',
    ]);
  });
});
