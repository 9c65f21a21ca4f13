import { describe, expect, it } from 'vitest';
import { restrictionsOf, transformWalletResponse } from '../../src/index';
import { freeUserInfo } from '../support/free-user-info';
import { clientsFor, signedIn, useReferenceServer } from '../support/server';

// Issue 23: tolerant reading of responses. A PHP back end with PDO's emulated prepares sends every
// column as a string; booleans come as 1/0/"1"/"0". One reader takes them all; a restriction field
// it still cannot read makes the restrictions unknown, never the profile, the wallet or sign-in fail.

const NOW = Date.parse('2026-11-23T15:00:00Z'); // 12:00 in São Paulo
const ctx = useReferenceServer();

/** Every scalar of `value` as PDO would send it: numbers and booleans as strings. */
function pdo(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pdo);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pdo(v)]));
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return value;
}

describe('restrictionsOf reads what a real back end sends', () => {
  it('reads numeric strings, padded strings and booleans for amounts, flags and months', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_pause: ' 7 ',
        user_pause_at: '2026-11-20 09:00:00',
        user_pause_in: '2026-11-27 09:00:00',
        user_exclusion: '-1',
        user_exclusion_at: '2026-01-10 08:00:00',
        operator_exclusion: true,
        spa_exclusion: '0',
        user_limit_deposit: '100.00',
        user_limit_deposit_active: '1',
        user_limit_deposit_period: 'weekly',
        user_limit_loss: 250,
        user_limit_loss_active: true,
        user_limit_loss_period: 'monthly',
        user_limit_time: '0',
        user_limit_time_active: 0,
      }),
      NOW,
    );
    expect(r.inForce.map((x) => x.kind)).toEqual(['operatorExclusion', 'selfExclusion', 'pause']);
    expect(r.inForce.find((x) => x.kind === 'selfExclusion')?.permanent).toBe(true);
    expect(r.limits.deposit).toMatchObject({ amount: 100, active: true, period: 'weekly' });
    expect(r.limits.loss).toMatchObject({ amount: 250, active: true });
    expect(r.limits.time).toMatchObject({ amount: 0, active: false });
    expect(r.known).toBe(true);
    expect(r.unreadable).toEqual([]);
  });

  it('reports a restriction field it cannot read as unknown: canBet false, the field named', () => {
    for (const [field, value] of [
      ['spa_exclusion', 'yes'],
      ['operator_exclusion', 2],
      ['user_pause', 'sete'],
      ['user_exclusion', {}],
      ['user_limit_loss', 'NaN'],
      ['user_limit_loss_active', 'maybe'],
    ] as const) {
      const r = restrictionsOf(freeUserInfo({ [field]: value }), NOW);
      expect(r.known, field).toBe(false);
      expect(r.unreadable, field).toEqual([field]);
      expect(r.canBet, field).toBe(false);
    }
  });

  it('reads null fields as not set, and absent flags and limit fields as unknown (the profile carries them)', () => {
    const r = restrictionsOf(
      freeUserInfo({ spa_exclusion: null, user_pause: null, user_limit_deposit: null }),
      NOW,
    );
    expect(r.known).toBe(true);
    expect(r.canBet).toBe(true);
    const absent = restrictionsOf(
      { user_exclusion: 0, operator_exclusion: 0, user_limit_deposit: null },
      NOW,
    );
    expect(absent.unreadable.slice(0, 2)).toEqual(['spa_exclusion', 'user_pause']);
    expect(absent).toMatchObject({ known: false, canBet: false, accountBlocked: true });
  });
});

describe('responses of a PDO back end (every column a string) over a real socket', () => {
  it('signs in when the login answer carries strings and 1/0 for numbers and booleans', async () => {
    const { auth } = clientsFor(ctx.server);
    const good = await auth.login({
      login: ctx.server.seed.plain.email,
      password: ctx.server.seed.plain.password,
    });
    ctx.server.faults.add({ path: '/auth/login', status: 200, body: pdo(good), times: 1 });
    const answer = await auth.login({
      login: ctx.server.seed.plain.email,
      password: ctx.server.seed.plain.password,
    });
    expect(answer.type).toBeUndefined();
    expect(answer).toMatchObject({
      expires_in: Number((good as { expires_in: number }).expires_in),
      user: { id: ctx.server.seed.plain.id },
      userInfo: { two_factor_enabled: false, login_attempt_qty: 0 },
    });
  });

  it('signs in when optional columns are NULL (a NULL column reads as absent)', async () => {
    const { auth } = clientsFor(ctx.server);
    const login = { login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password };
    const good = (await auth.login(login)) as Record<string, unknown> & { user: object; userInfo: object };
    const body = {
      ...good,
      user: {
        ...good.user,
        phone: null,
        gender: null,
        is_active: null,
        document: { type: 'cpf', number: null },
      },
      userInfo: { ...good.userInfo, two_factor_type: null, login_at: null },
    };
    ctx.server.faults.add({ path: '/auth/login', status: 200, body, times: 1 });
    const answer = (await auth.login(login)) as {
      user: Record<string, unknown>;
      userInfo: Record<string, unknown>;
    };
    expect(answer.user.phone).toBeUndefined();
    expect(answer.user.document).toEqual({ type: 'cpf' });
    expect(answer.userInfo.two_factor_type).toBeUndefined();
    expect(answer.userInfo.login_at).toBeNull();
  });

  it('reads the profile and its restrictions when every field is a string', async () => {
    const { auth } = signedIn(ctx.server, ctx.server.seed.paused.id);
    const good = await auth.getUserProfile();
    ctx.server.faults.add({ path: '/auth/user-profile', status: 200, body: pdo(good), times: 1 });
    const profile = await auth.getUserProfile();
    expect(profile.user.id).toBe(ctx.server.seed.paused.id);
    expect(profile.userInfo.user_pause).toBe(good.userInfo.user_pause);
    const r = restrictionsOf(profile.userInfo);
    expect(r.known).toBe(true);
    expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
  });

  it('keeps the profile when a restriction field cannot be read, and restrictionsOf says unknown', async () => {
    const { auth } = signedIn(ctx.server);
    const good = await auth.getUserProfile();
    const body = { ...good, userInfo: { ...good.userInfo, spa_exclusion: 'talvez' } };
    ctx.server.faults.add({ path: '/auth/user-profile', status: 200, body, times: 1 });
    const profile = await auth.getUserProfile();
    const r = restrictionsOf(profile.userInfo);
    expect(r.known).toBe(false);
    expect(r.unreadable).toEqual(['spa_exclusion']);
    expect(r.canBet).toBe(false);
  });

  it('reads a negative or absurd expires_in as an unknown expiry, not an invalid answer', async () => {
    const { auth } = clientsFor(ctx.server);
    const login = { login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password };
    const good = await auth.login(login);
    for (const expires_in of [-1, '-3600', 1e308]) {
      ctx.server.faults.add({ path: '/auth/login', status: 200, body: { ...good, expires_in }, times: 1 });
      const answer = await auth.login(login);
      expect(answer.type).toBeUndefined();
      expect((answer as { expires_in: unknown }).expires_in).toBeNull();
    }
  });
});

describe('the wallet uses the same reader', () => {
  it('reads padded numeric strings and textual booleans', () => {
    const w = transformWalletResponse({
      real: { credit: ' 7 ', withdraw_enabled: ' true ', wallet_id: '12' },
    });
    expect(w.real).toMatchObject({ credit: 7, withdrawEnabled: true, walletId: 12 });
  });
});
