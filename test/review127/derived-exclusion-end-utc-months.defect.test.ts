import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { freeInfo } from './oracle';

// Review 127: a self-exclusion with no `_in` ends at `_at` + N months. The docs count the months
// "in São Paulo"; for a NAIVE `_at` they also hold the end until the latest instant any writer's
// zone may mean (+10 h). A `_at` written with `Z` (Laravel's JSON of a UTC Carbon) is taken as exact,
// but its months are still counted on São Paulo's calendar: at a month's end the two calendars
// disagree by DAYS (28 Feb 22:00 in São Paulo is 1 March 01:00 UTC). A server counting its months in
// UTC (Laravel's default zone) holds the exclusion to 1 June 01:00Z; the client frees the player on
// 29 May 01:00Z: three days early. Fail closed (docs "Fail closed": what the client cannot know,
// here which calendar the server counts months on, is never shown as allowed): it should hold until
// the latest end either calendar gives.

describe('derived self-exclusion end, months counted on another calendar (review 127)', () => {
  it('3 months from 2026-03-01T01:00:00Z: still excluded on 30 May (UTC months end 1 June)', () => {
    const info = {
      ...freeInfo(),
      user_exclusion: 3,
      user_exclusion_at: '2026-03-01T01:00:00Z',
      user_exclusion_in: null,
    };
    const now = Date.UTC(2026, 4, 30, 12); // 30 May 2026, 09:00 in São Paulo
    const r = restrictionsOf(info, now);
    expect(r).toMatchObject({ canBet: false, accountBlocked: true });
    expect(r.inForce.map((x) => x.kind)).toContain('selfExclusion');
  });

  it('3 months from 2026-05-01T01:00:00Z (30 April in São Paulo): still excluded on 31 July 12:00Z (UTC months end 1 August)', () => {
    const info = {
      ...freeInfo(),
      user_exclusion: 3,
      user_exclusion_at: '2026-05-01T01:00:00Z',
      user_exclusion_in: null,
    };
    const r = restrictionsOf(info, Date.UTC(2026, 6, 31, 12));
    expect(r).toMatchObject({ canBet: false, accountBlocked: true });
  });
});
