// REVIEW29A-10, over generated sequences: raw restriction writes through `client.http` (a pause, a
// self-exclusion, a limit), each answered accepted, refused (422), unknown (503) or late (its
// answer held past the writes after it). Over real sockets: canBet is never true while a pause or
// self-exclusion is in flight, nor once the server accepted one; with none accepted or unknown,
// the bars are released (canBet again once all settled).
import fc from 'fast-check';
import { setSelfExclusion, setTimeoutLimits, updateLimits } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { heldPatches } from '../support/held-patches';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const password_check = 'Secret123!';
const KINDS = {
  pause: '/bff/users/timeout-limits',
  selfExclusion: '/bff/users/self-exclusion',
  limit: '/bff/users/update-limits',
} as const;
type Kind = keyof typeof KINDS;
type Outcome = 'accepted' | 'refused' | 'unknown' | 'late';

const step = fc.record({
  kind: fc.constantFrom<Kind>('pause', 'selfExclusion', 'limit'),
  outcome: fc.constantFrom<Outcome>('accepted', 'refused', 'unknown', 'late'),
});

const send = (http: Parameters<typeof updateLimits>[0], kind: Kind, i: number) =>
  kind === 'pause'
    ? setTimeoutLimits(http, { user_pause: 3, reason: 1, password_check })
    : kind === 'selfExclusion'
      ? setSelfExclusion(http, { user_exclusion: 3, reason: 1, password_check })
      : updateLimits(http, { user_limit_deposit: 100 - i, user_limit_deposit_period: 'daily' });

test('canBet is never true while a protective write is in flight or accepted', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
      server.reset();
      const patches = heldPatches();
      const client = createPamClient({
        baseURL: server.url,
        environment: { channel: null },
        fetch: patches.fetch,
        retry: 0,
      });
      const violations: string[] = [];
      let inFlight = 0;
      let accepted = false;
      const check = (where: string) => {
        if ((inFlight > 0 || accepted) && client.view.restrictions?.canBet === true)
          violations.push(`${where}: canBet with ${inFlight} in flight, accepted ${accepted}`);
      };
      try {
        client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
        await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
        const off = client.subscribe(() => check('view'));
        patches.hold(true);
        const late: (() => Promise<unknown>)[] = [];
        let kept = false;
        for (const [i, { kind, outcome }] of steps.entries()) {
          const protective = kind !== 'limit';
          if (outcome === 'refused' || outcome === 'unknown')
            server.faults.add({
              method: 'PATCH',
              path: KINDS[kind],
              status: outcome === 'refused' ? 422 : 503,
              body: { message: outcome },
              times: 1,
            });
          if (outcome === 'unknown') kept = true;
          if (protective) inFlight++;
          const call = send(client.http, kind, i).catch(() => {});
          await patches.heldCount(i + 1);
          check(`step ${i} (${kind}, ${outcome}) in flight`);
          const answer = patches.held[i]!;
          const release = () => {
            // (Accepted by the server: barred from here on, before the client hears it.)
            if (protective && answer.status < 300) accepted = true;
            if (protective) inFlight--;
            answer.release();
            return call;
          };
          if (outcome === 'late') late.push(release);
          else await release();
          check(`step ${i} (${kind}, ${outcome}) settled`);
        }
        for (const release of late.reverse()) {
          await release();
          check('late settled');
        }
        off();
        expect(violations).toEqual([]);
        // None accepted, none of unknown outcome: every bar released (a read follows each limit).
        if (!accepted && !kept)
          await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      } finally {
        client.stop();
      }
    }),
    { numRuns: 20 },
  );
}, 120_000);
