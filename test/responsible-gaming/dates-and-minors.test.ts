import { describe, expect, it } from 'vitest';
import { brazilDayOf, nextBrazilMidnight } from '../../machines/clock';
import { missingMandatoryLimits } from '../../src/responsible-gaming/mandatory';
import { isAtLeastYearsOld, parseServerTime } from '../../src/responsible-gaming/time';
import { MINOR_CPF } from '../../src/testing/documents';
import { clientsFor, useReferenceServer } from '../support/server';

// Issue 23 defect 9: a year before 1900 is garbage (null), like 2025-02-29: no restriction, pause
// or birth date is read from one. Defect 10: the reference server refuses a minor by the CPF
// register's birth date, whatever birth date the form sent.

const NOW = Date.parse('2026-11-23T15:00:00Z');

describe('impossible years are garbage', () => {
  it('reads no timestamp before 1900 (nor an impossible day)', () => {
    for (const s of [
      '0000-01-01 00:00:00',
      '0001-01-01',
      '1899-12-31 23:59:59',
      '1000-06-15T10:00:00Z',
      '2025-02-29',
    ]) {
      expect(parseServerTime(s), s).toBeNull();
    }
    expect(parseServerTime('1900-01-01')).not.toBeNull();
  });

  it('never calls someone born before 1900 (or on a garbage date) an adult', () => {
    expect(isAtLeastYearsOld('0001-01-01', 18, NOW)).toBe(false);
    expect(isAtLeastYearsOld('1899-05-01', 18, NOW)).toBe(false);
    expect(isAtLeastYearsOld('1950-05-01', 18, NOW)).toBe(true);
  });
});

describe('São Paulo days of server time', () => {
  it('names the São Paulo day of a timestamp and the next midnight there', () => {
    expect(brazilDayOf(Date.parse('2026-11-24T02:59:59Z'))).toBe('2026-11-23');
    expect(brazilDayOf(Date.parse('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
    expect(nextBrazilMidnight(Date.parse('2026-11-23T15:00:00Z'))).toBe(Date.parse('2026-11-24T03:00:00Z'));
    expect(nextBrazilMidnight(Date.parse('2026-11-24T03:00:00Z'))).toBe(Date.parse('2026-11-25T03:00:00Z'));
    expect(brazilDayOf(Number.NaN)).toBeNull();
  });
});

describe('missingMandatoryLimits (Portaria SPA/MF 2.579/2025: loss and time)', () => {
  it('lists the mandatory limits the player has not set, fail closed on what cannot be read', () => {
    expect(missingMandatoryLimits({})).toEqual(['loss', 'time']);
    expect(missingMandatoryLimits(null)).toEqual(['loss', 'time']);
    const both = {
      user_limit_loss: '500.00',
      user_limit_loss_active: '1',
      user_limit_loss_period: 'monthly',
      user_limit_time: 120,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
    };
    expect(missingMandatoryLimits(both)).toEqual([]);
    expect(missingMandatoryLimits({ ...both, user_limit_time_active: 0 })).toEqual(['time']);
    expect(missingMandatoryLimits({ ...both, user_limit_loss: 'muito' })).toEqual(['loss']);
    expect(missingMandatoryLimits({ ...both, user_limit_loss_period: 'hourly' })).toEqual(['loss']);
    // Zero is a limit (it allows nothing): set.
    expect(missingMandatoryLimits({ ...both, user_limit_loss: 0 })).toEqual([]);
  });
});

describe('reference server: minors by the CPF register', () => {
  const ctx = useReferenceServer();
  const base = {
    email: 'menor@example.com',
    password: 'Str0ng!Passw0rd',
    country: 'BR',
    nationalities: '["BR"]',
    optIn: true,
  };

  it('refuses a CPF whose register birth date is under 18, with a 422 on the document field', async () => {
    for (const extra of [{}, { birth_date: '1990-01-01' }]) {
      const res = await fetch(`${ctx.server.url}/auth/register-simplified`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...base, number: MINOR_CPF, ...extra }),
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toContain('number');
    }
    const { auth } = clientsFor(ctx.server);
    await expect(auth.registerSimplified({ ...base, number: MINOR_CPF })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { number: [expect.stringMatching(/18/)] },
    });
  });
});

describe('restrictionsOf fails closed on time it cannot trust', async () => {
  const { restrictionsOf } = await import('../../src/responsible-gaming/restrictions');

  it('an exclusion with no end is in force once read, even dated ahead of our clock', () => {
    const ahead = '2026-11-23 18:00:00'; // three hours after NOW in São Paulo
    for (const info of [
      { spa_exclusion: 1, spa_exclusion_at: ahead },
      { operator_exclusion: '1', operator_exclusion_at: ahead },
      { user_exclusion: -1, user_exclusion_at: ahead },
    ]) {
      const r = restrictionsOf(info, NOW);
      expect(r.canBet).toBe(false);
      expect(r.accountBlocked).toBe(true);
      expect(r.pending).toEqual([]);
    }
    // One with an end waits for a start more than 18 h ahead (a scheduled one); one 3 h ahead may
    // be now in another zone (naive UTC), so it is in force (review MED-2).
    const soon = restrictionsOf({ user_pause: 2, user_pause_at: ahead }, NOW);
    expect(soon.inForce.map((x) => x.kind)).toEqual(['pause']);
    expect(soon.canBet).toBe(false);
    const later = restrictionsOf({ user_pause: 2, user_pause_at: '2026-11-24 12:00:00' }, NOW);
    expect(later.pending.map((x) => x.kind)).toEqual(['pause']);
  });

  it('a pending limit change whose time has come shows as applied', () => {
    const r = restrictionsOf(
      {
        user_limit_deposit: 100,
        user_limit_deposit_active: 1,
        user_limit_deposit_period: 'daily',
        user_limit_deposit_change:
          '{"amount":"500","period":"weekly","active":1,"effective_at":"2026-11-23 01:00:00"}',
      },
      NOW,
    );
    expect(r.limits.deposit).toMatchObject({
      amount: 500,
      period: 'weekly',
      active: true,
      pendingChange: null,
    });
  });
});
