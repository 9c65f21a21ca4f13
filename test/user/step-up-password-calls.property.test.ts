import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpErrorFor } from '../../src/errors/base';
import { isPamError } from '../../src/errors/index';
import { sendSensitive } from '../../src/user/sensitive';
import { countStepUpPerPlayer, STEP_UP_LOCK_MS, STEP_UP_MAX_ATTEMPTS } from '../../src/user/step-up-attempts';

// REVIEW-AA AA-3 as a property: sequences of right and wrong passwords over the three kinds of
// call that send the current password (a change with `password_check`, changePassword's
// `old_password`, checkPassword's `password`), some answered 429 (Retry-After 60) or 500, with
// server time moving on between calls. A model of the documented lock (3 wrong in a row lock for
// STEP_UP_LOCK_MS; a 429 until its Retry-After; a right password ends the run; a lock over ends it
// too) says at each call whether a password may be sent: the client sends exactly then, so never
// more than the allowed wrong guesses per window and nothing while locked. The old count sent
// every changePassword and checkPassword.

const START = Date.parse('2026-12-01T12:00:00Z');
const RIGHT = 'right-Passw0rd';
type Kind = 'email' | 'change' | 'check';
const step = fc.record({
  kind: fc.constantFrom<Kind>('email', 'change', 'check'),
  right: fc.boolean(),
  fault: fc.constantFrom('none', 'none', 'none', 'none', '429', '500'),
  wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 * 60_000 })),
});
const payloadOf = (kind: Kind, pw: string) =>
  kind === 'email'
    ? { email: 'a@example.com', password_check: pw }
    : kind === 'change'
      ? { old_password: pw, password: 'n3w-Passw0rd', password_confirmation: 'n3w-Passw0rd' }
      : { password: pw };

describe('the step-up lock over the three kinds of password call (property)', () => {
  it('a password is sent exactly when the documented lock allows it', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        let now = START;
        const http = {};
        countStepUpPerPlayer(http, () => ({ userId: 7 }), { serverNow: () => now });
        const model = { wrong: 0, lockedUntil: 0 };
        for (const { kind, right, fault, wait } of steps) {
          now += wait;
          if (model.lockedUntil && now >= model.lockedUntil) [model.wrong, model.lockedUntil] = [0, 0];
          const allowed = !model.lockedUntil && model.wrong < STEP_UP_MAX_ATTEMPTS;
          let sent = false;
          const attempt = async (body: unknown) => {
            sent = true;
            const path = `/${kind}`;
            if (fault === '429') throw httpErrorFor({ status: 429, method: 'POST', path, retryAfter: 60 });
            if (fault === '500') throw httpErrorFor({ status: 500, method: 'POST', path });
            const pw = Object.values(body as Record<string, string>).find(
              (v) => v.includes('Passw0rd') && !v.startsWith('n3w'),
            );
            const ok = pw === RIGHT;
            if (kind === 'check') return { success: ok };
            if (ok) return { success: true, message: 'ok' };
            throw httpErrorFor(
              kind === 'email'
                ? { status: 422, method: 'PATCH', path, body: { code: 'password_check_invalid' } }
                : { status: 422, method: 'POST', path, body: { errors: { old_password: ['incorrect'] } } },
            );
          };
          const error = await sendSensitive(
            attempt,
            payloadOf(kind, right ? RIGHT : 'wrong-Passw0rd'),
            undefined,
            http,
          ).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect({ sent, kind }).toEqual({ sent: allowed, kind });
          if (!sent) {
            expect(isPamError(error) && error.code).toBe('step_up_locked');
            seen.add('refused');
            continue;
          }
          if (fault === '429') model.lockedUntil = Math.max(model.lockedUntil, now + 60_000);
          else if (fault === 'none' && right) model.wrong = 0;
          else if (fault === 'none' && ++model.wrong >= STEP_UP_MAX_ATTEMPTS) {
            model.lockedUntil = Math.max(model.lockedUntil, now + STEP_UP_LOCK_MS);
            seen.add(`locked after ${kind}`);
          }
        }
      }),
      { numRuns: 300, seed: 2026_12_01 },
    );
    expect([...seen].sort()).toEqual([
      'locked after change',
      'locked after check',
      'locked after email',
      'refused',
    ]);
  });
});
