// Review 113, probe 1 (held): bad input to the responsible-gaming and user writes is a typed
// `invalid_request` and sends NOTHING (counted at the reference server, over a real socket).
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule } from '../../src/index';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

function modules() {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token });
  return { user: createUserModule(http), auth: createAuthModule(http) };
}

async function refusedUnsent(call: () => Promise<unknown>): Promise<string> {
  const before = ctx.server.requests.length;
  const code = await call().then(
    () => 'resolved',
    (e: { code?: string }) => e?.code ?? String(e),
  );
  return `${code}/${ctx.server.requests.length - before}`;
}

const throwing = () =>
  Object.defineProperty({}, 'user_limit_deposit', {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
const proxy = () =>
  new Proxy(
    { user_limit_deposit: 10 },
    {
      ownKeys() {
        throw new Error('trap');
      },
    },
  );

const LIMITS: [string, unknown][] = [
  ['NaN', { user_limit_deposit: Number.NaN }],
  ['Infinity', { user_limit_deposit: Number.POSITIVE_INFINITY }],
  ['negative', { user_limit_loss: -1 }],
  ['string "10"', { user_limit_bet: '10' }],
  ['period hourly', { user_limit_bet: 10, user_limit_bet_period: 'hourly' }],
  ['period Daily', { user_limit_bet: 10, user_limit_bet_period: 'Daily' }],
  ['active 2', { user_limit_bet: 10, user_limit_bet_active: 2 }],
  ['active true', { user_limit_bet: 10, user_limit_bet_active: true }],
  ['unknown key (typo)', { user_limit_deposti: 10 }],
  ['no limit at all', { kyc_id: 1 }],
  ['JSON __proto__ key', JSON.parse('{"user_limit_deposit":10,"__proto__":{"user_limit_deposit_active":0}}')],
  ['throwing getter', throwing()],
  ['Proxy with a throwing trap', proxy()],
  ['a Map', new Map([['user_limit_deposit', 10]])],
  ['null', null],
  [
    'password_check with a NUL only is still a string: too long one',
    { user_limit_time: 60, password_check: 'x'.repeat(1025) },
  ],
];

describe('review 113: bad input is refused, nothing sent (held)', () => {
  it.each(LIMITS)('updateLimits: %s', async (_name, payload) => {
    const { user } = modules();
    expect(await refusedUnsent(() => user.updateLimits(payload as never))).toBe('invalid_request/0');
  });

  it.each([
    ['0 days', { user_pause: 0, reason: 1 }],
    ['46 days', { user_pause: 46, reason: 1 }],
    ['1.5 days', { user_pause: 1.5, reason: 1 }],
    ['-0 days', { user_pause: -0, reason: 1 }],
    ['"7"', { user_pause: '7', reason: 1 }],
    ['a date instead of days', { user_pause: '2020-01-01', reason: 1 }],
    ['reason missing', { user_pause: 7 }],
  ])('setTimeoutLimits: %s', async (_name, payload) => {
    const { user } = modules();
    expect(await refusedUnsent(() => user.setTimeoutLimits(payload as never))).toBe('invalid_request/0');
  });

  it.each([
    ['0 months', { user_exclusion: 0, reason: 1 }],
    ['1 month', { user_exclusion: 1, reason: 1 }],
    ['-2', { user_exclusion: -2, reason: 1 }],
    ['"12"', { user_exclusion: '12', reason: 1 }],
    ['12.0000001', { user_exclusion: 12.0000001, reason: 1 }],
  ])('setSelfExclusion: %s', async (_name, payload) => {
    const { user } = modules();
    expect(await refusedUnsent(() => user.setSelfExclusion(payload as never))).toBe('invalid_request/0');
  });

  it('contact data: control chars, NUL, lone surrogate, 1 MB street, impossible birth date', async () => {
    const { user } = modules();
    const id = ctx.server.seed.plain.id;
    const addr = { street: 'Rua A', city: 'SP', state: 'SP', zipcode: '01001000' };
    const out = [
      await refusedUnsent(() => user.updateEmail({ email: 'a\u0007b@example.com' })),
      await refusedUnsent(() => user.updateEmail({ email: 'ab@exa\u0000mple.com' })),
      await refusedUnsent(() => user.updateAddress({ ...addr, street: 'Rua \ud800' })),
      await refusedUnsent(() => user.updateAddress({ ...addr, city: 'S\u0000P' })),
      await refusedUnsent(() => user.updateAddress({ ...addr, street: 'R'.repeat(1_000_000) })),
      await refusedUnsent(() => user.updateProfile(id, { birth_date: '2000-02-30' })),
      await refusedUnsent(() => user.updateProfile(id, { birth_date: '2015-01-01' })),
      await refusedUnsent(() => user.updateProfile(0, { city: 'SP' })),
      await refusedUnsent(() => user.getIncomeReportStatus(1e20)),
      await refusedUnsent(() => user.updateContracts('terms' as never)),
    ];
    expect(out).toEqual(Array(out.length).fill('invalid_request/0'));
  });

  it('a frozen, valid payload is sent (the default flag is added to the copy, not the caller’s object)', async () => {
    const { user } = modules();
    const payload = Object.freeze({ user_limit_deposit: 5, user_limit_deposit_period: 'monthly' as const });
    expect(await refusedUnsent(() => user.updateLimits(payload))).toMatch(/\/1$/);
    expect(Object.keys(payload)).toEqual(['user_limit_deposit', 'user_limit_deposit_period']);
  });
});
