// The wallet compatibility transform (spec 1, 2.14); the wallet schemas and types live in
// src/schemas/wallet.ts.
export { transformWalletResponse } from './transform';
