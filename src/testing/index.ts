/**
 * `pam-client/testing`: a reference server for the player-account service (Node only), for the
 * package's own tests and for users' tests of code built on pam-client.
 *
 * @example
 * import { startReferenceServer, SEED_ACCOUNTS } from 'pam-client/testing';
 * const server = await startReferenceServer({ now: () => clock });
 * server.faults.add({ path: '/users/refresh-token', status: 503, times: 1 });
 */
export { SEED_ACCOUNTS } from './seed';
export { startReferenceServer } from './server';
export type * from './types';
