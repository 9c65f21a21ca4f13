import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionRestrictionsOf } from '../../machines/session/profile-rules';
import { missingMandatoryLimits, restrictionsOf } from '../../src/responsible-gaming/index';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW-R R-7: an ACTIVE limit with an amount whose period cannot be read (`_period` null, or a
// period the client does not know) is a limit in force whose period is unknown: fail closed
// (`known` false, named in `unreadable`, `canBet` false), the same verdict `missingMandatoryLimits`
// and the session give. Only an inactive limit, or one with no amount, is "no limit".

const NOW = Date.parse('2026-11-23T15:00:00Z');
const ABSENT = Symbol('absent');
const K = 'user_limit_time';

/** A field as a server may send it: readable, null, absent or garbled. */
const amount = fc.constantFrom<unknown>(0, 60, '90', '30.00', null, ABSENT, 'abc', -5, [], {});
const active = fc.constantFrom<unknown>(0, 1, true, false, '1', '0', null, ABSENT, 2, 'yes', {});
const period = fc.constantFrom<unknown>('daily', 'weekly', ' monthly ', null, ABSENT, 'yearly', '', 7, {});
const change = fc.constantFrom<unknown>(
  null,
  ABSENT,
  '{"amount":30,"effective_at":"2026-11-20 10:00:00"}',
  '{"active":1,"amount":30,"effective_at":"2026-11-20 10:00:00"}',
  '{"period":"daily","effective_at":"2026-11-20 10:00:00"}',
  '{"active":1,"period":"weekly","effective_at":"2026-11-30 10:00:00"}',
);

const infoOf = (f: Record<string, unknown>) => {
  const info = freeUserInfo();
  for (const [k, v] of Object.entries(f)) {
    if (v === ABSENT) delete info[k];
    else info[k] = v;
  }
  return info;
};

describe('an active limit whose period cannot be read (R-7)', () => {
  it('is unknown: known false, named, canBet false (restrictionsOf and the session)', () => {
    const info = freeUserInfo({ [K]: 60, [`${K}_active`]: 1, [`${K}_period`]: null });
    const r = restrictionsOf(info, NOW);
    expect(r.limits.time.known).toBe(false);
    expect(r.known).toBe(false);
    expect(r.unreadable).toEqual([`${K}_period`]);
    expect(r.canBet).toBe(false);
    const s = sessionRestrictionsOf(info, {
      readAt: NOW,
      failed: false,
      now: NOW,
      user: { cancelled_account: false },
    });
    expect(s.canBet).toBe(false);
    expect(s.missingMandatoryLimits).toContain('time');
    // An inactive one, or one with no amount, is no limit: read as before.
    for (const over of [{ [`${K}_active`]: 0 }, { [K]: null }])
      expect(restrictionsOf({ ...info, ...over }, NOW)).toMatchObject({ known: true, canBet: true });
  });

  it('canBet is never true when an active time limit cannot be fully read; every reader agrees', () => {
    fc.assert(
      fc.property(amount, active, period, change, (a, ac, p, c) => {
        const info = infoOf({ [K]: a, [`${K}_active`]: ac, [`${K}_period`]: p, [`${K}_change`]: c });
        const r = restrictionsOf(info, NOW);
        const t = r.limits.time;
        // Fully read and active with an amount: the period is read too.
        if (t.known && t.active && t.amount !== null) expect(t.period).not.toBeNull();
        // An active limit with an amount whose period is not one the client reads: never free.
        const activeRead = [1, true, '1'].includes(ac as never);
        const amountRead = [0, 60, '90', '30.00'].includes(a as never);
        const periodRead = ['daily', 'weekly', ' monthly '].includes(p as never);
        const due = typeof c === 'string' && c.includes('11-20');
        if (activeRead && amountRead && !periodRead && !(due && c.includes('period'))) {
          expect(r.canBet).toBe(false);
          expect(r.unreadable).toContain(`${K}_period`);
          // The session reads the same fields (due changes applied) through the same reader.
          const s = sessionRestrictionsOf(info, {
            readAt: NOW,
            failed: false,
            now: NOW,
            user: { cancelled_account: false },
          });
          expect(s.canBet).toBe(false);
        }
        if (!t.known) expect(r.canBet).toBe(false);
        // The mandatory-limit reader and the session say "set" only for a limit read whole.
        if (!missingMandatoryLimits(info).includes('time'))
          expect(t.known && t.active && t.amount !== null && t.period !== null).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
