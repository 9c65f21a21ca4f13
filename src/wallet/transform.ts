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

// The one tolerant reader of answers (src/schemas/common.ts); an unreadable field gets its default.
const toNumber = (value: unknown): number => {
  const n = readNumber(value);
  return typeof n === 'number' ? n : 0;
};
const toBoolean = (value: unknown): boolean => readBoolean(value) === true;
const toText = (value: unknown): string => {
  const t = readText(value);
  return typeof t === 'string' ? t : '';
};

const CONVERT: { [K in Kind]: (value: unknown) => Of<K> } = {
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

function build<S extends Shape>(source: unknown, shape: S): Built<S> {
  const record = isRecord(source) ? source : {};
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(shape)) {
    out[field] = CONVERT[kind as Kind](pick(record, field));
  }
  return out as Built<S>;
}

/**
 * Normalizes a wallet response into the spec's `Wallet` (2.14): camelCase or snake_case keys,
 * numbers or numeric strings, booleans as `true/false`, `1/0`, `'1'/'0'` or `'true'/'false'`.
 * Absent or unreadable fields become `0`, `false` or `''`; a missing sub-wallet gets all
 * defaults. Throws `ResponseValidationError` only when `raw` is not an object.
 *
 * @example
 * transformWalletResponse({ real: { credit: '12.50', wallet_id: 7, withdraw_enabled: '1' } }).real;
 * // { credit: 12.5, walletId: 7, withdrawEnabled: true, minWithdrawAmount: 0, … }
 */
export function transformWalletResponse(raw: unknown): Wallet {
  if (!isRecord(raw)) {
    throw new ResponseValidationError('transformWalletResponse', [
      { path: [], code: 'invalid_type', message: 'Expected a wallet object' },
    ]);
  }
  const real: RealWallet = build(pick(raw, 'real'), REAL);
  const bonus: BonusWallet = build(pick(raw, 'bonus'), BONUS);
  const cashback: CashbackWallet = build(pick(raw, 'cashback'), CASHBACK);
  return { real, bonus, cashback };
}
