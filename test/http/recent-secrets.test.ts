// Review 93 (D1): a password sent by an earlier call (a step-up's `password_check`, a wrong login
// password) quoted by a LATER call's error reached the app: only unguessable secrets (16+ token
// characters) were held for later answers. Now the short ones are scrubbed from later ERRORS for
// 10 minutes after they were last sent (the last 8), by the 2xx rule and in string values only: an
// error's field names and step-up code stay, and 2xx answers are never touched (review F: a wrong
// password that is an e-mail rewrote the profile's).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber, NO_SCRUB } from '../../src/errors/scrub';
import { heldSecrets } from '../../src/http/held-secrets';

/** The short secrets an adapter's `heldSecrets` holds, and the scrubber of an error to a call sending none. */
const recentSecrets = (now: () => number) => {
  const [, sent, scrubberOf] = heldSecrets(now);
  return { add: (v: string) => sent([v]), scrubber: () => scrubberOf([], () => NO_SCRUB) };
};

const MIN = 60_000;

describe('recentSecrets: what a later error is scrubbed of', () => {
  it('a password in every form (review 95); a code only as a word of its own (review 97)', () => {
    const recent = recentSecrets(() => 0);
    recent.add('Secret123!');
    recent.add('482913');
    const s = recent.scrubber()!;
    expect(s.text('rejected for Secret123!')).toBe('rejected for [redacted]');
    expect(s.text('code 482913 expired, ref 2024-482913')).toBe('code [redacted] expired, ref 2024-482913');
    expect(s.text('S e c r e t 1 2 3 !')).not.toContain('S e c r e t 1 2 3');
  });

  it("never an error's keys, its step-up code or a number; never a 2xx answer", () => {
    const recent = recentSecrets(() => 0);
    recent.add('password');
    recent.add('482913');
    const s = recent.scrubber()!;
    const body = {
      code: 'password_check_required',
      errors: { password: ['the password is wrong'] },
      n: 482913,
    };
    expect(s.deep(body)).toEqual({
      code: 'password_check_required',
      errors: { password: ['the [redacted] is wrong'] },
      n: 482913,
    });
    const answer = { email: 'password', note: 'password' };
    expect(s.mayHold(JSON.stringify(answer))).toBe(false);
    expect(s.deep(answer, undefined, true)).toBe(answer);
  });

  it('gone 10 minutes after it was last sent, kept longer when the clock goes back', () => {
    let t = 5 * MIN;
    const recent = recentSecrets(() => t);
    recent.add('Secret123!');
    t = 14 * MIN;
    expect(recent.scrubber()?.text('Secret123!')).toBe('[redacted]');
    recent.add('Secret123!'); // sent again at 14
    t = 23 * MIN;
    expect(recent.scrubber()?.text('Secret123!')).toBe('[redacted]');
    t = 1 * MIN; // set back
    expect(recent.scrubber()?.text('Secret123!')).toBe('[redacted]');
    t = 24 * MIN;
    expect(recent.scrubber().text('Secret123!')).toBe('Secret123!');
  });

  it('property: exactly the last 8 distinct secrets sent within 10 minutes are scrubbed', () => {
    const word = fc.stringMatching(/^[a-z]{8}[0-9]$/);
    const step = fc.oneof(
      word.map((v) => ({ add: v })),
      fc.integer({ min: 0, max: 4 * MIN }).map((ms) => ({ ms })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let t = 0;
        const recent = recentSecrets(() => t);
        const model = new Map<string, number>();
        for (const s of steps) {
          if ('ms' in s) t += s.ms;
          else {
            recent.add(s.add);
            model.delete(s.add);
            model.set(s.add, t);
            if (model.size > 8) model.delete(model.keys().next().value!);
          }
          const scrub = recent.scrubber();
          for (const [v, at] of model) {
            const live = t - at < 10 * MIN;
            expect(scrub?.text(`x ${v} y`) ?? `x ${v} y`).toBe(live ? 'x [redacted] y' : `x ${v} y`);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('the full scrubber still scrubs every form of its own secrets (unchanged)', () => {
    expect(createScrubber(['Secret123!']).text('x Secret123! y')).toBe('x [redacted] y');
  });
});
