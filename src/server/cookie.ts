// The session cookie: what it holds, sealed and opened by iron-webcrypto (AES-256-CBC then
// HMAC-SHA-256; no crypto of our own), and the `Set-Cookie` lines that carry it.

import { defaults, seal, unseal } from 'iron-webcrypto';
import { ConfigurationError } from '../errors/config';
import { isHeaderSafeToken } from '../schemas/common';
import { MAX_SKEW_MS } from './http-date';
import { booleanOption, objectOption, textOption, wholeOption } from './option';
import type { PamCookieOptions, PamSecret } from './types';

/** What the cookie holds: the token, its stamps and ids; never the profile. Times: epoch ms. */
export interface SessionData {
  v: 1;
  token: string;
  tokenType: string;
  /** When this token was obtained (the refresh is due `refreshAfterMs` later). */
  tokenAt: number;
  tokenExpiresAt: number;
  playerId: number | null;
  loginId: string;
  signedInAt: number;
  /** When the session was last sealed for a call (the idle clock). */
  seenAt: number;
  /**
   * The session's other secrets, hunted in every call's answers: the token fields of its login
   * (or last refresh) answer that are not the access token (`refresh_token`, `token`,
   * `user.token`: `authSecretsOf`). Absent: none (and in cookies sealed before this field).
   */
  secrets?: string[];
  /**
   * The auth answer's field each of `secrets` came from, one letter each (`fieldsOf`: `r`
   * refresh_token, `t` token, `u` user.token): a refresh answer's secret replaces the earlier one
   * of its field. Absent (cookies sealed before it): the earlier ones give way to any the refresh
   * answer brings.
   */
  fields?: string;
  /**
   * The browser's sign-in lineage (lineage.ts): the first login's id, carried on by every login
   * made in a call whose cookie held one of the lineage. Absent (a first login, or a cookie sealed
   * before lineages): the session's own `loginId`.
   */
  lineage?: string;
}

const IRON_MIN_SECRET = 32;

/**
 * The longest token sealed. Its cookie (about 4/3 of the token plus 520 characters) then stays
 * under the 4096 bytes browsers keep, with room for the cookie's name and the secret's id: a
 * longer one would be dropped by the browser, and the player signed out without a word.
 */
export const MAX_TOKEN_CHARS = 2048;

/**
 * The most characters of secrets one cookie holds: the access token and the session's other
 * secrets together. A sealed session of 2,600 characters of tokens is a 3,982-byte cookie: this
 * leaves room for a longer cookie name and secret id under the 4096 bytes browsers keep.
 */
export const MAX_SESSION_CHARS = 2560;

/**
 * A token's length as the seal writes it: in the session's JSON, where a `"` or a `\` counts twice
 * (review 10: 2,048 quotes made a 5 kB cookie that browsers drop).
 */
const sealedChars = (value: string): number => JSON.stringify(value).length - 2;

/** Whether a cookie holds `token` and `secrets` together (`MAX_SESSION_CHARS`, as sealed). */
export const fitsCookie = (token: string, secrets: readonly string[]): boolean =>
  secrets.reduce((n, s) => n + sealedChars(s), sealedChars(token)) <= MAX_SESSION_CHARS;

/**
 * The longest cookie name (with `__Host-`), secret id and `token_type` (the `Authorization`
 * scheme, sealed): with a session at `MAX_SESSION_CHARS`, `name=value` then stays within the 4,096
 * bytes browsers keep (4,069 measured at these bounds; a 3,000-character `token_type` or a long
 * name or id passed it, and the browser dropped the cookie: review 10).
 */
export const MAX_NAME_CHARS = 32;

/** A login's `token_type` the server seals: a word of at most `MAX_NAME_CHARS` characters. */
export const isTokenType = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_NAME_CHARS && /^\w+$/.test(value);

/**
 * The most secrets a cookie holds besides its token: an auth answer's other token fields
 * (`refresh_token`, `token`, `user.token`). A call then hunts its cookie's session and one
 * successor within `MAX_SECRETS` (8), however many refreshes the session went through (review 10:
 * secrets piled up across refreshes, and past 8 every call answered 502).
 */
export const MAX_SESSION_SECRETS = 3;

/**
 * The secrets a cookie holds with `token`, of `candidates` in their order (a login's: its
 * `refresh_token`, `token`, `user.token`; a refresh's: its own, or the session's earlier ones when
 * it brings none): each kept while the cookie still holds it with the token and those kept before
 * it (`fitsCookie`), `MAX_SESSION_SECRETS` at most; never the token itself, never twice. The access
 * token is always sealed: the others give way (the login's rule and the refresh's alike).
 *
 * @example
 * sessionSecrets('a'.repeat(2048), ['r'.repeat(1000), 'u'.repeat(300)]); // ['u'.repeat(300)]
 */
export function sessionSecrets(token: string, candidates: readonly string[]): string[] {
  const kept: string[] = [];
  for (const secret of new Set(candidates)) {
    if (kept.length === MAX_SESSION_SECRETS) break;
    if (secret !== token && fitsCookie(token, [...kept, secret])) kept.push(secret);
  }
  return kept;
}

/**
 * The shortest token the server holds: every answer is scrubbed of the session's tokens, and a
 * shorter one (a word, an id like `"1"`) would rewrite ordinary data wherever it stands (review 9:
 * a login token `"1"` turned the player's id into `[redacted]`). No token this service issues.
 */
export const MIN_TOKEN_CHARS = 16;

/**
 * Whether `value`, hunted in answers, is safe to hunt: `MIN_TOKEN_CHARS` or more, and an all-digit
 * one still so without its leading zeros, the number a JSON echo reads (`numbersOf` in strip.ts:
 * `"0000000000000001"` is the number 1, which would turn every 1 into `[redacted]`). Its digits
 * are counted, never a float's text: from 1e21 on that is exponent form (`'9'.repeat(64)` reads
 * `1e+64`, 5 characters: review 10 found such tokens refused), and a number of 16 digits or more
 * is no ordinary datum whatever it prints as.
 */
const huntable = (value: string): boolean =>
  value.length >= MIN_TOKEN_CHARS &&
  (!/^\d+$/.test(value) || value.replace(/^0+/, '').length >= MIN_TOKEN_CHARS);

/**
 * The one check of a token the server seals, from a login or a refresh: it can be sent in an
 * `Authorization` header (`isHeaderSafeToken`), its cookie fits a browser (`MAX_TOKEN_CHARS`), and
 * it can be hunted in answers without rewriting ordinary data (`MIN_TOKEN_CHARS`).
 */
export const isSessionToken = (value: unknown): value is string =>
  isHeaderSafeToken(value) && sealedChars(value) <= MAX_TOKEN_CHARS && huntable(value);

/** Why `value` is no session token: too long to seal (`too_big`) or too short to hunt (`too_small`). */
export const tokenIssue = (value: string): 'too_big' | 'too_small' =>
  sealedChars(value) > MAX_TOKEN_CHARS ? 'too_big' : 'too_small';

// The platform's Web Crypto. iron-webcrypto 1.2 types its parameters as `Uint8Array` where
// TypeScript 5.9's lib says `BufferSource`: the same object, typed to fit.
const webCrypto = (): Parameters<typeof seal>[0] =>
  globalThis.crypto as unknown as Parameters<typeof seal>[0];
const HOST_PREFIX = '__Host-';

/** The cookie settings once defaults are applied. */
export interface CookieSettings {
  name: string;
  secure: boolean;
  idleMs: number;
  absoluteMs: number;
}

/** A cookie name: RFC 9110's token characters. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function cookieSettings(given?: PamCookieOptions): CookieSettings {
  const options: PamCookieOptions = objectOption('cookie', given, ['name', 'secure', 'idleMs', 'absoluteMs']);
  const secure = booleanOption('cookie.secure', options.secure, true);
  const what = "a cookie name (letters, digits and !#$%&'*+-.^_`|~)";
  const base = textOption('cookie.name', options.name, 'pam-session', COOKIE_NAME, what).replace(
    /^__Host-/i,
    '',
  );
  if (!COOKIE_NAME.test(base)) throw new ConfigurationError(`pam-client/server: cookie.name is ${what}`);
  if ((secure ? HOST_PREFIX.length : 0) + base.length > MAX_NAME_CHARS)
    throw new ConfigurationError(
      `pam-client/server: cookie.name has at most ${MAX_NAME_CHARS} characters with its __Host- prefix (the cookie must fit the 4,096 bytes browsers keep)`,
    );
  return {
    // `__Host-` requires Secure (browsers drop it otherwise): without Secure, the plain name.
    name: secure ? `${HOST_PREFIX}${base}` : base,
    secure,
    // At least a second: `Max-Age` counts whole seconds.
    idleMs: wholeOption('cookie.idleMs', options.idleMs, 7_200_000, 1_000), // 2 h (a literal: CONTRIBUTING.md)
    absoluteMs: wholeOption('cookie.absoluteMs', options.absoluteMs, 86_400_000, 1_000), // 24 h
  };
}

/**
 * A secret id as iron-webcrypto seals it: written in the clear between the seal's `*` separators,
 * and refused at sealing time unless `\w+` (letters, digits, `_`): a `-` or `.` passed
 * `createPamServer` and failed the first login (review 9). Checked when the server is created.
 */
const SECRET_ID = /^\w+$/;

/** Seals and opens `SessionData` with the secrets (the first seals, all open). */
export class Sealer {
  private readonly current: PamSecret;
  /** id -> secret, without a prototype (an id `constructor` or `__proto__` is only an id). */
  private readonly all: Record<string, string> = Object.create(null);

  /** Throws `ConfigurationError` for secrets the seal cannot use (checked here, not at the first login). */
  constructor(secrets: readonly PamSecret[]) {
    if (!Array.isArray(secrets) || secrets.length === 0)
      throw new ConfigurationError('pam-client/server: secrets is a list of at least one { id, secret }');
    for (const [i, s] of secrets.entries()) {
      // `{ id, secret }` only: a misspelt key (`secert`) is no default. A key as long as a secret is
      // not quoted (it may be one).
      for (const key of typeof s === 'object' && s !== null ? Object.keys(s) : [])
        if (key !== 'id' && key !== 'secret')
          throw new ConfigurationError(
            `pam-client/server: secrets[${i}].${key.length < IRON_MIN_SECRET ? key : `<a key of ${key.length} characters>`} is no key of a secret (its keys: id, secret)`,
          );
      if (typeof s?.secret !== 'string' || s.secret.length < IRON_MIN_SECRET) {
        throw new ConfigurationError(
          `pam-client/server: secrets: every secret needs at least ${IRON_MIN_SECRET} characters`,
        );
      }
      if (typeof s.id !== 'string' || !SECRET_ID.test(s.id) || s.id.length > MAX_NAME_CHARS)
        throw new ConfigurationError(
          `pam-client/server: secrets: a secret id is 1 to ${MAX_NAME_CHARS} letters, digits and _ (no - . or space: the seal writes it between its separators, in the cookie)`,
        );
      if (s.id in this.all)
        throw new ConfigurationError(
          'pam-client/server: secrets: secret ids are unique (a rotation gives the new secret a new id)',
        );
      this.all[s.id] = s.secret;
    }
    this.current = secrets[0]!;
  }

  seal(value: unknown): Promise<string> {
    return seal(webCrypto(), value, { id: this.current.id, secret: this.current.secret }, defaults);
  }

  /** The opened value, or null for anything that does not open (tampered, foreign, malformed). */
  async open(sealed: string): Promise<unknown> {
    try {
      return await unseal(webCrypto(), sealed, this.all, defaults);
    } catch {
      return null;
    }
  }
}

/** A value that opened is a session only with every field of the right type (fail closed). */
export function asSessionData(value: unknown): SessionData | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const num = (k: string) => typeof v[k] === 'number' && Number.isFinite(v[k]);
  const str = (k: string) => typeof v[k] === 'string' && v[k] !== '';
  // A token the server would not seal today (a short one sealed before `MIN_TOKEN_CHARS`): signed out.
  if (v.v !== 1 || !isSessionToken(v.token) || !isTokenType(v.tokenType) || !str('loginId')) return null;
  if (!num('tokenAt') || !num('tokenExpiresAt') || !num('signedInAt') || !num('seenAt')) return null;
  if (v.playerId !== null && !num('playerId')) return null;
  const { secrets } = v;
  if (secrets !== undefined && !(Array.isArray(secrets) && secrets.every(isSessionToken))) return null;
  if (v.lineage !== undefined && !str('lineage')) return null;
  const { fields } = v;
  if (fields !== undefined && !(typeof fields === 'string' && fields.length === (secrets?.length ?? 0)))
    return null;
  return value as SessionData;
}

/**
 * When the session ends, judged at `now`: the first of idle, absolute and the token's own expiry. A
 * time sealed ahead of `now` (another instance's clock, or this one's stepped back) is taken as `now`
 * within `MAX_SKEW_MS`; further ahead, when the player was last seen cannot be known: ended (fail
 * closed; it pushed the idle end later, by as much as the clock went back).
 */
export function sessionEndsAt(s: SessionData, c: CookieSettings, now: number): number {
  const at = (t: number) => (t > now + MAX_SKEW_MS ? -Infinity : Math.min(t, now));
  return Math.min(at(s.seenAt) + c.idleMs, at(s.signedInAt) + c.absoluteMs, s.tokenExpiresAt);
}

/** The value of cookie `name` in a `Cookie` header (the first one). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function attributes(c: CookieSettings, maxAgeS: number): string {
  return `; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${c.secure ? '; Secure' : ''}`;
}

/**
 * A `Set-Cookie` line carrying `sealed` until the session ends. `Max-Age` counts whole seconds,
 * rounded up: the cookie never dies before the token it holds (rounded down, a token re-sealed at
 * 192.3 s of 300 s lived 0.7 s with no cookie pointing at it). The under-a-second overhang is safe:
 * every request checks the session's end itself (`sessionEndsAt`).
 */
export function setCookieLine(c: CookieSettings, sealed: string, endsAt: number, now: number): string {
  return `${c.name}=${sealed}${attributes(c, Math.max(1, Math.ceil((endsAt - now) / 1000)))}`;
}

/** A `Set-Cookie` line that removes the cookie. */
export function clearCookieLine(c: CookieSettings): string {
  return `${c.name}=${attributes(c, 0)}`;
}
