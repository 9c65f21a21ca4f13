import { describe, expect, it } from 'vitest';
import { secret, secretValuesOf, secretValuesOfQuery } from '../../src/secrets/secret';

describe('secretValuesOf', () => {
  it('finds the values of secret keys at any depth, and every Secret', () => {
    const cyclic: Record<string, unknown> = { password: 'p1' };
    cyclic.self = cyclic;
    const found = secretValuesOf({
      login: 'ana',
      password: 'p1',
      meta: { code: 123456, list: [{ captchaToken: 'c1' }], token: null },
      password_check: secret('p2'),
      other: secret('s3'),
      refresh_token: { nested: ['r1', 'r2'] },
      cyclic,
    });
    expect(found.sort()).toEqual(['123456', 'c1', 'p1', 'p1', 'p2', 'r1', 'r2', 's3']);
    expect(secretValuesOf('plain')).toEqual([]);
    expect(secretValuesOf(undefined)).toEqual([]);
  });

  it('finds secret query parameters', () => {
    expect(secretValuesOfQuery('/x?code=1%2F2&page=3&access_token=t#frag')).toEqual(['1/2', 't']);
    expect(secretValuesOfQuery('/x')).toEqual([]);
  });
});

describe('secretValuesOfQuery: the query read as URLSearchParams reads it', () => {
  it('finds every secret parameter, written plainly, encoded or after a second `?`', () => {
    expect(secretValuesOfQuery('/x??code=1')).toEqual(['1']);
    expect(secretValuesOfQuery('/x?pass%77ord=p&page=1')).toEqual(['p']);
    expect(secretValuesOfQuery('/x?page=1&two+factor=x&two_factor_code=9')).toEqual(['9']);
    expect(secretValuesOfQuery('/x?page=1&code')).toEqual([]);
  });
});
