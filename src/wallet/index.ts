// Wallet types (spec 2.14) and the compatibility transform the user module re-exports.
export { BonusWallet, CashbackWallet, RealWallet, Wallet } from '../schemas/wallet';
export { transformWalletResponse } from './transform';
