// Review 152: `client.stop()` at a generated point of a login (plain and two-factor, by e-mail and
// by CPF), each answer held a generated time: nothing sent after the stop but a revoke, no timer
// left, no live token outside the store, nothing told after the stop, no secret told.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { act, CODE, PASSWORD, PLAYER, runCase, S, status, until, wait } from './stop-world';

const cpf = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
const delay = fc.constantFrom(0, 0, 30, 200, 1500, 4000);
const at = (n: number) =>
  fc.record({
    k: fc.integer({ min: 0, max: n }),
    ms: fc.constantFrom(0, 0, 10, 50, 150, 1000, 3000),
    turns: fc.nat(25),
  });

describe('review 152: stop() anywhere in a login', () => {
  it('plain or two-factor, e-mail or CPF', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('plain' as const, 'twoFactor' as const),
        fc.boolean(),
        fc.record({ login: delay, code: delay, profile: delay }),
        at(4),
        async (who, byCpf, d, stopAt) => {
          const p = PLAYER[who];
          const moves = [
            act('login', (r) =>
              r.client.login({ login: byCpf ? cpf(p.cpf) : p.email, password: p.password }),
            ),
            until('asked', (r) => r.client.view.status !== 'signingIn'),
            act('code', (r) => {
              if (r.client.view.status === 'twoFactorRequired') r.client.submitCode(CODE);
            }),
            until('signedIn', status('signedIn')),
            wait(3 * S),
          ];
          await runCase(
            { '/auth/login': d.login, '/auth/2fa/verify': d.code, '/auth/user-profile': d.profile },
            [],
            moves,
            stopAt,
            [PASSWORD, CODE],
          );
        },
      ),
      { seed: 152, numRuns: Number(process.env.REV152_RUNS ?? 40), endOnFailure: true },
    );
  }, 600_000);
});
