import { describe, expect, it } from 'vitest';
import { SECRET_KEYS, secretValuesOfQuery } from '../../src/secrets/secret';

// Issue 33 (speed): `secretValuesOfQuery` parses a query only when it has a `%` or one of the
// pieces every secret name holds (`password`, `code`, `oken`). A name added to SECRET_KEYS
// without one of them would be skipped: each name is asked here, as written and encoded.
describe('secretValuesOfQuery: the query prefilter skips no secret name', () => {
  it.each(SECRET_KEYS)('finds %s, written as it is and with an escape', (name) => {
    expect(secretValuesOfQuery(`/x?page=1&${name}=v1#f`)).toEqual(['v1']);
    expect(
      secretValuesOfQuery(`/x?${name.slice(0, -1)}%${name.charCodeAt(name.length - 1).toString(16)}=v2`),
    ).toEqual(['v2']);
    expect(/password|code|oken/.test(name)).toBe(true);
  });

  it('finds nothing where a piece stands without a name, and nothing in a query without one', () => {
    expect(secretValuesOfQuery('/x?broken=1&codes=2&passwords=3')).toEqual([]);
    expect(secretValuesOfQuery('/x?page=1')).toEqual([]);
    expect(secretValuesOfQuery('/x')).toEqual([]);
  });
});
