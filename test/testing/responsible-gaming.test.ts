import { type ReferenceServer, SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Answer, call, login, manualClock } from './helpers';

// Issue 13 on the server: the step-up for sensitive changes, pending limit increases, naive
// São Paulo timestamps, the SPA check of the profile fetch and the responsible-gaming seeds.

const { plain } = SEED_ACCOUNTS;
const PROFILE = '/auth/user-profile?check_spa_again=1';
const HOUR = 60 * 60 * 1000;

const REQUIRED = {
  message: 'Confirm your password to make this change.',
  code: 'password_check_required',
  errors: { password_check: ['The password check field is required for this change.'] },
};
const INVALID_CHECK = {
  message: 'The password confirmation is incorrect.',
  code: 'password_check_invalid',
  errors: { password_check: ['The password is incorrect.'] },
};

describe('reference server: responsible gaming', () => {
  const clock = manualClock(); // 2025-03-01T12:00:00Z = 09:00 in São Paulo
  let server: ReferenceServer;
  let token: string;
  const as = (method: string, path: string, body?: unknown): Promise<Answer> =>
    call(server, method, path, { token, body });
  const info = async (path = PROFILE) => (await as('GET', path)).json.userInfo;

  beforeAll(async () => {
    server = await startReferenceServer({ now: clock.now, tokenTtlSeconds: 7 * 24 * 60 * 60 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    clock.set(clock.start);
    server.reset();
    token = server.issueToken(plain.id);
  });

  const SENSITIVE: [string, string, Record<string, unknown>][] = [
    ['PATCH', '/bff/users/self-email', { email: 'ana.new@example.com' }],
    ['PATCH', '/bff/users/add-phone', { phone: '11911112222', ddi: '55' }],
    [
      'PATCH',
      '/bff/users/update-address',
      { street: 'Rua B, 2', city: 'Santos', state: 'SP', zipcode: '11000-000' },
    ],
    ['POST', '/users/update/1', { email: 'ana.new@example.com' }],
    ['POST', '/users/update/1', { phone: '11911112222' }],
    ['POST', '/users/update/1', { zipcode: '11000-000' }],
    ['PATCH', '/bff/users/timeout-limits', { user_pause: 3, reason: 1 }],
    ['PATCH', '/bff/users/self-exclusion', { user_exclusion: 6, reason: 1 }],
  ];

  it.each(SENSITIVE)(
    '%s %s %j needs password_check: 422 required, 422 invalid, then 200',
    async (method, path, body) => {
      const before = await as('GET', PROFILE);
      const missing = await as(method, path, body);
      expect([missing.status, missing.json]).toEqual([422, REQUIRED]);
      const wrong = await as(method, path, { ...body, password_check: 'not-the-password' });
      expect([wrong.status, wrong.json]).toEqual([422, INVALID_CHECK]);
      expect((await as('GET', PROFILE)).json).toEqual(before.json); // nothing changed
      const right = await as(method, path, { ...body, password_check: plain.password, kyc_id: 7 });
      expect(right.status).toBe(200);
    },
  );

  it('asks nothing for changes that are not sensitive, but checks a password_check that is sent', async () => {
    expect((await as('POST', '/users/update/1', { first_name: 'Ana Clara' })).status).toBe(200);
    expect((await as('POST', '/users/update/1', { phone: '11987654321' })).status).toBe(200); // unchanged
    const wrong = await as('POST', '/users/update/1', { first_name: 'X', password_check: 'nope' });
    expect(wrong.json).toEqual(INVALID_CHECK);
    const stricter = await as('PATCH', '/bff/users/update-limits', {
      user_limit_loss: 200,
      user_limit_loss_active: 1,
    });
    expect(stricter.status).toBe(200);
  });

  it('applies a stricter limit at once and holds a looser one for 24 hours, with the password', async () => {
    const set = {
      user_limit_deposit: 100,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'weekly',
    };
    expect((await as('PATCH', '/bff/users/update-limits', set)).status).toBe(200);
    expect(await info()).toMatchObject({ ...set, user_limit_deposit_change: null });

    const lower = await as('PATCH', '/bff/users/update-limits', { user_limit_deposit: 50 });
    expect(lower.status).toBe(200);
    expect(await info()).toMatchObject({ user_limit_deposit: 50, user_limit_deposit_change: null });

    const higher = { user_limit_deposit: 300 };
    expect((await as('PATCH', '/bff/users/update-limits', higher)).json).toEqual(REQUIRED);
    const accepted = await as('PATCH', '/bff/users/update-limits', {
      ...higher,
      password_check: plain.password,
    });
    expect(accepted.json).toEqual({
      success: true,
      message: 'Limits updated. An increase takes effect in 24 hours.',
    });
    const pending = await info();
    expect(pending.user_limit_deposit).toBe(50);
    expect(JSON.parse(pending.user_limit_deposit_change)).toEqual({
      amount: 300,
      period: 'weekly',
      active: 1,
      effective_at: '2025-03-02 09:00:00',
    });

    clock.advance(24 * HOUR - 1);
    expect((await info()).user_limit_deposit).toBe(50);
    clock.advance(1);
    expect(await info()).toMatchObject({ user_limit_deposit: 300, user_limit_deposit_change: null });
  });

  it('counts deactivating, raising and a period that lets more through as looser; a stricter change cancels a pending one', async () => {
    const password_check = plain.password;
    await as('PATCH', '/bff/users/update-limits', {
      user_limit_bet: 100,
      user_limit_bet_active: 1,
      user_limit_bet_period: 'daily',
    });
    for (const looser of [
      { user_limit_bet_active: 0 },
      // Amount 0 allows nothing (docs/responsible-gaming.md): raising the amount is what loosens.
      { user_limit_bet: 101 },
      // By proof (compareLimit): 150 a week lets 150 through in one day, more than 100.
      { user_limit_bet: 150, user_limit_bet_period: 'weekly' },
    ]) {
      expect((await as('PATCH', '/bff/users/update-limits', looser)).json.code).toBe(
        'password_check_required',
      );
    }
    await as('PATCH', '/bff/users/update-limits', { user_limit_bet_active: 0, password_check });
    expect(JSON.parse((await info()).user_limit_bet_change)).toMatchObject({ active: 0, amount: 100 });
    // One looser kind in a request makes the whole request need the password.
    const mixed = { user_limit_loss: 10, user_limit_loss_active: 1, user_limit_bet: 500 };
    expect((await as('PATCH', '/bff/users/update-limits', mixed)).json.code).toBe('password_check_required');
    const stricter = await as('PATCH', '/bff/users/update-limits', { user_limit_bet: 80 });
    expect(stricter.status).toBe(200);
    expect(await info()).toMatchObject({
      user_limit_bet: 80,
      user_limit_bet_active: 1,
      user_limit_bet_change: null,
    });
  });

  it('seeds a paused, a self-excluded, a pending-limit and a time-limited player who can all sign in', async () => {
    const seeds = [
      SEED_ACCOUNTS.paused,
      SEED_ACCOUNTS.selfExcluded,
      SEED_ACCOUNTS.pendingLimit,
      SEED_ACCOUNTS.timeLimit,
    ];
    const infos = [];
    for (const account of seeds) {
      token = await login(server, account);
      infos.push(await info());
    }
    const [paused, excluded, pending, timed] = infos;
    expect(paused).toMatchObject({
      user_pause: 7,
      user_pause_at: '2025-02-27 09:00:00',
      user_pause_in: '2025-03-06 09:00:00',
      user_pause_min: null,
      user_exclusion: 0,
    });
    expect(excluded).toMatchObject({
      user_exclusion: 6,
      user_exclusion_at: '2025-02-19 09:00:00',
      user_exclusion_in: '2025-08-19 09:00:00',
      user_exclusion_min: null,
    });
    expect(pending).toMatchObject({
      user_limit_deposit: 100,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'daily',
    });
    expect(JSON.parse(pending.user_limit_deposit_change)).toEqual({
      amount: 500,
      period: 'daily',
      active: 1,
      effective_at: '2025-03-01 21:00:00',
    });
    expect(timed).toMatchObject({
      user_limit_time: 1,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
    });
    for (const userInfo of infos) expect(userInfo).toMatchObject({ spa_exclusion: 0, operator_exclusion: 0 });
  });

  it('seeds an operator exclusion with its date and note', async () => {
    token = await login(server, SEED_ACCOUNTS.operatorExcluded);
    expect(await info()).toMatchObject({
      operator_exclusion: 1,
      operator_exclusion_at: '2025-02-26 09:00:00',
      operator_exclusion_note: 'Conta suspensa pelo operador: análise de documentos em andamento.',
      user_exclusion: 0,
      spa_exclusion: 0,
    });
  });

  it('bars the SPA-listed player on every profile check, the next day too, keeping the first date', async () => {
    token = await login(server, SEED_ACCOUNTS.spaBarred);
    expect((await info('/auth/user-profile')).spa_exclusion).toBe(0); // not checked yet
    const barred = {
      spa_exclusion: 1,
      spa_exclusion_at: '2025-03-01 09:00:00',
      spa_exclusion_note: 'CPF consta no cadastro nacional de apostadores impedidos (SPA/MF).',
    };
    expect(await info()).toMatchObject(barred);
    clock.advance(24 * HOUR);
    token = await login(server, SEED_ACCOUNTS.spaBarred);
    expect(await info()).toMatchObject(barred);
  });

  it('setSpaBarred() bars a signed-in player at the next check and lifts it again', async () => {
    expect((await info()).spa_exclusion).toBe(0);
    server.setSpaBarred('529.982.247-25');
    clock.advance(HOUR);
    expect(await info()).toMatchObject({ spa_exclusion: 1, spa_exclusion_at: '2025-03-01 10:00:00' });
    server.setSpaBarred(plain.cpf, false);
    expect(await info()).toMatchObject({ spa_exclusion: 0, spa_exclusion_at: null, spa_exclusion_note: '' });
    server.setSpaBarred(plain.cpf);
    server.reset();
    token = server.issueToken(plain.id);
    expect((await info()).spa_exclusion).toBe(0);
  });
});
