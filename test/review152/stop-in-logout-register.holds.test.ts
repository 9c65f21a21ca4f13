// Review 152: `client.stop()` at a generated point of a logout (a logout in flight must still reach
// the server, its token dead, the store empty) and of a registration (its grant revoked, never
// stored). Answers held a generated time; judged once every answer arrived and hours passed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { act, CODE, LOGOUT, PASSWORD, runCase, S, StopRun, signIn, status, until, wait } from './stop-world';

const delay = fc.constantFrom(0, 0, 30, 200, 1500, 4000);
const at = (n: number) =>
  fc.record({
    k: fc.integer({ min: 0, max: n }),
    ms: fc.constantFrom(0, 0, 10, 50, 150, 1000, 3000),
    turns: fc.nat(25),
  });
const RUNS = Number(process.env.REV152_RUNS ?? 40);

describe('review 152: stop() anywhere in a logout or a registration', () => {
  it('logout: the token signed out of is dead at the server, the store empty', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('plain' as const, 'twoFactor' as const),
        fc.record({ logout: delay, profile: delay }),
        at(2),
        async (who, d, stopAt) => {
          const r = new StopRun({ [LOGOUT]: d.logout, '/auth/user-profile': d.profile });
          try {
            await r.play(signIn(who), [act('logout', (x) => x.client.logout()), wait(5 * S)], stopAt);
            await r.check([PASSWORD, CODE]);
            // Logged out before the stop (k >= 1): nothing of the player kept, one logout; else the
            // session kept for a reload, no logout.
            const out = stopAt.k >= 1;
            expect({
              stored: r.stored() !== null,
              logouts: r.w.sent.filter((s) => s.path === LOGOUT).length,
            }).toEqual({
              stored: !out,
              logouts: out ? 1 : 0,
            });
          } finally {
            r.dispose();
          }
        },
      ),
      { seed: 1521, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  it('register: a grant answered after the stop is revoked, never stored', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ reg: delay, profile: delay }), at(3), async (d, stopAt) => {
        const email = `new${++n}@example.com`;
        const password = 'Str0ng!Passw0rd';
        await runCase(
          { '/auth/register-simplified': d.reg, '/auth/user-profile': d.profile },
          [],
          [
            act('register', (x) =>
              x.client.register({ email, password, country: 'BR', nationalities: '["BR"]', optIn: true }),
            ),
            until('registered', (x) => x.client.view.status !== 'registering'),
            until('signedIn', status('signedIn'), 3 * S),
            wait(3 * S),
          ],
          stopAt,
          [password],
        );
      }),
      { seed: 1522, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
