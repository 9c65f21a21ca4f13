/**
 * `pam-client/testing`: the reference server for the player-account service, for the package's
 * own tests and for users' tests of code built on pam-client: over real HTTP in Node
 * (`startReferenceServer`), or in-process as a `fetch` in Node and browsers
 * (`createReferenceFetch`). Needs `h3` v2 (`npm i -D h3`), which pam-client does not depend on.
 *
 * @example
 * import { startReferenceServer, SEED_ACCOUNTS } from 'pam-client/testing';
 * const server = await startReferenceServer({ now: () => clock });
 * server.faults.add({ path: '/users/refresh-token', status: 503, times: 1 });
 */
export { createReferenceFetch, DEFAULT_REFERENCE_BASE_URL } from './fetch';
export { H3_MISSING_MESSAGE } from './optional-h3';
export { SEED_ACCOUNTS } from './seed';
export { startReferenceServer } from './server';
export type {
  FaultSpec,
  Faults,
  RecordedRequest,
  ReferenceControls,
  ReferenceFetch,
  ReferenceFetchOptions,
  ReferenceOptions,
  ReferenceServer,
  ReferenceServerOptions,
  SeedAccount,
  SeedAccounts,
} from './types';
