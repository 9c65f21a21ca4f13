import { describe, expect, it } from 'vitest';
import { parseStoredSession } from '../../src/session/token';

describe('parseStoredSession', () => {
  const good = { accessToken: 'a', tokenType: 'Bearer', expiresAt: null, savedAt: 1 };

  it('returns a frozen copy of a valid session, dropping foreign keys', () => {
    const parsed = parseStoredSession({ ...good, userId: 3, extra: 'x' });
    expect(parsed).toEqual({ ...good, userId: 3 });
    expect(Object.isFrozen(parsed)).toBe(true);
  });

  it.each([
    null,
    'a',
    42,
    [],
    {},
    { ...good, accessToken: '' },
    { ...good, savedAt: '1' },
    { ...good, expiresAt: 'soon' },
    { ...good, userId: 'me' },
  ])('discards %j', (value) => {
    expect(parseStoredSession(value)).toBeNull();
  });
});
