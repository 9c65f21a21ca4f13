/**
 * `pam-client/server`: the server session for server-rendered apps. The access token lives in a
 * sealed `HttpOnly` cookie; the browser client talks to a same-origin prefix that this proxies to
 * the API, stripping every token from every answer. Web-standard `Request`/`Response`; never in
 * a browser bundle. Rules and the wire protocol: docs/server.md.
 *
 * @example
 * import { createPamServer } from 'pam-client/server';
 * const pam = createPamServer({ apiBaseURL, secrets: [{ id: '1', secret: process.env.PAM_SECRET! }] });
 */
export { createPamServer } from './create';
export { serializeSeed } from './inline';
export type { UnstorageLike, UnstorageSessionStoreOptions } from './store';
export { unstorageSessionStore } from './store';
export type {
  PamCookieOptions,
  PamLogoutIncomplete,
  PamRequestContext,
  PamSecret,
  PamServer,
  PamServerOptions,
  PamServerRestrictions,
  PamServerSession,
  PamSessionSeed,
  PamSessionStore,
} from './types';
