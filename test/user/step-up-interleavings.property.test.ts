import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpErrorFor } from '../../src/errors/base';
import { NetworkError } from '../../src/errors/index';
import { sendSensitive } from '../../src/user/sensitive';
import { countStepUpPerPlayer, STEP_UP_MAX_ATTEMPTS } from '../../src/user/step-up-attempts';

// Issue 26, symptom 6, as a property: concurrent sensitive changes in 1 to 4 tabs (adapters sharing
// one store, as the tabs of an origin share localStorage), each with or without a password and
// with a prompt that answers wrong, right or cancels; the answers come back in an order fast-check
// chooses (`fc.scheduler`), some of them a 500, a 429 or no answer at all. Time stands still (no
// lock expires). At every password sent, the wrong passwords answered since the last right one
// plus the passwords still on their way never exceed the lock: wrong passwords sent never exceed
// STEP_UP_MAX_ATTEMPTS between two right ones. The old count (moved only when an answer returned)
// sends one password per call.

const NOW = Date.parse('2026-11-28T12:00:00Z');
const PATH = '/bff/users/self-email';
type Password = 'wrong' | 'right' | null;
type Fault = 'none' | '500' | '429' | 'network';

const call = fc.record({
  tab: fc.nat({ max: 3 }),
  first: fc.constantFrom<Password>('wrong', 'wrong', 'right', null),
  prompts: fc.array(fc.constantFrom<Password>('wrong', 'wrong', 'right', null), { maxLength: 3 }),
});
const plan = fc.record({
  tabs: fc.integer({ min: 1, max: 4 }),
  calls: fc.array(call, { minLength: 1, maxLength: 8 }),
  faults: fc.array(fc.constantFrom<Fault>('none', 'none', 'none', '500', '429', 'network'), {
    minLength: 1,
    maxLength: 8,
  }),
});

function sharedStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('step-up attempts over generated interleavings (property)', () => {
  it('wrong passwords sent never exceed the lock, whatever order the answers come back in', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), plan, async (s, { tabs, calls, faults }) => {
        const storage = sharedStorage();
        const adapters = Array.from({ length: tabs }, () => {
          const http = {};
          countStepUpPerPlayer(http, () => ({ userId: 7 }), { storage, serverNow: () => NOW });
          return http;
        });
        // The truth, as the server sees it.
        let onTheirWay = 0;
        let wrongSinceRight = 0;
        let serverLocked = false;
        let sends = 0;
        let worst = 0;
        const violations: string[] = [];
        const attempt = async (payload: unknown) => {
          const password = (payload as { password_check?: string }).password_check;
          if (password === undefined) {
            await s.schedule(Promise.resolve(), 'no password');
            throw httpErrorFor({
              status: 422,
              method: 'PATCH',
              path: PATH,
              body: { code: 'password_check_required' },
            });
          }
          // A password leaves the client: what the lock allows must still hold. Recorded, not
          // thrown here: the client would take an assertion thrown by `attempt` for an answer.
          onTheirWay++;
          worst = Math.max(worst, wrongSinceRight + onTheirWay);
          if (serverLocked) violations.push('a password sent during the server lock');
          if (wrongSinceRight + onTheirWay > STEP_UP_MAX_ATTEMPTS)
            violations.push(`${wrongSinceRight} wrong + ${onTheirWay} on their way`);
          const fault = faults[sends++ % faults.length]!;
          await s.schedule(Promise.resolve(), `${password} (${fault})`);
          seen.add(fault);
          // No answer: the server may have checked it; it stays on its way (time stands still).
          if (fault === 'network') throw new NetworkError('PATCH', PATH);
          onTheirWay--;
          if (fault === '500') throw httpErrorFor({ status: 500, method: 'PATCH', path: PATH });
          if (fault === '429') {
            serverLocked = true;
            throw httpErrorFor({ status: 429, method: 'PATCH', path: PATH, retryAfter: 60 });
          }
          if (password === 'right') {
            seen.add('right answered');
            wrongSinceRight = 0;
            return { ok: true };
          }
          wrongSinceRight++;
          throw httpErrorFor({
            status: 422,
            method: 'PATCH',
            path: PATH,
            body: { code: 'password_check_invalid' },
          });
        };
        const running = calls.map(({ tab, first, prompts }) => {
          const queue = [...prompts];
          const payload =
            first === null ? { email: 'a@example.com' } : { email: 'a@example.com', password_check: first };
          return sendSensitive(
            attempt,
            payload,
            { onStepUp: async () => (queue.length > 0 ? queue.shift() : null) },
            adapters[tab % tabs]!,
          ).catch((e: unknown) => e);
        });
        await s.waitFor(Promise.all(running));
        expect(violations).toEqual([]);
        if (worst === STEP_UP_MAX_ATTEMPTS) seen.add('the lock reached');
      }),
      { numRuns: 300, seed: 2026_11_28 },
    );
    // Every kind of answer happened, and the bound was reached, so the property is not vacuous.
    expect([...seen].sort()).toEqual(['429', '500', 'network', 'none', 'right answered', 'the lock reached']);
  });

  it('seven calls at once in one tab, all wrong: three passwords sent (the old count sent seven)', async () => {
    const http = {};
    countStepUpPerPlayer(http, () => ({ userId: 1 }), { serverNow: () => NOW });
    let sent = 0;
    const attempt = async (payload: unknown) => {
      if ((payload as { password_check?: string }).password_check !== undefined) sent++;
      await Promise.resolve();
      throw httpErrorFor({
        status: 422,
        method: 'PATCH',
        path: PATH,
        body: { code: 'password_check_invalid' },
      });
    };
    await Promise.all(
      Array.from({ length: 7 }, () =>
        sendSensitive(attempt, { email: 'a@example.com', password_check: 'bad' }, {}, http).catch(() => null),
      ),
    );
    expect(sent).toBe(STEP_UP_MAX_ATTEMPTS);
  });
});
