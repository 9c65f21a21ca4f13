import { describe, expect, it } from 'vitest';
import { compareLimit, restrictionsOf, SELF_EXCLUSION_PLATFORM_URL } from '../../src/index';
import { freeUserInfo } from '../support/free-user-info';

const utc = (s: string) => Date.parse(s);
const NOW = utc('2026-11-23T15:00:00Z'); // 12:00 in São Paulo

describe('restrictionsOf: each kind', () => {
  it('reports nothing in force for an empty, null or garbage userInfo, and nothing known (fail closed)', () => {
    for (const info of [null, undefined, 42, 'x', [], {}]) {
      const r = restrictionsOf(info, NOW);
      expect(r.inForce).toEqual([]);
      expect(r.pending).toEqual([]);
      // No flag answered: an exclusion may be in force (thirteenth pass).
      expect(r.canBet).toBe(false);
      expect(r.accountBlocked).toBe(true);
      expect(r.known).toBe(false);
      expect(r.limits.deposit).toEqual({
        kind: 'deposit',
        amount: null,
        period: null,
        active: false,
        pendingChange: null,
        known: false,
      });
    }
  });

  it('reports nothing for a profile that answers every field with none', () => {
    const r = restrictionsOf(freeUserInfo(), NOW);
    expect(r).toMatchObject({ inForce: [], pending: [], canBet: true, accountBlocked: false, known: true });
    expect(r.limits.deposit).toEqual({
      kind: 'deposit',
      amount: 0,
      period: 'monthly',
      active: false,
      pendingChange: null,
      known: true,
    });
  });

  it('reads a pause in force: blocks betting, keeps the account', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: 7,
        user_pause_at: '2026-11-20 09:00:00',
        user_pause_in: '2026-11-27 09:00:00',
        user_pause_min: null,
      }),
      NOW,
    );
    expect(r.inForce).toEqual([
      {
        kind: 'pause',
        imposedBy: 'self',
        since: utc('2026-11-20T12:00:00Z'),
        // Naive: the latest instant it may mean, 10 h after it reads (REVIEW-K 4).
        until: utc('2026-11-27T22:00:00Z'),
        permanent: false,
        indefinite: false,
        note: null,
        blocksAccount: false,
        earliestLiftAt: utc('2026-11-27T22:00:00Z'),
      },
    ]);
    expect(r.canBet).toBe(false);
    expect(r.accountBlocked).toBe(false);
  });

  it('leaves out a pause that ended and reports one that starts later as pending', () => {
    expect(
      restrictionsOf(
        freeUserInfo({ user_pause: 3, user_pause_at: '2026-11-01', user_pause_in: '2026-11-04' }),
        NOW,
      ).inForce,
    ).toEqual([]);
    const later = restrictionsOf(
      freeUserInfo({ user_pause: 3, user_pause_at: '2026-11-25', user_pause_in: '2026-11-28' }),
      NOW,
    );
    expect(later.inForce).toEqual([]);
    expect(later.pending.map((p) => p.kind)).toEqual(['pause']);
    expect(later.canBet).toBe(true);
  });

  it('derives a pause end from its start when _in is missing', () => {
    const r = restrictionsOf(
      freeUserInfo({ user_pause: 2, user_pause_at: '2026-11-22 10:00:00', user_pause_in: null }),
      NOW,
    );
    // Its naive start's latest meaning (10 h on: REVIEW-K 4) plus 2 days.
    expect(r.inForce[0]?.until).toBe(utc('2026-11-24T23:00:00Z'));
  });

  it('reads a permanent self-exclusion (-1): no end, never lifted from the client', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_exclusion: -1,
        user_exclusion_at: '2026-01-10 08:00:00',
        user_exclusion_in: null,
        user_exclusion_min: null,
      }),
      NOW,
    );
    expect(r.inForce).toMatchObject([
      {
        kind: 'selfExclusion',
        imposedBy: 'self',
        permanent: true,
        until: null,
        earliestLiftAt: null,
        blocksAccount: true,
      },
    ]);
    expect(r.accountBlocked).toBe(true);
  });

  it('reads a self-exclusion of N months, ending at _in or N calendar months after _at', () => {
    const given = restrictionsOf(
      freeUserInfo({
        user_exclusion: 6,
        user_exclusion_at: '2026-09-01',
        user_exclusion_in: '2027-03-01',
        user_exclusion_min: '2026-12-01',
      }),
      NOW,
    );
    expect(given.inForce[0]).toMatchObject({
      // Bare dates: the latest instant each may mean, 10 h after its São Paulo day is over
      // (REVIEW-K 4, REVIEW30 R30-1: "some time that day", never its first instant).
      until: utc('2027-03-02T13:00:00Z'),
      earliestLiftAt: utc('2026-12-02T13:00:00Z'),
      permanent: false,
    });
    const derived = restrictionsOf(
      freeUserInfo({ user_exclusion: 3, user_exclusion_at: '2026-09-15 10:00:00' }),
      NOW,
    );
    expect(derived.inForce[0]?.until).toBe(utc('2026-12-15T23:00:00Z'));
    expect(
      restrictionsOf(
        freeUserInfo({ user_exclusion: 3, user_exclusion_at: '2026-01-15', user_exclusion_in: '2026-04-15' }),
        NOW,
      ).inForce,
    ).toEqual([]);
  });

  it('reads operator and SPA exclusions: indefinite, with the note as given', () => {
    const r = restrictionsOf(
      freeUserInfo({
        operator_exclusion: 1,
        operator_exclusion_at: '2026-11-01 10:00:00',
        operator_exclusion_note: 'Fraude <b>suspeita</b>',
        spa_exclusion: 1,
        spa_exclusion_at: '2026-11-22T10:00:00Z',
        spa_exclusion_note: 'Cadastro SPA',
      }),
      NOW,
    );
    expect(r.inForce).toEqual([
      {
        kind: 'spaExclusion',
        imposedBy: 'spa',
        since: utc('2026-11-22T10:00:00Z'),
        until: null,
        permanent: false,
        indefinite: true,
        note: 'Cadastro SPA',
        blocksAccount: true,
        earliestLiftAt: null,
      },
      {
        kind: 'operatorExclusion',
        imposedBy: 'operator',
        since: utc('2026-11-01T13:00:00Z'),
        until: null,
        permanent: false,
        indefinite: true,
        note: 'Fraude <b>suspeita</b>',
        blocksAccount: true,
        earliestLiftAt: null,
      },
    ]);
  });

  it('orders everything strongest first: SPA > operator > self-exclusion > pause', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: 5,
        user_pause_at: '2026-11-22',
        user_exclusion: 12,
        user_exclusion_at: '2026-11-22',
        operator_exclusion: 1,
        spa_exclusion: 1,
      }),
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual([
      'spaExclusion',
      'operatorExclusion',
      'selfExclusion',
      'pause',
    ]);
  });

  it('ignores 0 and non-flag values of the exclusions', () => {
    const r = restrictionsOf(
      freeUserInfo({
        operator_exclusion: 0,
        spa_exclusion: 0,
        user_exclusion: 0,
        user_pause: 0,
        spa_exclusion_note: 'x',
      }),
      NOW,
    );
    expect(r.inForce).toEqual([]);
    expect(
      restrictionsOf(freeUserInfo({ spa_exclusion: 2, operator_exclusion: 'yes' }), NOW).inForce,
    ).toEqual([]);
  });
});

describe('restrictionsOf: limits', () => {
  it('reads amount, period, active flag and a pending change given as JSON', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_limit_deposit: 500,
        user_limit_deposit_active: 1,
        user_limit_deposit_period: 'monthly',
        user_limit_deposit_change:
          '{"amount":1000,"period":"monthly","active":1,"effective_at":"2026-11-24 12:00:00"}',
        user_limit_time: 60,
        user_limit_time_active: 0,
        user_limit_time_period: 'hourly',
      }),
      NOW,
    );
    expect(r.limits.deposit).toEqual({
      kind: 'deposit',
      amount: 500,
      period: 'monthly',
      active: true,
      pendingChange: {
        amount: 1000,
        period: 'monthly',
        active: true,
        // A raise written naive: held until the latest instant it may mean, 10 h on (REVIEW-R R-4).
        effectiveAt: utc('2026-11-25T01:00:00Z'),
      },
      known: true,
    });
    // 'hourly' is no period: the time limit is unknown, and so are the restrictions (fail closed).
    expect(r.limits.time).toEqual({
      kind: 'time',
      amount: 60,
      period: null,
      active: false,
      pendingChange: null,
      known: false,
    });
    expect(r.unreadable).toEqual(['user_limit_time_period']);
  });

  it('reads a bare timestamp as a change pending then (unknown once due), none for {}, unknown for garbage', () => {
    const pending = restrictionsOf(freeUserInfo({ user_limit_loss_change: '2026-11-25 00:00:00' }), NOW)
      .limits.loss.pendingChange;
    expect(pending).toEqual({
      amount: null,
      period: null,
      active: null,
      // Values unknown: held late as a looser one (only looser changes wait on the server), from
      // 10 h after it reads (REVIEW29B; before, 18 h early barred a player who raised a limit).
      effectiveAt: utc('2026-11-25T13:00:00Z'),
    });
    // Once due, its values unknown: the limit is unknown (REVIEW29A-7), never the old one shown known.
    const due = restrictionsOf(freeUserInfo({ user_limit_loss_change: '2026-11-20 00:00:00' }), NOW);
    expect(due.limits.loss).toMatchObject({ pendingChange: null, known: false });
    expect([due.unreadable, due.canBet]).toEqual([['user_limit_loss_change'], false]);
    const later = restrictionsOf(freeUserInfo({ user_limit_loss_change: 'later' }), NOW);
    expect(later.limits.loss).toMatchObject({ pendingChange: null, known: false });
    expect(later.unreadable).toEqual(['user_limit_loss_change']);
    expect(
      restrictionsOf(freeUserInfo({ user_limit_loss_change: '{}' }), NOW).limits.loss.pendingChange,
    ).toBeNull();
    expect(restrictionsOf(freeUserInfo({ user_limit_loss_change: '[1]' }), NOW).limits.loss).toMatchObject({
      pendingChange: null,
      known: false,
    });
  });
});

describe('compareLimit', () => {
  it('compares amounts within one period', () => {
    expect(compareLimit({ amount: 500, period: 'monthly' }, { amount: 300, period: 'monthly' })).toBe(
      'stricter',
    );
    expect(compareLimit({ amount: 500, period: 'monthly' }, { amount: 800, period: 'monthly' })).toBe(
      'looser',
    );
    expect(compareLimit({ amount: 500, period: 'monthly' }, { amount: 500, period: 'monthly' })).toBe('same');
  });
  it('treats no limit (inactive, no amount) as the loosest', () => {
    expect(
      compareLimit({ amount: 500, period: 'daily', active: false }, { amount: 500, period: 'daily' }),
    ).toBe('stricter');
    expect(compareLimit({ amount: 500, period: 'daily' }, { amount: null })).toBe('looser');
    expect(compareLimit({ amount: null }, { amount: 10, active: 0 })).toBe('same');
  });
  it('across periods: stricter only if no more per period and per day', () => {
    expect(compareLimit({ amount: 500, period: 'weekly' }, { amount: 50, period: 'daily' })).toBe('stricter');
    expect(compareLimit({ amount: 500, period: 'weekly' }, { amount: 100, period: 'daily' })).toBe('looser');
    expect(compareLimit({ amount: 100, period: 'daily' }, { amount: 500, period: 'weekly' })).toBe('looser');
    expect(compareLimit({ amount: 100, period: null }, { amount: 50, period: 'daily' })).toBe('looser');
  });
});

it('exports the SPA self-exclusion platform address', () => {
  expect(SELF_EXCLUSION_PLATFORM_URL).toBe('https://www.gov.br/autoexclusaoapostas');
});

describe('a pending change that may tighten is due at its earliest reading (REVIEW-R R-4, REVIEW29A-5, -6)', () => {
  it('a lower amount, a limit switched on, a stricter period: 18 h early; a looser one (a raise, a longer reach): 10 h on', () => {
    const at = (change: string, over: Record<string, unknown> = {}) =>
      restrictionsOf(
        freeUserInfo({
          user_limit_deposit: 500,
          user_limit_deposit_active: 1,
          user_limit_deposit_period: 'monthly',
          user_limit_deposit_change: change,
          ...over,
        }),
        NOW,
      ).limits.deposit.pendingChange?.effectiveAt;
    const when = '"effective_at":"2026-11-24 12:00:00"';
    // 2026-11-24 12:00 in São Paulo is 15:00 UTC: 18 hours before, or 10 hours after.
    const early = utc('2026-11-23T21:00:00Z');
    const late = utc('2026-11-25T01:00:00Z');
    expect(at(`{"amount":100,${when}}`)).toBe(early);
    expect(at(`{"amount":10,"period":"daily",${when}}`)).toBe(early); // 310 in a 31-day month
    expect(at(`{"active":1,${when}}`, { user_limit_deposit_active: 0 })).toBe(early);
    expect(at(`{"amount":500,${when}}`)).toBe(early); // the same: nothing proven looser
    expect(at(`{"amount":900,${when}}`)).toBe(late);
    expect(at(`{"period":"daily",${when}}`)).toBe(late); // 500 a day: looser than 500 a month
    expect(at(`{"active":0,${when}}`)).toBe(late);
    // With a zone: exact, either way.
    expect(at('{"amount":100,"effective_at":"2026-11-24T12:00:00-03:00"}')).toBe(utc('2026-11-24T15:00:00Z'));
    expect(at('{"amount":900,"effective_at":"2026-11-24T12:00:00-03:00"}')).toBe(utc('2026-11-24T15:00:00Z'));
  });
});
