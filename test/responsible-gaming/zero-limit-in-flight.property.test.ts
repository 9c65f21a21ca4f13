// ZERO30, over generated limit payloads (a bet, a loss and a deposit limit each set to 0, to a
// positive amount, or left out; sent through `client.user` or `client.http`; answered accepted,
// refused (422) or of unknown outcome (503)), over real sockets: while a change that sets an active
// bet or loss limit of 0 is in flight, or once accepted or of unknown outcome, no view shows the
// player free to bet (through the read that follows too); a refusal, or a change that sets no
// limit of 0, leaves the player free again.
import fc from 'fast-check';
import { updateLimits } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { until as settled, turns } from '../support/event-loop';
import { heldPatches } from '../support/held-patches';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const LIMITS = '/bff/users/update-limits';
const PROFILE = '/auth/user-profile';
type Value = 'zero' | 'positive' | 'absent';
type Outcome = 'accepted' | 'refused' | 'unknown';
interface Case {
  bet: Value;
  loss: Value;
  deposit: Value;
  outcome: Outcome;
  via: 'user' | 'http';
}

const value = fc.constantFrom<Value>('zero', 'positive', 'absent');
const aCase = fc
  .record({
    bet: value,
    loss: value,
    deposit: value,
    outcome: fc.constantFrom<Outcome>('accepted', 'refused', 'unknown'),
    via: fc.constantFrom<'user' | 'http'>('user', 'http'),
  })
  // (The payload sets at least one limit: the call refuses one that sets none, nothing sent.)
  .filter((c) => c.bet !== 'absent' || c.loss !== 'absent' || c.deposit !== 'absent');

const payloadOf = (c: Case) => {
  const p: Record<string, unknown> = { password_check: 'Secret123!' };
  for (const k of ['bet', 'loss', 'deposit'] as const)
    if (c[k] !== 'absent') {
      p[`user_limit_${k}`] = c[k] === 'zero' ? 0 : 250;
      p[`user_limit_${k}_period`] = 'daily';
    }
  return p;
};

let barredRuns = 0;

test('a bet or loss limit of 0 in flight, accepted or unknown, never shows the player free to bet', async () => {
  await fc.assert(
    fc.asyncProperty(aCase, async (c) => {
      server.reset();
      const zero = c.bet === 'zero' || c.loss === 'zero';
      // (The profile reads answered, counted as the client gets them.)
      let answered = 0;
      const patches = heldPatches(async (input, init) => {
        const answer = await fetch(input, init);
        if (String(input instanceof Request ? input.url : input).includes(PROFILE)) answered++;
        return answer;
      });
      const client = createPamClient({
        baseURL: server.url,
        environment: { channel: null },
        fetch: patches.fetch,
        retry: 0,
      });
      try {
        client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
        await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
        const free: string[] = [];
        const off = client.subscribe((v) => {
          if (v.restrictions?.canBet) free.push(v.restrictions.status);
        });
        if (c.outcome !== 'accepted')
          server.faults.add({
            method: 'PATCH',
            path: LIMITS,
            status: c.outcome === 'refused' ? 422 : 503,
            body: { message: c.outcome },
            times: 1,
          });
        patches.hold(true);
        const before = answered;
        const payload = payloadOf(c);
        free.length = 0; // (From the send on.)
        const call = (
          c.via === 'user' ? client.user.updateLimits(payload) : updateLimits(client.http, payload)
        ).then(
          () => 'ok',
          (e: { status?: number }) => e.status,
        );
        await patches.heldCount(1);
        // In flight (the server answered; the client has not heard it).
        if (zero) expect(client.view.restrictions?.canBet).toBe(false);
        patches.held[0]!.release();
        expect(await call).toBe(c.outcome === 'accepted' ? 'ok' : c.outcome === 'refused' ? 422 : 503);
        if (zero && c.outcome !== 'refused') {
          barredRuns++;
          // At once, and through the read that follows (a lagging one or not: the change as sent).
          expect(client.view.restrictions?.canBet).toBe(false);
          await settled(() => answered > before, 'the read after the change answered');
          await turns(20);
          expect(client.view.restrictions?.canBet).toBe(false);
          expect(free).toEqual([]);
        } else {
          // Refused, or no limit of 0: free again once read.
          await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
        }
        off();
      } finally {
        client.stop();
      }
    }),
    {
      numRuns: 24,
      // (A limit of 0 accepted and one of unknown outcome, by each way, in every run of the test.)
      examples: [
        [{ bet: 'zero', loss: 'absent', deposit: 'absent', outcome: 'accepted', via: 'user' }],
        [{ bet: 'absent', loss: 'zero', deposit: 'positive', outcome: 'unknown', via: 'http' }],
        [{ bet: 'positive', loss: 'zero', deposit: 'absent', outcome: 'refused', via: 'user' }],
      ],
    },
  );
  expect(barredRuns).toBeGreaterThan(0);
}, 120_000);
