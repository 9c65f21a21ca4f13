export { signedIn, useReferenceServer } from '../support/server';
/** Every seed account's password (docs/testing.md). */
export const password = 'Secret123!';
