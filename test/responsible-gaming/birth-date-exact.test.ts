import { describe, expect, it } from 'vitest';
import { isAtLeastYearsOld } from '../../src/responsible-gaming/time';
import { RegisterSimplifiedPayload } from '../../src/schemas/auth';

// REVIEW-L 2 (eleventh pass): a registration `birth_date` was checked on its first 10 characters
// only, so garbage after a date was sent, and a date-time whose São Paulo day is the next one
// ('2008-11-30T23:59:59-12:00' is 1 December there: 17 years old) passed as 18. The message says
// `YYYY-MM-DD`: only that is read; anything else is refused before sending.

// 2026-11-30 23:30 in São Paulo.
const NOW = Date.parse('2026-12-01T02:30:00Z');
const base = {
  email: 'p@example.com',
  password: 'Secret123!',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
};

describe('birth_date is a date, YYYY-MM-DD, nothing more', () => {
  it.each([
    '2008-11-30garbage',
    '2008-11-30T99:99',
    '2008-11-30T23:59:59-12:00',
    '2008-11-30 00:00:00',
    '2008-11-30Z',
    ' 2008-11-30',
    '2008-11-30\n',
    '2008-11-30\u00a0',
    '\u20282008-11-30',
  ])('%s is refused', (value) => {
    expect(isAtLeastYearsOld(value, 18, NOW)).toBe(false);
  });

  it('a plain date is read as before (18 on the day, in São Paulo)', () => {
    expect(isAtLeastYearsOld('2008-11-30', 18, NOW)).toBe(true);
    expect(isAtLeastYearsOld('2008-12-01', 18, NOW)).toBe(false);
  });

  it('the payload with a suffixed birth_date is invalid, naming the field', () => {
    const r = RegisterSimplifiedPayload.safeParse({ ...base, birth_date: '1990-05-01garbage' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['birth_date']);
    expect(RegisterSimplifiedPayload.safeParse({ ...base, birth_date: '1990-05-01' }).success).toBe(true);
  });
});
