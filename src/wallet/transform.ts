import { ResponseValidationError } from '../errors/index';
import { readBoolean, readNumber, readText } from '../schemas/common';
import type { BonusWallet, CashbackWallet, RealWallet, Wallet } from '../schemas/wallet';

// Backends disagree on the wallet's casing and scalar types (PHP-style '1', '0', '12.50'), so
// this is a lenient transform, not a schema parse. Only type imports from the schema: the
// transform adds no zod to a bundle.

type Kind = 'number' | 'boolean' | 'string';
type Of<K extends Kind> = K extends 'number' ? number : K extends 'boolean' ? boolean : string;
type Shape = Record<string, Kind>;
type Built<S extends Shape> = { -readonly [F in keyof S]: Of<S[F]> };

const REAL = {
  credit: 'number',
  walletId: 'number',
  minWithdrawAmount: 'number',
  maxWithdrawAmount: 'number',
  withdrawEnabled: 'boolean',
  hasWalletDeposit: 'boolean',
  withdrawEnableNow: 'boolean',
  withdrawNextDate: 'string',
} as const;

const BONUS = {
  credit: 'number',
  creditHold: 'number',
  sportsAmountHold: 'number',
  casinoAmountHold: 'number',
  expiryDatetime: 'string',
} as const;

const CASHBACK = { credit: 'number', expiresAt: 'string' } as const;

// The one tolerant reader of answers (src/schemas/common.ts). An absent amount is 0; one that is
// there but no number (`'abc'`, `true`, NaN) is not a balance: `undefined`, refused by `build`
// (fail closed, never a silent 0). An unreadable flag is false, an unreadable text ''.
const toNumber = (value: unknown): number | undefined => {
  const n = readNumber(value);
  return n === null ? 0 : typeof n === 'number' ? n : undefined;
};
const toBoolean = (value: unknown): boolean => readBoolean(value) === true;
const toText = (value: unknown): string => {
  const t = readText(value);
  return typeof t === 'string' ? t : '';
};

const CONVERT: { [K in Kind]: (value: unknown) => Of<K> | undefined } = {
  number: toNumber,
  boolean: toBoolean,
  string: toText,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const snakeCase = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Own properties only, so keys such as `constructor` never read from a prototype. */
function pick(source: Record<string, unknown>, field: string): unknown {
  for (const key of [field, snakeCase(field)]) {
    if (Object.hasOwn(source, key) && source[key] !== undefined && source[key] !== null) return source[key];
  }
  return undefined;
}

// The refusal this module threw last (the transform is synchronous): the only error that leaves it
// as it is; any other thrown while reading `raw`, a PamError or one branded as such, is dropped
// (review 98: a getter's `UnauthorizedError` ended the session).
let mine: unknown;
const refuse = (path: string[], code: string, message: string) =>
  (mine = new ResponseValidationError('transformWalletResponse', [{ path, code, message }]));

function build<S extends Shape>(source: unknown, shape: S, wallet: string): Built<S> {
  const record = isRecord(source) ? source : {};
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(shape)) {
    const value = CONVERT[kind as Kind](pick(record, field));
    if (value === undefined) throw refuse([wallet, field], 'invalid_type', 'expected a number');
    out[field] = value;
  }
  return out as Built<S>;
}

/**
 * Normalizes a wallet response into the spec's `Wallet` (2.14): camelCase or snake_case keys,
 * numbers or numeric strings, booleans as `true/false`, `1/0`, `'1'/'0'` or `'true'/'false'`.
 * Absent fields become `0`, `false` or `''` (an unreadable flag `false`, an unreadable text
 * `''`); a missing sub-wallet gets all defaults. Throws `ResponseValidationError` when `raw` is
 * not an object, when an amount is there but is no number (`'abc'`, `true`, NaN: never a silent
 * 0; the path names it, e.g. `['real', 'credit']`), or when reading `raw` throws (a getter,
 * a Proxy: its error is dropped).
 *
 * @example
 * transformWalletResponse({ real: { credit: '12.50', wallet_id: 7, withdraw_enabled: '1' } }).real;
 * // { credit: 12.5, walletId: 7, withdrawEnabled: true, minWithdrawAmount: 0, … }
 */
export function transformWalletResponse(raw: unknown): Wallet {
  try {
    if (!isRecord(raw)) throw refuse([], 'invalid_type', 'Expected a wallet object');
    const real: RealWallet = build(pick(raw, 'real'), REAL, 'real');
    const bonus: BonusWallet = build(pick(raw, 'bonus'), BONUS, 'bonus');
    const cashback: CashbackWallet = build(pick(raw, 'cashback'), CASHBACK, 'cashback');
    return { real, bonus, cashback };
  } catch (error) {
    // A getter or a Proxy trap of `raw` threw: its error (and message) is dropped.
    throw error === mine ? error : refuse([], 'unreadable', 'could not be read');
  }
}
