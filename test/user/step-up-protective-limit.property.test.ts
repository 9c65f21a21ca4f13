import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StepUpRequiredError } from '../../src/errors/base';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { compareLimit, type LimitSetting } from '../../src/responsible-gaming/limits';
import type { LimitsInForce } from '../../src/user/protective';
import { stepUpAttemptsOf } from '../../src/user/step-up-attempts';
import { useReferenceServer } from '../support/server';

// REVIEW29A-3 as a property, over real sockets (reference server): generated limit changes (kinds,
// fields, amounts, periods, flags, the password given or asked for by the server) against
// generated limits in force (`limits`: known, unknown, missing, none at all) in every lock state.
// A password reaches the server exactly when the count lets one go (open, one left) or the change is
// protective: it sets a limit and every kind it sends is stricter or the same (`compareLimit`) once
// its fields not sent are taken from the limit in force and an amount without its flag is active.
// Otherwise `step_up_locked`, no password sent.

const ctx = useReferenceServer();
const T0 = Date.parse('2026-12-02T15:00:00Z');
const PASSWORD = 'Secret123!';
const KINDS = ['deposit', 'bet', 'loss', 'time'] as const;
const PERIODS = ['daily', 'weekly', 'monthly'] as const;
type Lock = 'open' | 'oneLeft' | 'locked' | 'pending';

const field = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const change = fc.record({
  amount: field(fc.integer({ min: 0, max: 1_000 })),
  active: field(fc.constantFrom(0 as const, 1 as const)),
  period: field(fc.constantFrom(...PERIODS)),
});
const payloadArb = fc
  .record({ deposit: change, bet: change, loss: change, time: change }, { requiredKeys: [] })
  .map((kinds) => {
    const p: Record<string, unknown> = {};
    for (const [kind, c] of Object.entries(kinds)) {
      if (c.amount !== undefined) p[`user_limit_${kind}`] = c.amount;
      if (c.active !== undefined) p[`user_limit_${kind}_active`] = c.active;
      if (c.period !== undefined) p[`user_limit_${kind}_period`] = c.period;
    }
    return p;
  })
  .filter((p) => Object.keys(p).length > 0);
const inForce: fc.Arbitrary<LimitSetting> = fc.record({
  amount: fc.option(fc.integer({ min: 0, max: 1_000 })),
  active: fc.boolean(),
  period: fc.constantFrom(...PERIODS),
  known: fc.constantFrom(true, true, true, false),
});
const limitsArb = fc.option(
  fc.record({ deposit: inForce, bet: inForce, loss: inForce, time: inForce }, { requiredKeys: [] }),
);

/** The oracle, written from the rule (the server keeps a field not sent; an amount alone is active). */
function protective(p: Record<string, unknown>, limits: LimitsInForce | null): boolean {
  let kinds = 0;
  for (const kind of KINDS) {
    const f = `user_limit_${kind}`;
    if (!(f in p || `${f}_active` in p || `${f}_period` in p)) continue;
    kinds++;
    const now = limits?.[kind];
    if (!now) return false;
    const active = p[`${f}_active`] ?? (f in p ? 1 : now.active);
    const next = {
      amount: f in p ? (p[f] as number) : now.amount,
      active,
      period: p[`${f}_period`] ?? now.period,
    };
    if (compareLimit(now, next as LimitSetting) === 'looser') return false;
  }
  return kinds > 0;
}

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

const wrong = () => new StepUpRequiredError({ status: 422, method: 'PATCH', path: '/x' }, 'invalid');

describe('REVIEW29A-3: the step-up lock and limit changes (property, reference server)', () => {
  it('a password goes while locked exactly for a change that is stricter or the same in every kind it sends', async () => {
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    let protectiveSeen = 0;
    let refusedSeen = 0;
    await fc.assert(
      fc.asyncProperty(
        payloadArb,
        limitsArb,
        fc.constantFrom<Lock>('open', 'oneLeft', 'locked', 'pending'),
        fc.constantFrom('given', 'asked'),
        async (payload, limits, lock, how) => {
          ctx.server.faults.clear();
          const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token });
          const user = createUserModule(http, {
            signedIn: () => ({ userId: 1 }),
            serverNow: () => T0,
            storage: memory(),
            limits: () => limits,
          });
          // The count's state, set through its own API (wrong passwords answered, or on their way).
          const attempts = () => stepUpAttemptsOf(http);
          const wrongs = { open: 0, oneLeft: 2, locked: 3, pending: 0 }[lock];
          for (let i = 0; i < wrongs; i++) attempts().settle(attempts().reserve(), wrong());
          if (lock === 'pending') for (let i = 0; i < 3; i++) attempts().reserve();
          if (how === 'asked')
            ctx.server.faults.add({
              path: '/bff/users/update-limits',
              status: 422,
              body: { code: 'password_check_required', errors: { password_check: ['required'] } },
              times: 1,
            });
          const before = ctx.server.requests.length;
          const outcome = await user
            .updateLimits(how === 'given' ? { ...payload, password_check: PASSWORD } : payload, {
              onStepUp: async () => PASSWORD,
            })
            .then(
              () => 'sent',
              (e: { code?: string }) => e.code,
            );
          const sent = ctx.server.requests.slice(before).filter((r) => r.path === '/bff/users/update-limits');
          const withPassword = sent.filter(
            (r) => (r.body as Record<string, unknown>).password_check === PASSWORD,
          );
          const goes = lock === 'open' || lock === 'oneLeft' || protective(payload, limits);
          if (goes && lock !== 'open' && lock !== 'oneLeft') protectiveSeen++;
          if (!goes) refusedSeen++;
          expect(withPassword.length).toBe(goes ? 1 : 0);
          expect(outcome === 'step_up_locked').toBe(!goes);
          // Refused: nothing sent at all when the password was given; the first try only when asked.
          expect(sent.length).toBe(goes ? (how === 'asked' ? 2 : 1) : how === 'asked' ? 1 : 0);
        },
      ),
      // Both sides while locked are always tried (a generated run is protective while locked about
      // 6 times in 150): the coverage checks below are never left to luck.
      {
        numRuns: 150,
        examples: [
          [
            { user_limit_loss: 50 },
            { loss: { amount: 100, active: true, period: 'daily', known: true } },
            'locked',
            'given',
          ],
          [
            { user_limit_loss: 500 },
            { loss: { amount: 100, active: true, period: 'daily', known: true } },
            'pending',
            'asked',
          ],
        ],
      },
    );
    // The generators reach both sides while locked.
    expect(protectiveSeen).toBeGreaterThan(0);
    expect(refusedSeen).toBeGreaterThan(0);
  });

  it('limits that cannot be read (a getter that throws) make no change protective: refused, nothing sent', async () => {
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token });
    const user = createUserModule(http, {
      signedIn: () => ({ userId: 1 }),
      serverNow: () => T0,
      storage: memory(),
      limits: () => {
        throw new Error('unreadable');
      },
    });
    for (let i = 0; i < 3; i++) stepUpAttemptsOf(http).settle(stepUpAttemptsOf(http).reserve(), wrong());
    await expect(
      user.updateLimits({ user_limit_loss: 0, user_limit_loss_period: 'daily', password_check: PASSWORD }),
    ).rejects.toMatchObject({ code: 'step_up_locked' });
    expect(ctx.server.requests.filter((r) => r.path === '/bff/users/update-limits')).toEqual([]);
  });
});
