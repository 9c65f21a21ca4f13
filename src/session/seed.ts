// The seed of the browser client in server-session mode: what `pam-client/server` answers at
// `GET <prefix>/session` and puts in `getSession(request).initial`. A type only (no code), in the
// core so that the server entry and the browser client share one definition without the browser
// bundle importing the server.

import type { AuthUser } from '../schemas/auth';

/**
 * Where the server session stands, as plain JSON the server renders into the page and the browser
 * client starts from (`createServerSessionClient({ initial })`).
 *
 * @example
 * const client = createServerSessionClient({ initial: seed }); // seed: getSession(request).initial
 */
export interface PamSessionSeed {
  /**
   * `signedIn`: player and userInfo read now; `signedOut`: no (valid) session; `unavailable`: a
   * session exists but the profile read failed (the client reads it itself).
   */
  status: 'signedIn' | 'signedOut' | 'unavailable';
  /** The player, without any token field. */
  user: AuthUser | null;
  /** The profile's userInfo (limits and exclusions). */
  userInfo: Record<string, unknown> | null;
  /** Server time of the profile read (the API's `Date`, epoch ms). */
  readAt: number | null;
  /** The login's id (`server_session.login_id` of the login answer). */
  loginId: string | null;
  /** When the session ends at the latest (absolute lifetime; epoch ms). */
  expiresAt: number | null;
}
