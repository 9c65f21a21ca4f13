import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { sessionSteps } from '../machines/funnel/session-steps';
import { freeRestrictions } from './support/free-restrictions';

// The funnel's rg.limitChanged, field by field: a limit read again for the same login is told
// when its amount, period or active flag differs, and its pending change when the change's
// time, amount, period or active flag differs (each alone), never when nothing differs.

type Limit = {
  amount: number | null;
  period: 'daily' | 'weekly' | 'monthly' | null;
  active: boolean;
  pendingChange: {
    amount: number | null;
    period: 'daily' | 'weekly' | 'monthly' | null;
    active: boolean | null;
    effectiveAt: number | null;
  } | null;
};

const CHANGE = { amount: 300, period: 'weekly', active: true, effectiveAt: 5_000 } as const;
const DEPOSIT: Limit = { amount: 500, period: 'monthly', active: true, pendingChange: { ...CHANGE } };

/** The rg.limitChanged events after a read of `before`, then one of `after`, for one login. */
function limitEvents(before: Limit, after: Limit) {
  const told: { type: string }[] = [];
  const root = { sessionId: 'root', on: () => ({ unsubscribe() {} }) };
  const inspect = sessionSteps({
    emit: (e) => told.push(e),
    now: () => 0,
    serverNow: () => 0,
    timers: { setTimeout: () => 0, clearTimeout: () => {} },
    nextRun: () => 1,
    appSources: [],
    playerIs: () => {},
    attach: () => {},
    stopped: () => {},
  });
  inspect({ type: '@xstate.actor', actorRef: root, rootId: 'root' } as unknown as InspectionEvent);
  for (const [deposit, at] of [
    [before, 1_000],
    [after, 2_000],
  ] as const)
    inspect({
      type: '@xstate.snapshot',
      actorRef: root,
      rootId: 'root',
      event: { type: 'PROFILE' },
      snapshot: {
        status: 'active',
        context: { userId: 1, sid: 7, restrictions: freeRestrictions(at, { deposit }) },
        hasTag: (t: string) => t === 'signedIn',
      },
    } as unknown as InspectionEvent);
  return told.filter((e) => e.type === 'rg.limitChanged');
}

describe('funnel: rg.limitChanged by field', () => {
  it('tells nothing when the limit and its change are the same', () => {
    expect(limitEvents(DEPOSIT, { ...DEPOSIT, pendingChange: { ...CHANGE } })).toEqual([]);
  });

  it.each([
    ['amount', { amount: 400 }],
    ['period', { period: 'weekly' }],
    ['active', { active: false }],
  ] as const)('tells a limit whose %s alone differs, in force', (_, patch) => {
    expect(limitEvents(DEPOSIT, { ...DEPOSIT, ...patch, pendingChange: { ...CHANGE } })).toEqual([
      expect.objectContaining({ limit: 'deposit', pendingUntil: null }),
    ]);
  });

  it.each([
    ['effectiveAt', { effectiveAt: 6_000 }, 6_000],
    ['amount', { amount: 200 }, 5_000],
    ['period', { period: 'daily' }, 5_000],
    ['active', { active: false }, 5_000],
  ] as const)('tells a pending change whose %s alone differs, until its time', (_, patch, until) => {
    expect(limitEvents(DEPOSIT, { ...DEPOSIT, pendingChange: { ...CHANGE, ...patch } })).toEqual([
      expect.objectContaining({ limit: 'deposit', pendingUntil: until }),
    ]);
  });
});
