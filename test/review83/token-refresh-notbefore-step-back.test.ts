// Review 83, finding 2 (MEDIUM; helper 431, against 80e22b99). Fixed in the fifty-second pass (failed on
// 0e28b8a7, seen): tokenRefreshMachine.ts `pullBack` moves `notBefore` back with the failure time.
// What it checks: tokenRefreshMachine's failure backoff when the app's own clock (`input.now`, used
// as is, may step back: "An app that gives its own environment.now gets a clock built over that
// function ... its now is the base, as given", docs/time.md) was far ahead when a refresh failed
// and is then corrected back.
// What the docs promise: the cycle's own readings after the clock are pulled back to it
// ("A save or failure time after this reading ... is pulled back to it: it postpones the refresh by
// one interval (or backoff) at most", tokenRefreshMachine `pullBack`), and the core's rule
// ("the refresh is never put off much beyond the interval after now ... however far the clock
// stepped", shouldRefreshToken). A refresh that failed is retried after its backoff (30 s..15 min).
// What happens: with jitter (`random`) or a `Retry-After`, `failRefresh` stores `notBefore` =
// reading + wait, and `pullBack` pulls back `tokenSavedAt` and `lastFailureAt` but NOT `notBefore`.
// A clock 10 days ahead at the failure, then corrected, holds every retry back for 10 days: the
// token expires, and no refresh is tried (stuck).
import fc from 'fast-check';
import { TimeoutError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';

const S = 1_000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;
const T0 = Date.UTC(2030, 0, 10, 12);

/** Calls made in 30 min of real time after a failure on a clock `step` ahead, then corrected. */
async function retried(
  jitter: boolean,
  step: number,
): Promise<{ calls: number; notBeforeFromNow: number | null }> {
  {
    const sim = new SimulatedClock();
    let ahead = step;
    const now = () => T0 + ahead + sim.now();
    let calls = 0;
    const auth = {
      refreshToken: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new TimeoutError('POST', '/users/refresh-token', 5 * S))
          : Promise.resolve({ access_token: `t${calls}` });
      },
    };
    const actor = createActor(tokenRefreshMachine, {
      clock: sim,
      input: {
        auth: auth as never,
        now,
        tickMs: MIN,
        savedAt: T0 + ahead,
        ...(jitter && { random: () => 0.5 }),
      },
    });
    actor.start();
    actor.send({ type: 'REFRESH' });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context.refresh.failures).toBe(1);
    // The clock is corrected: 10 days back.
    ahead = 0;
    for (let t = 0; t < 30 * MIN; t += 10 * S) {
      sim.increment(10 * S);
      actor.send({ type: 'TICK' });
      for (let i = 0; i < 20; i++) await Promise.resolve();
    }
    const { notBefore } = actor.getSnapshot().context;
    actor.stop();
    return { calls, notBeforeFromNow: notBefore === null ? null : notBefore - now() };
  }
}

describe('tokenRefreshMachine: a failure on a clock far ahead, then the clock corrected', () => {
  it.each([
    ['with jitter (random)', true],
    ['without jitter (control: no notBefore)', false],
  ])('%s: a retry is tried within the 15-min backoff cap once the clock is back', async (_n, jitter) => {
    expect(await retried(jitter, 10 * DAY)).toMatchObject({ calls: 2 });
  });

  // (Fifty-second pass: over generated steps, back by up to 30 days, or forward.)
  it('generated steps × jitter: the retry comes within the backoff cap of real time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: -DAY, max: 30 * DAY }), async (jitter, step) => {
        expect(await retried(jitter, step)).toMatchObject({ calls: 2 });
      }),
      { numRuns: 40 },
    );
  });
});
