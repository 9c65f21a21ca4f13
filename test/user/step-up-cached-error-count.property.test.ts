import fc from 'fast-check';
import {
  createUserModule,
  type HttpAdapter,
  StepUpRequiredError,
  secret,
  stepUpAttemptsLeftOf,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';

// REVIEW-AG AG-1, the count's half: the attempts a player had left when a `step_up_required` was
// thrown were kept in a WeakMap keyed on the ADAPTER's error object. An app's adapter that throws
// one cached StepUpRequiredError for every call let concurrent calls overwrite each other's count:
// each caller read the last call's. Now the user module marks a copy (cause: the adapter's error,
// which is never keyed), as it already did for a call that cannot carry `password_check`. The
// oracle: the same program over an adapter that makes a fresh error per request. Time: a fixed
// server clock (`serverNow`), requests answered in a generated order (no timers).

const T = Date.parse('2026-12-01T16:00:00Z');
const EMAIL = { email: 'ana.nova@example.com' };
const init = { status: 422, method: 'PATCH', path: '/bff/users/self-email', body: { message: 'Password?' } };

/** A user module whose requests wait until the test answers them (each with `errorFor()`). */
function heldUser(errorFor: () => unknown) {
  const pending: (() => void)[] = [];
  const hold = () =>
    new Promise<never>((_, reject) => {
      pending.push(() => reject(errorFor()));
    });
  const http: HttpAdapter = { get: hold, post: hold, patch: hold, delete: hold };
  const user = createUserModule(http, {
    signedIn: () => ({ userId: 42 }),
    storage: memoryStorage(),
    serverNow: () => T,
  });
  /** Answers the k-th request still waiting (modulo), if any. */
  const answer = (k: number) => {
    if (pending.length) pending.splice(k % pending.length, 1)[0]!();
  };
  return { user, pending, answer };
}

/** Lets every promise chain started so far run (microtasks only: no timer, no clock). */
const settle = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

type Step = { start: boolean } | { answer: number };

/**
 * Runs `steps` (start an updateEmail, with a password or not; or answer a waiting request), then
 * answers the rest in order; each call's `stepUpAttemptsLeftOf` of what it threw, read at the end.
 */
async function run(steps: Step[], errorFor: () => unknown) {
  const { user, pending, answer } = heldUser(errorFor);
  const caught: Promise<unknown>[] = [];
  for (const step of steps) {
    if ('start' in step) {
      caught.push(
        user
          .updateEmail(step.start ? { ...EMAIL, password_check: secret('pw') } : EMAIL)
          .catch((e: unknown) => e),
      );
    } else answer(step.answer);
    await settle();
  }
  while (pending.length) {
    answer(0);
    await settle();
  }
  const errors = await Promise.all(caught);
  return { errors, counts: errors.map(stepUpAttemptsLeftOf) };
}

describe('the attempts left of one cached StepUpRequiredError are each call’s own', () => {
  it('two concurrent calls, one cached error: each reads its own count (2 and 3)', async () => {
    const one = new StepUpRequiredError(init, 'required');
    // A without a password, B with one (B's attempt reserved while A's answer comes): A had 2
    // left when it threw (B's password on its way), B 3 (a `required` answer releases it).
    const { errors, counts } = await run(
      [{ start: false }, { start: true }, { answer: 0 }, { answer: 0 }],
      () => one,
    );
    expect(counts).toEqual([2, 3]);
    // Each caller got a copy of the adapter's error: same class and fields, `cause` the original,
    // which carries no count.
    for (const e of errors) {
      expect(e).not.toBe(one);
      expect(e).toBeInstanceOf(StepUpRequiredError);
      expect(e).toMatchObject({ code: 'step_up_required', reason: 'required', status: 422 });
      expect((e as Error).cause).toBe(one);
    }
    expect(stepUpAttemptsLeftOf(one)).toBeUndefined();
  });

  it('property: any interleaving of calls and answers reads the same counts as with a fresh error per request', async () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ start: fc.boolean() }),
      fc.record({ answer: fc.nat({ max: 7 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 2, maxLength: 12 }),
        fc.constantFrom('required', 'invalid') as fc.Arbitrary<'required' | 'invalid'>,
        async (steps, reason) => {
          const fresh = await run(steps, () => new StepUpRequiredError(init, reason));
          const one = new StepUpRequiredError(init, reason);
          const cached = await run(steps, () => one);
          expect(cached.counts).toEqual(fresh.counts);
          expect(stepUpAttemptsLeftOf(one)).toBeUndefined();
        },
      ),
      { numRuns: 200, seed: 22 },
    );
  });
});
