import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MAX_ATTEMPTS } from '../../src/user/step-up-attempts';
import { signedIn, useReferenceServer } from '../support/server';

// REVIEW-AB AB-4: a protective change (a pause, a self-exclusion) is never refused by the client's
// step-up lock, so one call whose `onStepUp` kept answering a wrong password was sent again
// for as long as the prompt answered (201 sends for one `setTimeoutLimits` against an API that
// never throttles), each send leaving an abort listener on the call's signal. Now one call asks
// at most `STEP_UP_MAX_ATTEMPTS` times, then throws the last `step_up_required`; the lock still
// never refuses it (a new call is sent: the server decides). Over real sockets: the reference
// server answering the route's every send with its own wrong-password 422 (a fault: it never
// throttles), so only the client bounds it.

const ctx = useReferenceServer();
const PATH = '/bff/users/timeout-limits';

describe('a protective change whose prompt keeps answering a wrong password', () => {
  it('is asked at most STEP_UP_MAX_ATTEMPTS times per call, any number of calls (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 12 }),
        async (calls, extra) => {
          const { user } = signedIn(ctx.server, ctx.server.seed.plain.id);
          ctx.server.faults.add({
            method: 'PATCH',
            path: PATH,
            status: 422,
            body: {
              message: 'The password confirmation is incorrect.',
              code: 'password_check_invalid',
              errors: { password_check: ['The password is incorrect.'] },
            },
          });
          const controller = new AbortController();
          for (let c = 0; c < calls; c++) {
            let prompts = 0;
            const before = ctx.server.requests.filter((r) => r.path === PATH).length;
            const e = await user
              .setTimeoutLimits(
                { user_pause: 1, reason: 1, password_check: `wrong-${c}` },
                {
                  signal: controller.signal,
                  onStepUp: async () =>
                    ++prompts <= STEP_UP_MAX_ATTEMPTS + extra ? `wrong-${c}-${prompts}` : null,
                },
              )
              .catch((x: unknown) => x);
            expect(isPamError(e) && e.code).toBe('step_up_required');
            expect(prompts).toBeLessThanOrEqual(STEP_UP_MAX_ATTEMPTS);
            const sent = ctx.server.requests.filter((r) => r.path === PATH).length - before;
            expect(sent).toBeGreaterThanOrEqual(1);
            expect(sent).toBeLessThanOrEqual(STEP_UP_MAX_ATTEMPTS + 1);
            // Nothing left listening on the caller's signal once the call settled.
            expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
