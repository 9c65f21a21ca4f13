// The public shapes of `pam-client/server`: its options, the seed the browser client starts from,
// the server-render view, and the store seam. Rules behind them: docs/server.md.

import type { AuthEndpoints } from '../auth/types';
import type { MandatoryLimit } from '../responsible-gaming/mandatory';
import type { Restrictions } from '../responsible-gaming/restrictions';
import type { AuthUser } from '../schemas/auth';

/**
 * One cookie secret: the first of `secrets` seals, every one opens (rotation). At least 32
 * characters; its id letters, digits and `_` (`createPamServer` throws `ConfigurationError` else).
 *
 * @example
 * const secret: PamSecret = { id: '2026_11', secret: process.env.PAM_COOKIE_SECRET! };
 */
export interface PamSecret {
  /**
   * Written in the sealed cookie (in the clear) to pick the secret that opens it: one or more
   * letters, digits and `_` (the seal's rule: `2026_11`, not `2026-11`), each id once.
   */
  id: string;
  /** At least 32 characters of randomness (`openssl rand -base64 32`). */
  secret: string;
}

/**
 * The session cookie's options. Defaults: `__Host-pam-session`, `Secure`, idle 2 h, absolute 24 h.
 *
 * @example
 * const cookie: PamCookieOptions = { secure: false }; // http://localhost only: named `pam-session`
 */
export interface PamCookieOptions {
  /** Default `__Host-pam-session`; the `__Host-` prefix is added when `secure`, removed when not. */
  name?: string;
  /**
   * Default true. False only for `http://localhost`: the cookie then has no `Secure` flag and so
   * cannot carry the `__Host-` prefix (browsers refuse it): it is named without it.
   */
  secure?: boolean;
  /** Signed out after this long without a call. Default 7_200_000 (2 h); whole ms, 1_000 or more. */
  idleMs?: number;
  /** Signed out this long after the login, whatever the refreshes. Default 86_400_000 (24 h); whole ms, 1_000 or more. */
  absoluteMs?: number;
}

/**
 * Where the server keeps token rotations so that several instances refresh a token once between
 * them, and the logins a logout ended so that every instance refuses their cookies
 * (`unstorageSessionStore` implements it over any unstorage driver). Values are sealed; keys
 * carry no token.
 *
 * @example
 * const store: PamSessionStore = unstorageSessionStore(createStorage({ driver: redisDriver({}) }));
 */
export interface PamSessionStore {
  /** The value under `key`, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Writes `value` under `key` for `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Writes `value` under `key` for `ttlMs` only when nothing live is there; true when this call
   * won. Atomic where the store can be (Redis `SET NX`); best effort otherwise.
   */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
}

/**
 * The options of `createPamServer`.
 *
 * @example
 * const options: PamServerOptions = { apiBaseURL: 'https://api.example.com', secrets: [{ id: '1', secret }] };
 */
export interface PamServerOptions {
  /** The API's base URL (paths of the spec are joined to it). */
  apiBaseURL: string;
  /** Cookie secrets: the first seals, all open. */
  secrets: readonly PamSecret[];
  /** The cookie's name, `Secure` flag and lifetimes. */
  cookie?: PamCookieOptions;
  /** The same-origin prefix the browser client talks to. Default `/pam`. */
  prefix?: string;
  /** The auth endpoints' overrides, as given to the browser client (`createAuthModule`'s `endpoints`). */
  endpoints?: Partial<AuthEndpoints>;
  /**
   * Forward the browser's `User-Agent`, and `X-Forwarded-For` with the `clientAddress` given to
   * `handle`/`getSession`. Default false. The API must trust them only from the app's servers.
   */
  forwardClient?: boolean;
  /** The app's public origin(s), for the same-origin check of state-changing calls. Default: the request URL's origin. */
  origin?: string | readonly string[];
  /** Shares token rotations between instances (once across instances). Default: none (once per instance). */
  store?: PamSessionStore;
  /** The refresh is due this long after the token was obtained. Default 21_600_000 (6 h); whole ms, 1 or more. */
  refreshAfterMs?: number;
  /** How long an instance serves a replaced token's calls with the new one. Default 60_000; whole ms, 0 or more. */
  graceMs?: number;
  /** Largest request body, in bytes. Default 16_384; a whole number, 1 or more. */
  maxBodyBytes?: number;
  /**
   * Largest JSON answer of the API read, in bytes. Default 1_048_576 (1 MiB). A larger answer
   * (or a larger declared `Content-Length`) stops being read and answers a typed `502`.
   */
  maxAnswerBytes?: number;
  /**
   * Largest report file passed on, in bytes. Default 33_554_432 (32 MiB). A larger declared
   * `Content-Length` answers `502`; a file that grows past it is cut off (the download errors).
   */
  maxFileBytes?: number;
  /**
   * Upstream timeout per call, in ms, and the deadline of a request body's read (a body still
   * arriving then is answered `408`). Default 15_000; whole ms, 1 to 2_147_483_647.
   */
  timeoutMs?: number;
  /** The clock (epoch ms). Default `Date.now`. */
  now?: () => number;
  /** The fetch used to call the API. Default the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Called when a login a logout ended (or a new login replaced) keeps a token the API did not
   * revoke after the retries (unreachable, 5xx, 408/425/429 each time): that token stays live at
   * the API until its expiry, and without a store (`recorded: false`) a copy of the old cookie
   * replayed on another instance (a restart, another pod, a serverless cold start) is a live
   * session there. Alert on it; the browser's answer (`204`, cookie cleared) does not change. A
   * throw or a rejection of it is ignored.
   */
  onLogoutIncomplete?: (event: PamLogoutIncomplete) => void | Promise<void>;
}

/**
 * `onLogoutIncomplete`'s event: which login kept a live token at the API. Never a token.
 *
 * @example
 * const onLogoutIncomplete = (e: PamLogoutIncomplete) => log.warn('logout not revoked', e.loginId, e.recorded);
 */
export interface PamLogoutIncomplete {
  /** The login's id (the seed's `loginId`; no secret). */
  loginId: string;
  /** The player of that login (null: a cookie sealed without one). */
  playerId: number | null;
  /**
   * Whether the store recorded the login's end: then every instance sharing it refuses the old
   * cookie. False without a store, or when the store failed: only this instance does.
   */
  recorded: boolean;
}

/**
 * What the app knows of the request beyond the web `Request`.
 *
 * @example
 * await pam.handle(event.request, { clientAddress: event.getClientAddress() });
 */
export interface PamRequestContext {
  /**
   * The player's address as the app's platform saw it (sent as `X-Forwarded-For` with
   * `forwardClient`): one IP address, v4 or v6; anything else is not sent.
   */
  clientAddress?: string;
}

/** The seed the browser client starts from: the core's one definition (`pam-client` exports it too). */
export type { PamSessionSeed } from '../session/seed';

import type { PamSessionSeed } from '../session/seed';

/**
 * The restrictions as the server render shows them: `restrictionsOf` of one profile read, with
 * its status (`current` only when read now and every exclusion field answered).
 *
 * @example
 * if (view.restrictions?.canBet) showBetSlip();
 */
export interface PamServerRestrictions extends Restrictions {
  status: 'current' | 'unknown';
  /** Server time of the read (epoch ms). */
  checkedAt: number;
  /** The mandatory limits (loss, time) not set. */
  missingMandatoryLimits: MandatoryLimit[];
}

/**
 * `getSession(request)`'s answer: the view for server rendering and the headers to set.
 *
 * @example
 * const { player, restrictions, initial, headers } = await pam.getSession(request);
 */
export interface PamServerSession {
  player: AuthUser | null;
  restrictions: PamServerRestrictions | null;
  /**
   * For the browser client: serialise it into the page with the framework's own serializer, or
   * `serializeSeed(initial)` in a hand-written `<script>` (never a plain `JSON.stringify`: a
   * player's name holding `</script>` would end the element).
   */
  initial: PamSessionSeed;
  /** `Set-Cookie` lines to add to the page's answer (refreshed, touched or cleared cookie). */
  headers: Headers;
}

/**
 * The server session: `handle` serves the prefix, `getSession` the server render.
 *
 * @example
 * const answer = await pam.handle(request);
 * if (answer) return answer;
 */
export interface PamServer {
  /** Answers a request under the prefix; undefined for any other request (the app answers it). */
  handle(request: Request, context?: PamRequestContext): Promise<Response | undefined>;
  /** The session of a page request: one profile read. */
  getSession(request: Request, context?: PamRequestContext): Promise<PamServerSession>;
}
