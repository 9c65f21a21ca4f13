// Review 98, holds: `transformWalletResponse` with hostile inputs gives a typed error or a wallet
// that passes the schema, never a raw TypeError, never money from a prototype.
import { isPamError, ResponseValidationError, transformWalletResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { Wallet } from '../../src/schemas/wallet';

const caught = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};
const ZERO = transformWalletResponse({});

describe('prototype keys never bring money', () => {
  it.each([
    ['__proto__ (JSON) at the top', JSON.parse('{"__proto__":{"real":{"credit":5}}}')],
    ['__proto__ (JSON) in a sub-wallet', JSON.parse('{"real":{"__proto__":{"credit":5}}}')],
    ['constructor holding a wallet', { constructor: { real: { credit: 5 } } }],
    ['an inherited sub-wallet', Object.create({ real: { credit: 5 } })],
    ['a null-prototype object', Object.create(null)],
    ['a Map with a real entry', new Map([['real', { credit: 5 }]])],
    ['a Date', new Date()],
  ])('%s: no credit', (_label, raw) => {
    expect(transformWalletResponse(raw)).toEqual(ZERO);
    expect(Object.getPrototypeOf(transformWalletResponse(raw).real)).toBe(Object.prototype);
  });
});

describe('hostile scalars: typed refusal', () => {
  it.each([
    ['NaN string', 'NaN'],
    ['Infinity string', 'Infinity'],
    ['-Infinity string', '-Infinity'],
    ['1e999', '1e999'],
    ['-1e999', '-1e999'],
    ['a 65-character numeral', '1'.repeat(65)],
    ['hex', '0x10'],
    ['binary', '0b1'],
    ['a BigInt', 10n],
    ['a Symbol', Symbol('x')],
    ['an object with valueOf', { valueOf: () => 5 }],
    ['an array of one number', [5]],
    ['deep nesting', JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)],
    ['a Number object', Object(5)],
  ])('%s as an amount', (_label, value) => {
    const error = caught(() => transformWalletResponse({ bonus: { credit_hold: value } }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['bonus', 'creditHold']);
  });
});

describe('getters and traps that throw: typed, message dropped', () => {
  it.each([
    [
      'a TypeError from a getter',
      {
        get cashback(): unknown {
          throw new TypeError('hunter2');
        },
      },
    ],
    [
      'a string thrown from a sub-wallet getter',
      {
        real: {
          get wallet_id(): unknown {
            throw 'hunter2';
          },
        },
      },
    ],
    [
      'an ownKeys trap',
      new Proxy(
        {},
        {
          getOwnPropertyDescriptor: () => {
            throw new RangeError('hunter2');
          },
        },
      ),
    ],
    [
      'a recursion',
      new Proxy(
        {},
        {
          getOwnPropertyDescriptor: function f(): never {
            return (f as () => never)();
          },
        },
      ),
    ],
  ])('%s', (_label, raw) => {
    const error = caught(() => transformWalletResponse(raw));
    expect(isPamError(error)).toBe(true);
    expect((error as ResponseValidationError).code).toBe('invalid_response');
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain('hunter2');
  });
});

describe('values that are read', () => {
  it('huge but finite amounts and negatives are as the server sent them (schema-valid)', () => {
    const w = transformWalletResponse({
      real: { credit: '1e308', max_withdraw_amount: Number.MAX_VALUE, min_withdraw_amount: -1 },
      bonus: { credit: -50 },
    });
    expect(w.real.credit).toBe(1e308);
    expect(w.bonus.credit).toBe(-50);
    expect(Wallet.safeParse(w).success).toBe(true);
  });

  it('flags of hostile kinds are false, never true', () => {
    for (const v of ['yes', 2, [1], { valueOf: () => 1 }, Symbol('t'), 1n, 'NaN', Number.NaN])
      expect(transformWalletResponse({ real: { withdrawEnabled: v } }).real.withdrawEnabled).toBe(false);
  });

  it('an array as a sub-wallet is no money (all zero), an array as the wallet is refused', () => {
    expect(transformWalletResponse({ real: [{ credit: 5 }] })).toEqual(ZERO);
    expect(caught(() => transformWalletResponse([{ real: { credit: 5 } }]))).toBeInstanceOf(
      ResponseValidationError,
    );
  });
});
