import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_KEY_SET, SECRET_KEYS, secretValuesOfQuery } from '../../src/secrets/secret';

/** What the adapter must scrub of a path's query: every non-empty value of a secret name, as URLSearchParams reads it. */
function reference(path: string): string[] {
  const start = path.indexOf('?');
  if (start === -1) return [];
  const query = path.slice(start + 1).split('#')[0] ?? '';
  return [...new URLSearchParams(query)].filter(([k, v]) => SECRET_KEY_SET.has(k) && v).map(([, v]) => v);
}

// Pieces a query is made of: the secret names, parts of them, their encoded forms, and the
// characters URLSearchParams reads specially.
const escaped = fc.tuple(fc.constantFrom(...SECRET_KEYS), fc.nat(), fc.boolean()).map(([name, at, upper]) => {
  const i = at % name.length;
  const hex = name.charCodeAt(i).toString(16);
  return `${name.slice(0, i)}%${upper ? hex.toUpperCase() : hex}${name.slice(i + 1)}`;
});
const piece = fc.oneof(
  fc.constantFrom(...SECRET_KEYS),
  escaped,
  fc.constantFrom('pass', 'word', 'code', '_', 'two', 'factor', 'page', '1', 'x'),
  fc.constantFrom('%', '%25', '%5F', '%5f', '%61', '%70', '+', ' ', '&', '=', '?', '#', ';'),
  fc.string({ maxLength: 3 }),
);

describe('secretValuesOfQuery: what the adapter scrubs of a query, read as URLSearchParams reads it', () => {
  it('finds the same values as URLSearchParams for any query', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/x?${pieces.join('')}`;
        expect(secretValuesOfQuery(path)).toEqual(reference(path));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a secret name written with an escape, and none in a query without a name', () => {
    expect(secretValuesOfQuery('/x?%63ode=1&page=2')).toEqual(['1']);
    expect(secretValuesOfQuery('/x?acc%65ss_token=t')).toEqual(['t']);
    expect(secretValuesOfQuery('/x?page=2&sort=code_asc')).toEqual([]);
    expect(secretValuesOfQuery('/x?page=1')).toEqual([]);
  });
});
