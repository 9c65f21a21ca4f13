import { describe, expect, it } from 'vitest';
import { serverRestrictions } from '../../src/server/seed';
import { freeUserInfo } from '../support/free-user-info';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const OPEN = { cancelled_account: false };
/** Every restriction flag and limit field answered, nothing in force (spec 2.12). */
const CLEAR = freeUserInfo();

describe('serverRestrictions (the server render)', () => {
  it('an SPA exclusion dated ahead of our clock is in force from the read (never "can bet")', () => {
    const r = serverRestrictions(
      OPEN,
      { ...CLEAR, spa_exclusion: 1, spa_exclusion_at: '2026-12-01T00:00:00Z' },
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['spaExclusion']);
    expect(r.accountBlocked).toBe(true);
    expect(r.canBet).toBe(false);
  });

  it('a read that does not answer every exclusion flag is unknown, and cannot bet', () => {
    const { spa_exclusion: _, ...partial } = CLEAR;
    const r = serverRestrictions(OPEN, partial, NOW);
    expect(r.status).toBe('unknown');
    expect(r.canBet).toBe(false);
  });

  it('an exclusion flag sent as null says nothing either: unknown, and cannot bet (D4)', () => {
    for (const key of ['spa_exclusion', 'operator_exclusion', 'user_exclusion']) {
      const r = serverRestrictions(OPEN, { ...CLEAR, [key]: null }, NOW);
      expect(r.status).toBe('unknown');
      expect(r.canBet).toBe(false);
    }
  });

  it('a clear read is current', () => {
    expect(serverRestrictions(OPEN, CLEAR, NOW).status).toBe('current');
  });
});
