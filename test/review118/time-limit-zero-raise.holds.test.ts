// Review 118: an active time limit of 0 whose raise is pending (a looser change waits: docs/
// responsible-gaming.md), and a pause or self-exclusion answered with fields the client cannot
// read: never shown free to bet.
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/index';
import { freeUserInfo } from '../support/free-user-info';

const NOW = Date.parse('2026-11-23T15:00:00Z'); // 12:00 in São Paulo
const zero = (over: Record<string, unknown> = {}) =>
  freeUserInfo({ user_limit_time: 0, user_limit_time_active: 1, user_limit_time_period: 'daily', ...over });
const change = (o: Record<string, unknown>) => JSON.stringify(o);

describe('review 118 (probes): a time limit of 0 with its raise pending', () => {
  const barred: Record<string, Record<string, unknown>> = {
    'raise to 60, effective in 2 h': {
      user_limit_time_change: change({ amount: 60, effective_at: '2026-11-23 14:00:00' }),
    },
    'raise to 60, effective 1 h ago (naive: may be later)': {
      user_limit_time_change: change({ amount: 60, effective_at: '2026-11-23 11:00:00' }),
    },
    'switched off, effective 9 h ago (naive)': {
      user_limit_time_change: change({ active: 0, effective_at: '2026-11-23 03:00:00' }),
    },
    'a bare timestamp 1 h ago (values unknown)': { user_limit_time_change: '2026-11-23 11:00:00' },
    'a bare timestamp a day ago (due, values unknown)': { user_limit_time_change: '2026-11-22 11:00:00' },
    'an unreadable change (amount "abc")': {
      user_limit_time_change: change({ amount: 'abc', effective_at: '2026-11-22 11:00:00' }),
    },
    'a change of PHP zero date': {
      user_limit_time_change: change({ amount: 60, effective_at: '0000-00-00 00:00:00' }),
    },
    'a change as an array': {
      user_limit_time_change: [change({ amount: 60, effective_at: '2026-11-22 11:00:00' })],
    },
    'amount "0.00", flag "1.00" (PDO strings)': { user_limit_time: '0.00', user_limit_time_active: '1.00' },
    'amount "-0"': { user_limit_time: '-0' },
    'amount "0e5"': { user_limit_time: '0e5' },
  };
  for (const [name, over] of Object.entries(barred))
    it(`${name}: canBet false`, () => {
      const r = restrictionsOf(zero(over), NOW);
      expect(r.canBet).toBe(false);
    });

  it('probe: the raise applied long ago (a day, with `Z`) frees the player (the check can fail)', () => {
    const r = restrictionsOf(
      zero({ user_limit_time_change: change({ amount: 60, effective_at: '2026-11-22T12:00:00Z' }) }),
      NOW,
    );
    expect(r.canBet).toBe(true);
  });
});

describe('review 118 (probes): a pause or self-exclusion the client cannot read', () => {
  const pause = (o: Record<string, unknown>) =>
    freeUserInfo({
      user_pause: 7,
      user_pause_at: '2026-11-20 09:00:00',
      user_pause_in: '2026-11-27 09:00:00',
      ...o,
    });
  const excl = (o: Record<string, unknown>) =>
    freeUserInfo({
      user_exclusion: 6,
      user_exclusion_at: '2026-11-20 09:00:00',
      user_exclusion_in: null,
      ...o,
    });
  const cases: Record<string, Record<string, unknown>> = {
    'pause days "abc"': pause({ user_pause: 'abc' }),
    'pause days [7]': pause({ user_pause: [7] }),
    'pause days {}': pause({ user_pause: {} }),
    'pause days true': pause({ user_pause: true }),
    'pause days "7 days"': pause({ user_pause: '7 days' }),
    'pause start garbage': pause({ user_pause_at: 'garbage' }),
    'pause end garbage': pause({ user_pause_in: 'soon' }),
    'pause end an object': pause({ user_pause_in: { date: '2026-11-27' } }),
    'pause end a number': pause({ user_pause_in: 1795000000 }),
    'pause min garbage': pause({ user_pause_min: 'x' }),
    'pause absent days, dates set': pause({ user_pause: undefined }),
    'pause 0 days, end ahead': pause({ user_pause: 0 }),
    'exclusion 7 months (not in the set)': excl({ user_exclusion: 7 }),
    'exclusion "six"': excl({ user_exclusion: 'six' }),
    'exclusion start garbage': excl({
      user_exclusion_at: 'garbage',
      user_exclusion_in: '2027-05-20 09:00:00',
    }),
    'exclusion end garbage': excl({ user_exclusion_in: 'never' }),
    'exclusion min an array': excl({ user_exclusion_min: ['2027-01-01'] }),
    'exclusion -1 with garbage start': excl({ user_exclusion: -1, user_exclusion_at: '??' }),
    'exclusion 0 with its end ahead': excl({ user_exclusion: 0, user_exclusion_in: '2027-05-20 09:00:00' }),
  };
  for (const [name, info] of Object.entries(cases))
    it(`${name}: canBet false`, () => {
      expect(restrictionsOf(info, NOW).canBet).toBe(false);
    });
});
