import fc from 'fast-check';
import { missingMandatoryLimits } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { freeUserInfo } from '../support/free-user-info';

// `missingMandatoryLimits(userInfo)` without a time cannot know whether a pending change
// (`user_limit_<kind>_change`) has applied, whatever its date. It used to read the profile at epoch
// 0, so a change dated 1900-1969 (or 1970-01-01 00:00 UTC) counted as applied: a limit the player
// never had was reported set. Then (to REVIEW29A-2) a pending change never counted, so a change
// that switched a mandatory limit off was never seen. Without a time it now lists a limit missing
// with its change applied or without it (fail closed): at least what any time lists.

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A server time from 1900 to 2100, naive (São Paulo) or in UTC: pre-1970 ones included. */
const serverTime = fc
  .record({
    at: fc.date({
      min: new Date('1900-01-02T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    zone: fc.constantFrom('', 'Z', '+00:00', '-03:00'),
  })
  .map(({ at, zone }) => {
    const d = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
    const t = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
    return zone === '' ? `${d} ${t}` : `${d}T${t}${zone}`;
  });
const effectiveAt = fc.oneof(
  serverTime,
  fc.constantFrom(
    '1969-12-31 21:00:00',
    '1970-01-01T00:00:00Z',
    '1950-06-01 10:00:00',
    '1900-01-02 00:00:00',
  ),
);
const value = fc.constantFrom<unknown>(null, 0, 1, 500, '60', true, false, 'daily', 'weekly', 'yearly');
const change = fc
  .record(
    {
      amount: fc.oneof(value, fc.nat(10_000)),
      period: fc.oneof(value, fc.constantFrom('daily', 'weekly', 'monthly')),
      active: fc.oneof(value, fc.constantFrom(true, 1)),
      effective_at: effectiveAt,
    },
    { requiredKeys: ['effective_at'] },
  )
  .map((c) => JSON.stringify(c));
const limit = (kind: 'loss' | 'time') =>
  fc.record({
    [`user_limit_${kind}`]: value,
    [`user_limit_${kind}_active`]: value,
    [`user_limit_${kind}_period`]: value,
    [`user_limit_${kind}_change`]: fc.oneof(change, effectiveAt, fc.constant(null)),
  });
const withoutChanges = (info: Record<string, unknown>) => ({
  ...info,
  user_limit_loss_change: null,
  user_limit_time_change: null,
});

describe('missingMandatoryLimits without a time (fail closed: REVIEW29A-2)', () => {
  it('without a time, every limit missing without its changes or at any time (1900-2100) is listed', () => {
    let more = 0;
    fc.assert(
      fc.property(limit('loss'), limit('time'), fc.integer({ min: 1e12, max: 4.2e12 }), (loss, time, at) => {
        const info = freeUserInfo({ ...loss, ...time });
        const undated = missingMandatoryLimits(info);
        for (const kind of [
          ...missingMandatoryLimits(withoutChanges(info)),
          ...missingMandatoryLimits(info, at),
        ])
          expect(undated).toContain(kind);
        if (undated.length > missingMandatoryLimits(withoutChanges(info)).length) more++;
      }),
      // A set loss limit with a change that switches it off is always tried: the check below is
      // never left to luck.
      {
        numRuns: 3000,
        examples: [
          [
            {
              user_limit_loss: 500,
              user_limit_loss_active: true,
              user_limit_loss_period: 'daily',
              user_limit_loss_change: JSON.stringify({ active: false, effective_at: '2030-01-02 10:00:00' }),
            },
            {
              user_limit_time: 500,
              user_limit_time_active: true,
              user_limit_time_period: 'weekly',
              user_limit_time_change: null,
            },
            1.8e12,
          ],
        ],
      },
    );
    expect(more).toBeGreaterThan(0); // not vacuous: some changes switch a limit off (or are unreadable)
  });

  it('a limit the player never set, with a change to set it dated 1960, is missing', () => {
    const set = (at: string) =>
      JSON.stringify({ amount: 100, period: 'daily', active: true, effective_at: at });
    for (const at of [
      '1960-05-01 12:00:00',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:00:00Z',
      '2099-01-01 00:00:00',
    ])
      expect(
        missingMandatoryLimits(
          freeUserInfo({ user_limit_loss_change: set(at), user_limit_time_change: set(at) }),
        ),
      ).toEqual(['loss', 'time']);
  });
});
