// The auth calls of the browser client in server-session mode, through the same-origin proxy
// (docs/server.md, "The wire protocol"). The proxy validates each auth request and reads each
// answer with the core's own schemas (`AUTH_OPERATIONS`, on the server), so this module carries no
// schema (no zod in the browser bundle): it sends, maps the proxy's refusals back to the core's
// errors (`RequestValidationError`, `ResponseValidationError`), and checks what the session relies
// on. A completed login or registration answers the API's `LoginResponse` with every token field
// removed plus `server_session`: a defined shape here (`ServerLoginSuccess`), never
// `invalid_response`.

import {
  type AuthEndpoints,
  type AuthModule,
  type AuthUser,
  type AuthUserInfo,
  type HttpAdapter,
  isPamError,
  type RegistrationModule,
  type RequestOptions,
  RequestValidationError,
  ResponseValidationError,
  type ValidationIssue,
} from 'pam-client';
import { unconfirmed } from '../../src/operation/unconfirmed';
import { visibleText } from '../../src/schemas/typed-text';
import { carriesToken, withoutTokens } from './seed';

/**
 * What the proxy adds to a completed login (docs/server.md).
 *
 * @example
 * const { login_id, expires_at }: ServerSessionStamp = answer.server_session;
 */
export interface ServerSessionStamp {
  /** A random id the server gave this login: the same through the server's refreshes. */
  login_id: string;
  player_id: number;
  /** Epoch ms (the app server's clock). */
  signed_in_at: number;
  /** Epoch ms when the session ends at the latest (absolute lifetime). */
  expires_at: number;
}

/**
 * A completed login or registration as the proxy answers it: no token anywhere, and the server
 * session's stamp.
 *
 * @example
 * if (!answer.type) show(answer.user.email, answer.server_session.login_id);
 */
export interface ServerLoginSuccess {
  type?: undefined;
  expires_in: number | null;
  token_type: string;
  user: AuthUser;
  userInfo: AuthUserInfo;
  server_session: ServerSessionStamp;
}

/** The adapter's hook for a call whose answer's head is in (kept-login.ts). */
const ANSWERED = /* @__PURE__ */ Symbol.for('pam-client.answered');
/** A logout's try after one that got no answer (the session machine's `logout` actor). */
const AGAIN = /* @__PURE__ */ Symbol.for('pam-client.again');

const MAX_ID = 128;

const isInstant = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** `server_session` of an answer, checked; null when it is missing or malformed. */
export function serverSessionOf(raw: unknown): ServerSessionStamp | null {
  const s = (raw as { server_session?: Record<string, unknown> } | null)?.server_session;
  if (!s || typeof s !== 'object') return null;
  const { login_id, player_id, signed_in_at, expires_at } = s;
  if (typeof login_id !== 'string' || login_id.length === 0 || login_id.length > MAX_ID) return null;
  if (!Number.isSafeInteger(player_id) || !isInstant(signed_in_at) || !isInstant(expires_at)) return null;
  return { login_id, player_id: player_id as number, signed_in_at, expires_at };
}

const invalid = (name: string, message: string) =>
  new ResponseValidationError(name, [{ path: ['server_session'], code: 'server_session', message }]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The auth rows' default paths (the core's `AUTH_OPERATIONS` paths; a test keeps them equal),
 * under the proxy's prefix, each sent as POST but the profile read (GET), as the core sends them
 * (an `endpoints` override changes either: `checkedEndpoints`). The proxy serves every one but
 * `refreshToken` (404).
 */
const ROUTES: Record<keyof AuthEndpoints, string> = {
  login: '/auth/login',
  logout: '/auth/logout',
  getUserProfile: '/auth/user-profile?check_spa_again=1',
  registerSimplified: '/auth/register-simplified',
  forgotPassword: '/auth/forgot-password',
  validateDocument: '/auth/validate-document',
  refreshToken: '/users/refresh-token',
};

/** The issues of a proxy refusal (`{ pam, issues }`), checked; null when it is not one. */
function issuesOf(body: unknown, kind: string): ValidationIssue[] | null {
  if (!isRecord(body) || body.pam !== kind || !Array.isArray(body.issues)) return null;
  const issues = body.issues.filter(
    (i): i is ValidationIssue =>
      isRecord(i) &&
      Array.isArray(i.path) &&
      i.path.every((p) => typeof p === 'string' || typeof p === 'number') &&
      typeof i.code === 'string' &&
      typeof i.message === 'string',
  );
  return issues.length > 0 ? issues.map(({ path, code, message }) => ({ path, code, message })) : null;
}

/**
 * A proxy refusal (`{ pam, issues }`: its checks, and its fixed `invalid_response` 502s) as the
 * core's own error (the same class and code a client with schemas throws), named `name`.
 */
export function asCoreError(name: string, error: unknown): unknown {
  if (!isPamError(error) || error.code !== 'http') return error;
  const { body, status } = error as { body?: unknown; status?: number };
  // Only at the status the proxy gives each (`refusedCheck`): a body of that shape the API itself
  // sent at another status (a 500 after a change was applied) must not turn "may have applied"
  // into "refused" (REVIEW-25 R25-8). An API's 400 is a refusal, its 502 an outcome unknown, either way.
  const request = status === 400 && issuesOf(body, 'invalid_request');
  if (request) return new RequestValidationError(name, request);
  const response = status === 502 && issuesOf(body, 'invalid_response');
  if (response) return new ResponseValidationError(name, response);
  return error;
}

/**
 * What the proxy's `LoginPayload` would refuse, found here so nothing is sent (the password never
 * travels for a login that cannot work): `login` and `password` non-empty strings (`login` trimmed),
 * `captcha_token` and `two_factor_code` non-empty when given (the code once read as the core reads
 * it: `visibleText`, blank exactly when `typedText` is; REVIEW-AC AC-3, AD-3, AF-2; the session
 * built it: plain fields).
 * The proxy still reads it whole.
 */
function loginIssues(p: Record<string, unknown>): ValidationIssue[] {
  return ['login', 'password', 'captcha_token', 'two_factor_code'].flatMap((k, i) => {
    const v = p[k];
    // (The code blank exactly when the core reads it blank, REVIEW-AD AD-3, AF-2.)
    return (typeof v === 'string' ? (i % 3 ? v : i ? visibleText(v) : v.trim()) : v === undefined && i > 1)
      ? []
      : typeof v === 'string'
        ? [{ path: [k], code: 'too_small', message: 'must not be shorter than 1 character' }]
        : [{ path: [k], code: 'invalid_type', message: 'expected string' }];
  });
}

/** A completed login or registration, checked: no token anywhere, the player, the server session. */
function signedInAnswer(name: string, raw: unknown): ServerLoginSuccess | Record<string, unknown> {
  if (!isRecord(raw)) throw invalid(name, 'not an object');
  // Challenge or not: one carrying a token (the proxy's rule: `carriesToken`) is refused.
  if (carriesToken(raw)) throw invalid(name, 'the answer carries a token');
  // A challenge (`two_factor_code`, `cancelled_account`): passed as it is. A `type` of no known
  // answer (`bogus`, `''`, `welcome`) is none (review 156: the tab stayed signing in for good).
  if (raw.type === 'two_factor_code' || raw.type === 'cancelled_account') return raw;
  if (raw.type !== undefined) throw invalid(name, 'an answer of no known type');
  const stamp = serverSessionOf(raw);
  const user = raw.user as { id?: unknown } | undefined;
  if (!stamp) throw invalid(name, 'a completed login without the server session');
  // The session sealed for another player than the answer names is no session of this player.
  if (!isRecord(user) || user.id !== stamp.player_id || !isRecord(raw.userInfo))
    throw invalid(name, 'a completed login without the player');
  return { ...raw, server_session: stamp } as unknown as ServerLoginSuccess;
}

/**
 * A profile answer, checked for what the session relies on: a player (`user`, an object; whose
 * id the profile flow compares with the session's, `namesPlayer`). One naming none is no profile
 * of this player (the core's schema refuses it too): refused, never taken as the seed's player's.
 * One whose envelope says it failed (`{"success":false,"user":…}`, the core's rule: `unconfirmed`)
 * is no profile either: the restrictions stay as they were, stale (review 156). A token a relay let
 * through is dropped (`withoutTokens`).
 */
function profileAnswer(name: string, raw: unknown): unknown {
  if (!isRecord((raw as { user?: unknown } | null)?.user))
    throw new ResponseValidationError(name, [{ path: ['user'], code: 'invalid_type', message: 'no player' }]);
  const refused = unconfirmed(raw);
  if (refused)
    throw new ResponseValidationError(name, [
      { path: refused, code: 'not_confirmed', message: 'the server did not confirm it' },
    ]);
  return withoutTokens(raw);
}

/**
 * The auth module through the proxy: the core's `AuthModule`, sent as the core sends it, read by
 * the proxy with the core's schemas. `login` and `registerSimplified` answer a challenge (`type`
 * set) or a `ServerLoginSuccess`; an answer that still carries a token, or a completed one without
 * `server_session` or the player, is refused (`invalid_response`): the client never holds a token,
 * and never believes a session the server did not seal. `refreshToken` is the proxy's 404.
 */
export function serverSessionAuth(
  http: HttpAdapter,
  endpoints: Partial<AuthEndpoints> = {},
): AuthModule & RegistrationModule {
  const call =
    (name: keyof AuthEndpoints, read?: (name: string, raw: unknown) => unknown) =>
    async (...args: unknown[]): Promise<unknown> => {
      const { method = name === 'getUserProfile' ? 'GET' : 'POST', path = ROUTES[name] } =
        endpoints[name] ?? {};
      const withBody = name !== 'getUserProfile' && name !== 'logout' && name !== 'refreshToken';
      const options = args[withBody ? 1 : 0] as RequestOptions | undefined;
      // Every call but the profile read is made without a session: a 401 there is final.
      // (A login's `answered` hook, kept-login.ts's, passed on.)
      const opts = {
        signal: options?.signal,
        skipAuthRefresh: name === 'getUserProfile' ? undefined : true,
        [ANSWERED]: (options as Record<symbol, unknown> | undefined)?.[ANSWERED],
        [AGAIN]: (options as Record<symbol, unknown> | undefined)?.[AGAIN],
      } as RequestOptions;
      const issues = name === 'login' ? loginIssues({ ...(args[0] as object) }) : [];
      if (issues.length) throw new RequestValidationError(name, issues);
      try {
        const raw =
          method === 'GET'
            ? await http.get(path, opts)
            : await http.post(path, withBody ? args[0] : undefined, opts);
        if (name === 'logout') return undefined;
        return read ? read(name, raw) : raw;
      } catch (error) {
        throw asCoreError(name, error);
      }
    };
  return {
    login: call('login', signedInAnswer),
    registerSimplified: call('registerSimplified', signedInAnswer),
    logout: call('logout'),
    getUserProfile: call('getUserProfile', profileAnswer),
    forgotPassword: call('forgotPassword'),
    validateDocument: call('validateDocument'),
    refreshToken: call('refreshToken'),
  } as unknown as AuthModule & RegistrationModule;
}
