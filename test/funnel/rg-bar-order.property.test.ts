import fc from 'fast-check';
import type { FunnelEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// REVIEW-Y Y-10, over answer orders: a pause or self-exclusion (with a step-up or its password
// sent), asked while the login's first read is in flight or after it, its answers and the
// profile's held for generated simulated delays, the re-reads failing (an unreadable answer) a generated number of
// times. Whatever the order: once `rg.changeRequested` of a change the server accepted, no
// `rg.restrictionsRead` read after its answer says the restriction is not in force (nor betting
// allowed, nor, for an exclusion, the account open), none comes before its `rg.changeAccepted`, one
// follows it, and the re-read that shows it is told in the end. (One read while the change waited
// is told after its answer as it was read, with its own time, before those: REVIEW-Z Z-4.)

const world = useWorld({ reportStepMs: 2 * S });
type Read = Extract<FunnelEvent, { type: 'rg.restrictionsRead' }>;
const PROFILE = '/auth/user-profile';

describe('funnelEvents(): an accepted pause or self-exclusion, whatever order the answers come in', () => {
  it('is never read "not in force" after its request, and is accepted before it is read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom('pause' as const, 'selfExclusion' as const),
          stepUp: fc.boolean(),
          // Asked while the login's first read is still unanswered.
          early: fc.boolean(),
          readMs: fc.constantFrom(0, 100, 700, 2 * S),
          changeMs: fc.constantFrom(0, 100, 700, 2 * S),
          readFails: fc.constantFrom(0, 0, 1, 2),
        }),
        async ({ kind, stepUp, early, readMs, changeMs, readFails }) => {
          world.renew();
          world.server.reset();
          const { password } = world.server.seed.plain;
          const tab = funnelTab(world, stepUp ? { onStepUp: async () => password } : {});
          try {
            if (readMs) world.delayAnswers({ method: 'GET', path: PROFILE, ms: readMs });
            await logIn(world, tab);
            if (!early)
              for (let i = 0; i < 200 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
                await world.advance(50, 50);
            const path = kind === 'pause' ? '/bff/users/timeout-limits' : '/bff/users/self-exclusion';
            if (changeMs) world.delayAnswers({ path, ms: changeMs });
            // (An unreadable answer: the read fails, with no retry of the adapter's on real time.)
            if (readFails)
              world.server.faults.add({ path: PROFILE, status: 200, body: { user: null }, times: readFails });
            const check = stepUp ? {} : { password_check: password };
            const from = tab.funnel.length;
            await world.during(
              kind === 'pause'
                ? tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, ...check })
                : tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, ...check }),
            );
            const reads = () =>
              tab.funnel.slice(from).filter((e): e is Read => e.type === 'rg.restrictionsRead');
            for (let i = 0; i < 400 && reads().at(-1)?.status !== 'current'; i++) await world.advance(S, 250);

            const events = tab.funnel.slice(from);
            const types = typesOf(events);
            expect(types[0]).toBe('rg.changeRequested');
            const accepted = types.indexOf('rg.changeAccepted');
            expect(accepted).toBeGreaterThan(0);
            // No reading before the acceptance; the first event after it is one.
            expect(types.slice(0, accepted)).not.toContain('rg.restrictionsRead');
            expect(types[accepted + 1]).toBe('rg.restrictionsRead');
            // Every reading from the first that shows it on shows it in force, betting off, an
            // exclusion blocking the account. One read before the answer (held by the change, told
            // after its answer with the time it was read: REVIEW-Z Z-4) is told as read, before those.
            const at = (events[accepted] as { at: number }).at;
            const first = reads().findIndex((r) => r.inForce.includes(kind));
            expect(first).toBeGreaterThanOrEqual(0);
            for (const r of reads().slice(0, first)) expect(r.at).toBeLessThanOrEqual(at + 2 * S);
            for (const r of reads().slice(first)) {
              expect(r.inForce).toContain(kind);
              expect(r).toMatchObject({
                canBet: false,
                ...(kind === 'selfExclusion' && { accountBlocked: true }),
              });
            }
            // The re-read that shows it is told in the end.
            expect(reads().at(-1)).toMatchObject({ status: 'current', inForce: [kind] });
          } finally {
            tab.client.stop();
            world.tabs.splice(world.tabs.indexOf(tab), 1);
          }
        },
      ),
      { numRuns: 24 },
    );
  }, 240_000);
});
