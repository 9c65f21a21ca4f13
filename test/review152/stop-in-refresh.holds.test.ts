// Review 152: `client.stop()` at a generated point around the token refresh at 6 h (before it is
// sent, while its answer is on its way, after): a refresh answered after the stop is kept in the
// store (the server rotated the old token away), nothing else is sent, no timer is left.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { H, PASSWORD, runCase, S, signIn, until, wait } from './stop-world';

const REFRESH = '/users/refresh-token';
const RUNS = Number(process.env.REV152_RUNS ?? 20);

describe('review 152: stop() anywhere around the refresh at 6 h', () => {
  it('the refreshed token is the stored one, or the old one still lives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('plain' as const, 'twoFactor' as const),
        fc.record({
          refresh: fc.constantFrom(0, 30, 200, 1500, 4000),
          profile: fc.constantFrom(0, 300, 4000),
        }),
        fc.record({
          k: fc.integer({ min: 0, max: 2 }),
          ms: fc.constantFrom(0, 0, 10, 50, 150, 1000, 3000, 60 * S),
          turns: fc.nat(25),
        }),
        async (who, d, stopAt) => {
          await runCase(
            { [REFRESH]: d.refresh, '/auth/user-profile': d.profile },
            [...signIn(who), wait(6 * H - 5 * 60 * S, 60 * S)],
            [
              until('refresh sent', (r) => r.w.sent.some((s) => s.path === REFRESH), 10 * 60 * S, S),
              wait(10 * S),
            ],
            stopAt,
            [PASSWORD],
          );
        },
      ),
      { seed: 1524, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
