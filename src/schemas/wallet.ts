import * as z from 'zod/mini';

// Spec 2.14. Amounts are finite numbers (z.number() refuses NaN and Infinity); the spec
// leaves the timestamps' format open, so they are plain strings ('' when the server sent none).

/**
 * The withdrawable wallet.
 *
 * @example
 * RealWallet.parse({ credit: 10, walletId: 1, minWithdrawAmount: 5, maxWithdrawAmount: 500,
 *   withdrawEnabled: true, hasWalletDeposit: true, withdrawEnableNow: false, withdrawNextDate: '' });
 */
export const RealWallet = /* @__PURE__ */ (() =>
  z.object({
    credit: z.number(),
    walletId: z.number(),
    minWithdrawAmount: z.number(),
    maxWithdrawAmount: z.number(),
    withdrawEnabled: z.boolean(),
    hasWalletDeposit: z.boolean(),
    withdrawEnableNow: z.boolean(),
    withdrawNextDate: z.string(),
  }))();
export type RealWallet = z.infer<typeof RealWallet>;

/**
 * Bonus credit and the amounts it holds back per product.
 *
 * @example
 * BonusWallet.parse({ credit: 20, creditHold: 0, sportsAmountHold: 0, casinoAmountHold: 0, expiryDatetime: '' });
 */
export const BonusWallet = /* @__PURE__ */ (() =>
  z.object({
    credit: z.number(),
    creditHold: z.number(),
    sportsAmountHold: z.number(),
    casinoAmountHold: z.number(),
    expiryDatetime: z.string(),
  }))();
export type BonusWallet = z.infer<typeof BonusWallet>;

/**
 * Cashback credit and when it expires.
 *
 * @example
 * CashbackWallet.parse({ credit: 3.5, expiresAt: '2025-12-31 23:59:59' });
 */
export const CashbackWallet = /* @__PURE__ */ (() =>
  z.object({
    credit: z.number(),
    expiresAt: z.string(),
  }))();
export type CashbackWallet = z.infer<typeof CashbackWallet>;

/**
 * A user's three wallets, as `transformWalletResponse` returns them.
 *
 * @example
 * const ok = Wallet.safeParse(transformWalletResponse(body)).success; // always true
 */
export const Wallet = /* @__PURE__ */ (() =>
  z.object({
    real: RealWallet,
    bonus: BonusWallet,
    cashback: CashbackWallet,
  }))();
export type Wallet = z.infer<typeof Wallet>;
