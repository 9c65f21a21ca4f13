import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/errors/index';
import { Wallet } from '../../src/schemas/wallet';
import { transformWalletResponse } from '../../src/wallet';

const EMPTY: Wallet = {
  real: {
    credit: 0,
    walletId: 0,
    minWithdrawAmount: 0,
    maxWithdrawAmount: 0,
    withdrawEnabled: false,
    hasWalletDeposit: false,
    withdrawEnableNow: false,
    withdrawNextDate: '',
  },
  bonus: { credit: 0, creditHold: 0, sportsAmountHold: 0, casinoAmountHold: 0, expiryDatetime: '' },
  cashback: { credit: 0, expiresAt: '' },
};

const FULL: Wallet = {
  real: {
    credit: 150.75,
    walletId: 9,
    minWithdrawAmount: 20,
    maxWithdrawAmount: 5000,
    withdrawEnabled: true,
    hasWalletDeposit: true,
    withdrawEnableNow: false,
    withdrawNextDate: '2025-01-02 10:00:00',
  },
  bonus: {
    credit: 30,
    creditHold: 5,
    sportsAmountHold: 2.5,
    casinoAmountHold: 1,
    expiryDatetime: '2025-02-01',
  },
  cashback: { credit: 3.25, expiresAt: '2025-03-01' },
};

/** What `run` throws (undefined when it returns). */
function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('transformWalletResponse', () => {
  it('passes a camelCase response through unchanged', () => {
    expect(transformWalletResponse(structuredClone(FULL))).toEqual(FULL);
  });

  it('reads snake_case keys with numeric strings and 1/0 flags', () => {
    const raw = {
      real: {
        credit: '150.75',
        wallet_id: '9',
        min_withdraw_amount: '20',
        max_withdraw_amount: 5000,
        withdraw_enabled: '1',
        has_wallet_deposit: 1,
        withdraw_enable_now: '0',
        withdraw_next_date: '2025-01-02 10:00:00',
      },
      bonus: {
        credit: '30.00',
        credit_hold: '5',
        sports_amount_hold: '2.5',
        casino_amount_hold: 1,
        expiry_datetime: '2025-02-01',
      },
      cashback: { credit: '3.25', expires_at: '2025-03-01' },
    };
    expect(transformWalletResponse(raw)).toEqual(FULL);
  });

  it('fills every absent field and sub-wallet with 0 / false / ""', () => {
    expect(transformWalletResponse({})).toEqual(EMPTY);
    expect(transformWalletResponse({ real: null, bonus: [1, 2], cashback: 'x' })).toEqual(EMPTY);
    expect(transformWalletResponse({ real: { credit: 5 } })).toEqual({
      ...EMPTY,
      real: { ...EMPTY.real, credit: 5 },
    });
  });

  it.each([
    [12, 12],
    [-3.5, -3.5],
    ['12.50', 12.5],
    [' 7 ', 7],
    ['1e3', 1000],
    ['-0', 0],
    ['.5', 0.5],
    [null, 0],
    [undefined, 0],
  ])('reads the amount %j as %j', (input, expected) => {
    expect(transformWalletResponse({ cashback: { credit: input } }).cashback.credit).toBe(expected);
  });

  // Review L4: an amount that is there but is no number was read as 0, silently (fail open).
  it.each([
    ['abc'],
    [''],
    ['0x10'],
    ['Infinity'],
    ['1e999'],
    ['12,50'],
    ['1.234,56'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [true],
    [{}],
    [[5]],
  ])('refuses the amount %j with a typed error naming it, never a silent 0', (input) => {
    for (const [wallet, key, field] of [
      ['real', 'credit', 'credit'],
      ['bonus', 'credit_hold', 'creditHold'],
      ['cashback', 'credit', 'credit'],
    ] as const) {
      const error = caught(() => transformWalletResponse({ [wallet]: { [key]: input } }));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).code).toBe('invalid_response');
      expect((error as ResponseValidationError).issues[0]?.path).toEqual([wallet, field]);
    }
  });

  // Review L4: a getter or a Proxy trap that throws escaped as the raw foreign error.
  it.each([
    [
      'a getter of the wallet',
      {
        get real() {
          throw new Error('boom hunter2');
        },
      },
    ],
    [
      'a getter of an amount',
      {
        real: {
          get credit() {
            throw new Error('boom hunter2');
          },
        },
      },
    ],
    [
      'a Proxy whose traps throw',
      new Proxy(
        {},
        {
          getOwnPropertyDescriptor: () => {
            throw new Error('boom hunter2');
          },
          get: () => {
            throw 'boom hunter2';
          },
        },
      ),
    ],
    [
      'a revoked Proxy',
      (() => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      })(),
    ],
  ])('%s is a typed invalid_response without the foreign message', (_label, raw) => {
    const error = caught(() => transformWalletResponse(raw));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).code).toBe('invalid_response');
    expect(JSON.stringify(error) + String(error) + (error as Error).stack).not.toContain('boom');
  });

  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['yes', false],
    [2, false],
    ['', false],
    [null, false],
    [{}, false],
  ])('reads the flag %j as %j', (input, expected) => {
    expect(transformWalletResponse({ real: { withdrawEnabled: input } }).real.withdrawEnabled).toBe(expected);
    expect(transformWalletResponse({ real: { withdraw_enabled: input } }).real.withdrawEnabled).toBe(
      expected,
    );
  });

  it.each([
    ['2025-01-01', '2025-01-01'],
    [1735689600, '1735689600'],
    [null, ''],
    [false, ''],
    [{ date: 'x' }, ''],
  ])('reads the date %j as %j', (input, expected) => {
    expect(transformWalletResponse({ bonus: { expiry_datetime: input } }).bonus.expiryDatetime).toBe(
      expected,
    );
  });

  it('prefers the camelCase key, falling back to snake_case when it is null', () => {
    expect(transformWalletResponse({ real: { walletId: 1, wallet_id: 2 } }).real.walletId).toBe(1);
    expect(transformWalletResponse({ real: { walletId: null, wallet_id: 2 } }).real.walletId).toBe(2);
  });

  it('ignores inherited properties', () => {
    const proto = { real: { credit: 99 } };
    const raw = Object.create(proto) as object;
    expect(transformWalletResponse(raw)).toEqual(EMPTY);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [FULL]],
    ['a string', '{"real":{}}'],
    ['a number', 42],
    ['a boolean', true],
  ])('throws ResponseValidationError for %s', (_label, raw) => {
    let caught: unknown;
    try {
      transformWalletResponse(raw);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ResponseValidationError);
    const error = caught as ResponseValidationError;
    expect(error.code).toBe('invalid_response');
    expect(error.operation).toBe('transformWalletResponse');
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toEqual([]);
  });

  it('the result always passes the Wallet schema (any JSON object)', () => {
    const scalar = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('1', '0', 'true', 'false', '12.5', ' 3 ', '1e999', 'NaN', ''),
      fc.double(),
      fc.boolean(),
    );
    const subWallet = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          'credit',
          'walletId',
          'wallet_id',
          'min_withdraw_amount',
          'maxWithdrawAmount',
          'withdraw_enabled',
          'hasWalletDeposit',
          'withdraw_enable_now',
          'withdraw_next_date',
          'credit_hold',
          'sportsAmountHold',
          'casino_amount_hold',
          'expiry_datetime',
          'expiresAt',
          'expires_at',
        ),
        scalar,
      ),
      fc.jsonValue(),
    );
    const walletLike = fc.record(
      { real: subWallet, bonus: subWallet, cashback: subWallet },
      { requiredKeys: [] },
    );
    const anyObject = fc.oneof(walletLike, fc.dictionary(fc.string(), fc.jsonValue()));
    fc.assert(
      fc.property(anyObject, (raw) => {
        // An amount that is there but is no number is refused (typed); anything else is a Wallet.
        let result: unknown;
        const error = caught(() => {
          result = transformWalletResponse(raw);
        });
        expect(
          error === undefined ? Wallet.safeParse(result).success : error instanceof ResponseValidationError,
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('throws ResponseValidationError for every non-object JSON value', () => {
    const nonObject = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double(),
      fc.string(),
      fc.array(fc.jsonValue()),
    );
    fc.assert(
      fc.property(nonObject, (raw) => {
        expect(() => transformWalletResponse(raw)).toThrow(ResponseValidationError);
      }),
    );
  });
});
