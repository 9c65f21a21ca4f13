import fc from 'fast-check';
import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { D, freeInfo, H, spDateKey } from './oracle';

// Review 127: the 18th birthday (Lei 14.790 art. 26; docs "Age"): of age from the São Paulo
// midnight of the 18th birthday (29 February: 1 March), never by the UTC date. Clocks on the UTC
// midnight of the birthday (still the eve in São Paulo), the São Paulo midnight, and 1 ms around.

const pad = (n: number) => String(n).padStart(2, '0');
const dateArb = fc
  .record({
    y: fc.integer({ min: 1990, max: 2009 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .filter(({ y, m, d }) => new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d);

/** The docs' 18th birthday as a São Paulo date key: 29 February -> 1 March in a common year. */
function adultKey(y: number, m: number, d: number) {
  const t = new Date(Date.UTC(y + 18, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

describe('under 18 at the birthday edges (review 127)', () => {
  it('barred while the São Paulo date is before the 18th birthday, free from it', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom('bare', 'naive', 'laravel'),
        fc.constantFrom(-2 * H, -1, 0, 1, 3 * H - 1, 3 * H, 3 * H + 1, 20 * H, 27 * H - 1, 27 * H),
        ({ y, m, d }, f, off) => {
          const key = adultKey(y, m, d);
          const [ay, am, ad] = key.split('-').map(Number) as [number, number, number];
          const now = Date.UTC(ay, am - 1, ad) + off; // around the birthday's UTC midnight
          const text = `${y}-${pad(m)}-${pad(d)}`;
          const birth = f === 'bare' ? text : f === 'naive' ? `${text} 00:00:00` : `${text}T00:00:00.000000Z`;
          const r = restrictionsOf(freeInfo(), now, { birth_date: birth });
          const minor = spDateKey(now) < key;
          expect({ canBet: r.canBet, underAge: r.inForce.some((x) => x.kind === 'underAge') }).toEqual({
            canBet: !minor,
            underAge: minor,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a minor stays barred a whole day before: the UTC birthday (21:00 the eve in São Paulo) frees no one', () => {
    const now = Date.UTC(2026, 4, 14, 1, 0); // 13 May 22:00 in São Paulo
    const r = restrictionsOf(freeInfo(), now, { birth_date: '2008-05-14' });
    expect(r).toMatchObject({ canBet: false, accountBlocked: true });
    expect(restrictionsOf(freeInfo(), now + 2 * H, { birth_date: '2008-05-14' }).canBet).toBe(true);
    expect(D).toBe(86_400_000);
  });
});
