// Probes of how restrictions are read from a profile answer that held (review 87): they pass on the
// current code and pin what was checked beside the failing tests of this folder.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { restrictionsOf } from '../../src/index';
import { serverRestrictions } from '../../src/server/seed';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';

const NOW = Date.parse('2026-11-23T15:00:00Z'); // 12:00 in São Paulo

describe('exclusion flags in odd forms never read as "not excluded" unless they say 0/false', () => {
  it.each([1, '1', ' 1 ', '1.00', '+1', '1e0', true, 'true', 'TRUE ', 'True'])(
    'spa_exclusion %j: in force',
    (v) => {
      const r = restrictionsOf(freeUserInfo({ spa_exclusion: v }), NOW);
      expect(r).toMatchObject({ canBet: false, accountBlocked: true });
      expect(r.inForce.map((x) => x.kind)).toEqual(['spaExclusion']);
    },
  );
  it.each([2, -1, 0.5, 'yes', 'sim', 'on', 'null', '', ' ', [1], {}, '0x1', NaN, undefined])(
    'operator_exclusion %j: unknown, blocked',
    (v) => {
      const r = restrictionsOf(freeUserInfo({ operator_exclusion: v }), NOW);
      expect(r).toMatchObject({ canBet: false, accountBlocked: true, known: false });
    },
  );
  it('SPA excluded while the operator says not excluded: SPA in force', () => {
    const r = restrictionsOf(freeUserInfo({ spa_exclusion: 1, operator_exclusion: 0 }), NOW);
    expect(r.inForce.map((x) => x.kind)).toEqual(['spaExclusion']);
    expect(r.accountBlocked).toBe(true);
  });
});

describe('dates in other formats fail closed', () => {
  it.each([
    1764234000,
    '1764234000',
    '1764234000000',
    '27/11/2026',
    '2026-11-27 09',
    '2026-11-27 09:00:00 -03:00',
    'Fri, 27 Nov 2026 09:00:00 GMT',
    '0000-00-00 00:00:00',
    '1969-12-31 21:00:00',
    ' ',
  ])('a 7-day pause ending %j: not free', (end) => {
    const r = restrictionsOf(
      freeUserInfo({ user_pause: 7, user_pause_at: '2026-11-22 09:00:00', user_pause_in: end }),
      NOW,
    );
    expect(r.canBet).toBe(false);
  });
  it.each(['2030-01-01 00:00:00', 'garbage', 1893456000, '0000-00-00 00:00:00.000000'])(
    'user_exclusion 0 beside a date %j ahead or unreadable: unknown, blocked',
    (at) => {
      const r = restrictionsOf(freeUserInfo({ user_exclusion: 0, user_exclusion_in: at }), NOW);
      expect(r).toMatchObject({ canBet: false, accountBlocked: true });
    },
  );
  it('a permanent self-exclusion beside a past end is in force', () => {
    const r = restrictionsOf(
      freeUserInfo({ user_exclusion: '-1', user_exclusion_in: '2020-01-01 00:00:00' }),
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['selfExclusion']);
  });
  it('a bare zero-date change on a loss limit of 0 is unknown, not applied', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_limit_loss: 0,
        user_limit_loss_active: 1,
        user_limit_loss_period: 'daily',
        user_limit_loss_change: '1969-12-31 21:00:00',
      }),
      NOW,
    );
    expect(r.canBet).toBe(false);
  });
});

describe('time edges', () => {
  it('a pause starting exactly 18 h ahead (zoned) is in force; 1 s later, pending', () => {
    const at = (s: string) => restrictionsOf(freeUserInfo({ user_pause: 7, user_pause_at: s }), NOW);
    expect(at('2026-11-24T09:00:00Z').canBet).toBe(false);
    expect(at('2026-11-24T09:00:01Z').pending.map((x) => x.kind)).toEqual(['pause']);
  });
  it.each([
    ['2008-11-24', NOW, true],
    ['2008-11-23', NOW, false],
    ['2008-11-24T00:00:00.000000Z', NOW, true],
    // 23:59:59 on Nov 23 in São Paulo is already Nov 24 in UTC: still 17.
    ['2008-11-24', Date.parse('2026-11-24T02:59:59Z'), true],
    ['2008-11-24', Date.parse('2026-11-24T03:00:00Z'), false],
    ['2008-02-29', Date.parse('2026-03-01T02:59:59Z'), true],
    ['2008-02-29', Date.parse('2026-03-01T03:00:00Z'), false],
  ] as const)('birth_date %s at %d: under 18 %s', (birth, now, minor) => {
    const r = restrictionsOf(freeUserInfo(), now, { birth_date: birth });
    expect(r.inForce.some((x) => x.kind === 'underAge')).toBe(minor);
    expect(r.canBet).toBe(!minor);
  });
});

describe('server render: standing', () => {
  it('is_active false (boolean): unknown, no betting', () => {
    const r = serverRestrictions({ cancelled_account: false, is_active: false }, freeUserInfo(), NOW);
    expect(r).toMatchObject({ canBet: false, accountBlocked: true, status: 'unknown' });
  });
});

describe("createPamClient's view (control for change-epoch-zero-effective)", () => {
  const clients: PamClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  it('a loss limit of 0 with no change: no betting', async () => {
    const kit = createReferenceFetch();
    const fetch = profileRewritingFetch(kit, (u) =>
      Object.assign(u, {
        user_limit_loss: 0,
        user_limit_loss_active: 1,
        user_limit_loss_period: 'daily',
        user_limit_loss_change: null,
      }),
    );
    const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null } });
    clients.push(c);
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.restrictions?.checkedAt != null, 'the profile read applied');
    expect(c.view.restrictions?.canBet).toBe(false);
    expect(c.view.restrictions?.inForce.map((x) => x.kind)).toContain('lossLimitZero');
  });
});
