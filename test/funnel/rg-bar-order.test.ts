import type { FunnelEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// REVIEW-Y Y-10: a pause or self-exclusion accepted told an `rg.restrictionsRead` (the kept bar:
// `stale`, `inForce: []`, `accountBlocked: false`) BEFORE `rg.changeAccepted`: a trail read "nothing
// in force, account not blocked" for an account just excluded. docs/events.md: `rg.changeRequested`,
// `stepUp.*`, `rg.changeAccepted`, then the readings, each with the restriction in force.

const world = useWorld({ reportStepMs: 2 * S });

type Read = Extract<FunnelEvent, { type: 'rg.restrictionsRead' }>;

/** The events of the change from its request on, once its re-read was told. */
async function change(kind: 'pause' | 'selfExclusion', stepUp: boolean) {
  const { password } = world.server.seed.plain;
  const tab = funnelTab(world, stepUp ? { onStepUp: async () => password } : {});
  await logIn(world, tab);
  for (let i = 0; i < 200 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
    await world.advance(50, 50);
  tab.funnel.length = 0;
  const check = stepUp ? {} : { password_check: password };
  await world.during(
    kind === 'pause'
      ? tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, ...check })
      : tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, ...check }),
  );
  const current = () => tab.funnel.some((e) => e.type === 'rg.restrictionsRead' && e.status === 'current');
  for (let i = 0; i < 200 && !current(); i++) await world.advance(50, 50);
  return tab.funnel;
}

describe('funnelEvents(): a pause or self-exclusion is accepted, then read in force (Y-10)', () => {
  for (const kind of ['pause', 'selfExclusion'] as const)
    for (const stepUp of [false, true])
      it(`${kind}${stepUp ? ' with a step-up' : ''}: no reading before the acceptance, none without it`, async () => {
        const events = await change(kind, stepUp);
        const rg = typesOf(events).filter((t) => t !== 'rg.restrictionsRead');
        expect(rg).toEqual([
          'rg.changeRequested',
          ...(stepUp ? ['stepUp.started', 'stepUp.completed'] : []),
          'rg.changeAccepted',
        ]);
        const accepted = typesOf(events).indexOf('rg.changeAccepted');
        const reads = events.filter((e): e is Read => e.type === 'rg.restrictionsRead');
        // The first event after the acceptance is a reading; every reading comes after it.
        expect(events[accepted + 1]?.type).toBe('rg.restrictionsRead');
        expect(events.findIndex((e) => e.type === 'rg.restrictionsRead')).toBe(accepted + 1);
        // Each shows what the client enforces: the restriction in force, no betting, and for an
        // exclusion the account blocked; the last is the re-read's (current).
        for (const r of reads)
          expect(r).toMatchObject({ inForce: [kind], canBet: false, accountBlocked: kind !== 'pause' });
        expect(reads.at(-1)?.status).toBe('current');
      });
});

describe('funnelEvents(): a self-exclusion whose outcome is unknown (a 502) is barred, and told so', () => {
  it('changeFailed first, then readings with the exclusion the client enforces in force', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    for (let i = 0; i < 200 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
      await world.advance(50, 50);
    tab.funnel.length = 0;
    world.server.faults.add({ path: '/bff/users/self-exclusion', status: 502, times: 1 });
    const { password } = world.server.seed.plain;
    await world.during(
      tab.client.user
        .setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password })
        .catch(() => {}),
    );
    await world.advance(5 * S, 100);
    const types = typesOf(tab.funnel);
    expect(types.slice(0, 2)).toEqual(['rg.changeRequested', 'rg.changeFailed']);
    const reads = tab.funnel.filter((e): e is Read => e.type === 'rg.restrictionsRead');
    expect(reads.length).toBeGreaterThan(0);
    // Maybe applied: barred as accepted (review 7, M1), never told "nothing in force".
    for (const r of reads)
      expect(r).toMatchObject({ inForce: ['selfExclusion'], canBet: false, accountBlocked: true });
  });
});
