// The auth calls of the browser client in server-session mode, through the same-origin proxy
// (docs/server.md, "The wire protocol"). A completed login or registration answers the API's
// `LoginResponse` with every token field removed plus `server_session`: that answer is a defined
// shape here (`ServerLoginSuccess`), never `invalid_response`. It is checked by the core's own
// `LoginResponse` schema, the token's place filled for the check only (the proxy removed the one
// field the browser must never see), and `server_session` by `serverSessionOf`.

import {
  type AuthEndpoints,
  type AuthModule,
  type AuthUser,
  type AuthUserInfo,
  createAuthModule,
  type HttpAdapter,
  type LoginResponse,
  type RequestOptions,
  ResponseValidationError,
} from 'pam-client';

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

/** Where the token would be, for the schema's check only; never kept or sent. */
const PLACE = 'server-session';
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

/** Whether any key of `value` (at any depth) names a token: `access_token`, `token`, `*_token`. */
function carriesToken(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 8) return false;
  for (const [key, inner] of Object.entries(value))
    if (/token$/i.test(key) || carriesToken(inner, depth + 1)) return true;
  return false;
}

/**
 * The auth module through the proxy: `login` and `registerSimplified` answer a challenge
 * (`type` set, stripped) or a `ServerLoginSuccess`; an answer that still carries a token, or a
 * completed one without `server_session`, is refused (`invalid_response`): the client never
 * holds a token, and never believes a session the server did not seal.
 */
export function serverSessionAuth(http: HttpAdapter, endpoints?: Partial<AuthEndpoints>): AuthModule {
  const plain = createAuthModule(http, endpoints ? { endpoints } : {});
  const signIn =
    (name: 'login' | 'registerSimplified') =>
    async (...args: unknown[]): Promise<LoginResponse> => {
      let raw: unknown;
      // The same row (path, request validation, the answer's schema), sent through a tap that
      // keeps the raw answer and fills the token's place for the check.
      const tap: HttpAdapter = {
        ...http,
        post: (async (path: string, body?: unknown, options?: RequestOptions) => {
          raw = await http.post(path, body, options);
          const r = raw as Record<string, unknown> | null;
          if (!r || typeof r !== 'object' || 'type' in r) return raw;
          if (carriesToken(r)) throw invalid(name, 'the answer carries a token');
          return { ...r, access_token: PLACE };
        }) as HttpAdapter['post'],
      };
      const module = createAuthModule(tap, endpoints ? { endpoints } : {});
      const answer = (await (module[name] as (...a: unknown[]) => Promise<LoginResponse>)(...args)) as
        | LoginResponse
        | (LoginResponse & { access_token?: string });
      if (answer.type) {
        const { access_token: _t, ...challenge } = answer as LoginResponse & { access_token?: string };
        return challenge as LoginResponse;
      }
      const stamp = serverSessionOf(raw);
      if (!stamp) throw invalid(name, 'a completed login without the server session');
      const { access_token: _place, ...rest } = answer as unknown as Record<string, unknown>;
      return { ...rest, server_session: stamp } as unknown as LoginResponse;
    };
  return {
    ...plain,
    login: signIn('login') as AuthModule['login'],
    registerSimplified: signIn('registerSimplified') as AuthModule['registerSimplified'],
  };
}
