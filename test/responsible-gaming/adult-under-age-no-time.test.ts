// REVIEW29B (LOW, contract): with no time (`now` that is no plausible instant: NaN, 0, the
// session's clock giving none) `underAgeOf` puts `underAge` in force for EVERY player with a
// birth date, a 46-year-old too: `inForce[0]` says "under 18, account closed" (`imposedBy:
// 'law'`, `blocksAccount`), and the docs' own example shows that banner
// (`if (r.accountBlocked) showBanner(r.inForce[0])`). Unknown is right (`known` false, no
// betting); a claim the read disproves is not: no plausible instant of a profile read is before
// 2001-09-09 (`restrictionsOf`'s rule), when someone born in 1980 was already 21. Root:
// src/responsible-gaming/restriction-fields.ts `underAgeOf` (`now >= until` false for NaN).
import { restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { freeUserInfo } from '../support/free-user-info';

describe('REVIEW29B: no time makes every adult "under 18"', () => {
  for (const now of [Number.NaN, 0])
    test(`born 1980-01-01, now ${now}: unknown, never underAge in force`, () => {
      const r = restrictionsOf(freeUserInfo(), now, { id: 1, birth_date: '1980-01-01' });
      expect(r.canBet).toBe(false);
      expect(r.inForce.map((x) => x.kind)).not.toContain('underAge');
    });
  test('born 2010-06-01 (not 18 at 2001-09-09), no time: age unknown, account blocked, no underAge claimed', () => {
    const r = restrictionsOf(freeUserInfo(), Number.NaN, { id: 1, birth_date: '2010-06-01' });
    expect(r.unreadable).toEqual(['now', 'birth_date']);
    expect([r.accountBlocked, r.canBet, r.known]).toEqual([true, false, false]);
    expect(r.inForce.map((x) => x.kind)).not.toContain('underAge');
  });
});
