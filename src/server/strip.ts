// What leaves the proxy for the browser: every token field removed, at any depth, the session's
// token values scrubbed from every other string value (the core's scrubber; keys are never
// rewritten), and a report's `download_url` on the API turned into the proxy's report-file route.

import { createScrubber } from '../errors/scrub';
import { REDACTED } from '../secrets/secret';
import { isDownloadURL } from '../user/download';
import { formsOf, hunter } from './any-case';
import { isSessionToken, MIN_TOKEN_CHARS } from './cookie';

const MAX_DEPTH = 64;

/** A key that names a token: `access_token`, `token`, `refreshToken`, anything ending in "token". */
const isTokenKey = (key: string): boolean => key.toLowerCase().endsWith('token');

/**
 * The token fields of the API's auth answers, by their exact names (spec 4.1: a login's or
 * registration's `access_token`, `AuthUser.token`, the refresh answer's `access_token`; a
 * `refresh_token` some APIs add). Only these values are hunted elsewhere in an answer; any other
 * key ending in "token" is dropped with its value, which is never hunted (a `push_token` of the
 * player's own choosing must not rewrite the data: review R1).
 */
const SESSION_TOKEN_KEYS = ['access_token', 'refresh_token', 'token'] as const;

/**
 * The shortest value of a token field hunted elsewhere in an answer (`MIN_TOKEN_CHARS`): a shorter
 * one (a word, a flag) would rewrite ordinary data wherever it stands, and is no token this
 * service issues.
 */
const MIN_HUNTED = MIN_TOKEN_CHARS;

/**
 * The most secrets one call hunts: the cookie's token and its refreshed or replaced successors
 * (one to three), and the auth answers' token fields (`authSecretsOf`: four at most per answer).
 * More is not an answer of this service: the body is refused (`ScrubFailure`), never scrubbed.
 */
export const MAX_SECRETS = 8;

/**
 * The most characters of secrets one call hunts: the session's (`MAX_SESSION_CHARS`, 2,560) before
 * and after a refresh. The core scrubber's cost grows with them (an encoded echo of each: ~4 s at
 * 5,120 characters, as 8 secrets of 512 cost before; 8 of 2,048 make a RegExp V8 refuses); more is
 * not this service: the body is refused (`ScrubFailure`).
 */
export const MAX_SECRET_CHARS = 5120;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A body the proxy cannot pass on without a secret of the session: a key that spells one, more
 * secrets than `MAX_SECRETS`, or a scrubber that failed (its message is never passed on: a
 * RegExp's error spells its source, the secrets).
 */
export class ScrubFailure extends Error {
  override readonly name = 'ScrubFailure';
}

/** An answer nested deeper than the proxy walks (`MAX_DEPTH`): nothing that deep is passed on. */
export class NestedTooDeep extends ScrubFailure {}

/**
 * The session's secrets an auth answer (a login, a registration, the refresh, the profile read)
 * holds: the values of `SESSION_TOKEN_KEYS` at its top level and `user.token` (four at most,
 * whatever the answer holds) of `MIN_HUNTED` characters or more. Each must be a token the server
 * holds (`isSessionToken`: header-safe, at most 2,048 characters), so that it is hunted whatever
 * its length: one it would not hold (longer, a space, a line break, non-ASCII) throws
 * `ScrubFailure`, and the answer is refused, never passed on with that value unhunted (but an
 * odd `access_token` of a login or refresh answer, `checked`: its caller refuses and revokes it).
 *
 * @example
 * authSecretsOf({ access_token: 'eyJhbGciOiJIUzI1NiJ9.e30.x', user: { push_token: 'user_pause' } }); // ['eyJhbGciOiJIUzI1NiJ9.e30.x']
 */
export function authSecretsOf(answer: unknown, checked = false): string[] {
  if (!isRecord(answer)) return [];
  const values = SESSION_TOKEN_KEYS.map((key) => answer[key]);
  if (isRecord(answer.user)) values.push(answer.user.token);
  const found = values.filter((v): v is string => typeof v === 'string' && v.length >= MIN_HUNTED);
  // `checked`: the login's and the refresh's own `access_token` is judged by the caller (sealed,
  // or refused and revoked: `isSessionToken`), so an odd one does not refuse the answer here.
  const judged = checked ? found.filter((v) => v !== answer.access_token) : found;
  if (!judged.every(isSessionToken))
    throw new ScrubFailure('An answer holds a token the server does not hold.');
  return found.filter(isSessionToken);
}

/**
 * The most values `droppedTokensOf` takes from one call's answers, and their characters: hunted
 * verbatim, their cost is a search per value per text; more is not an answer of this service (the
 * body is refused, `ScrubFailure`). A profile listing a device's `push_token` each stays far below.
 */
const MAX_DROPPED = 64;
const MAX_DROPPED_CHARS = 65_536;

/**
 * Every value `stripTokens` drops with its key (a key ending in "token", any case, any depth) that
 * is not one of the session's fields (`authSecretsOf`): each string, and each number's text, at
 * any depth below such a key, of `MIN_HUNTED` characters or more (a shorter one, a `push_token` of
 * the player's own words, would rewrite the data: review R1), each once. The browser never gets
 * the field, nor its echo elsewhere in the answer (review 112: a password change answering
 * `data.access_token` quoted it in its message; review 114: under an array or an object). Hunted
 * verbatim (`scrubTokens`' `dropped`), neither sealed nor counted among the session's secrets, so
 * a value no header can carry, or a list of devices, refuses nothing (review 114). Over
 * `MAX_DROPPED`: throws `ScrubFailure`.
 *
 * @example
 * droppedTokensOf({ data: { access_token: ['abcdefghijklmnopq'] }, user: { push_token: 'x' } }); // ['abcdefghijklmnopq']
 */
export function droppedTokensOf(answer: unknown, into = new Set<string>()): Set<string> {
  const walk = (v: unknown, depth: number, under: boolean): void => {
    if (depth > MAX_DEPTH) return;
    if (under && (typeof v === 'string' || typeof v === 'number')) {
      const text = String(v);
      if (text.length >= MIN_HUNTED) into.add(text);
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [key, item] of Object.entries(v)) walk(item, depth + 1, under || isTokenKey(key));
  };
  walk(answer, 0, false);
  let chars = 0;
  for (const value of into) chars += value.length;
  if (into.size > MAX_DROPPED || chars > MAX_DROPPED_CHARS)
    throw new ScrubFailure('Too many token values to hunt.');
  return into;
}

/**
 * Which token field of an auth answer each of `secrets` came from, one letter each: `r`
 * (`refresh_token`), `t` (`token`), `u` (`user.token`), `-` (none of them: not expected). A
 * refresh answer's secret replaces the session's earlier one of the same field
 * (`SessionData.fields`).
 *
 * @example
 * fieldsOf({ refresh_token: 'r'.repeat(20), user: { token: 'u'.repeat(20) } }, ['u'.repeat(20)]); // 'u'
 */
export function fieldsOf(answer: unknown, secrets: readonly string[]): string {
  const a = isRecord(answer) ? answer : {};
  const user = isRecord(a.user) ? a.user : {};
  return secrets
    .map((v) => (a.refresh_token === v ? 'r' : a.token === v ? 't' : user.token === v ? 'u' : '-'))
    .join('');
}

/**
 * A copy of `value` without any key ending in "token" (any case, any depth), nor any `__proto__`
 * key (JSON.parse makes it an own data key; no service field has that name, and an app's
 * serializer (devalue: SvelteKit's, Nuxt's payloads) refuses it, so every page answered 500: REVIEW-W
 * W-4). Deeper than
 * MAX_DEPTH it throws `ScrubFailure`: nothing that deep is a service answer, and a copy that
 * changed it (its depths cut) would pass on data the API never sent (REVIEW-L 7). The one token
 * rule of the server session: the browser client's `carriesToken` (machines/server-session/seed.ts)
 * refuses exactly what this refuses or changes (test/server-session/token-depth).
 */
export function stripTokens(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new NestedTooDeep('An answer nested too deep.');
  if (Array.isArray(value)) return value.map((item) => stripTokens(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isTokenKey(key) || key === '__proto__') continue;
    define(out, key, stripTokens(item, depth + 1));
  }
  return out;
}

/** A plain own data property, even for `__proto__` (no prototype change on the copy). */
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `value` (`stripTokens`' copy: no deeper than it walks) with every string value scrubbed by `scrub.text` (the core scrubber's error-body rule:
 * every echo, in any form it knows) and every number that spells an all-digit secret
 * (`scrub.numbers`) replaced by `'[redacted]'`; keys are never rewritten (a renamed `user_pause` would read as no
 * pause: review R1): a key that holds a secret throws `ScrubFailure`, the body is refused.
 */
function scrubValues(value: unknown, scrub: Scrub): unknown {
  if (typeof value === 'string') return scrub.text(value);
  if (typeof value === 'number') return scrub.numbers.has(String(value)) ? REDACTED : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValues(item, scrub));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (scrub.text(key) !== key) throw new ScrubFailure('A key holds a token of the session.');
    define(out, key, scrubValues(item, scrub));
  }
  return out;
}

/** The scrubber's text rule, and the numbers an all-digit secret reads as (`numbersOf`). */
interface Scrub {
  text(t: string): string;
  numbers: ReadonlySet<string>;
}

/**
 * `t` with every verbatim echo of `secrets` in any case replaced by `'[redacted]'`: what the core
 * scrubber does to them, without building its expressions, whose cost grows with a secret's length
 * (~0.4 ms per character of a 2,048-character token). A text left with no piece of a secret then
 * costs the core scrubber one anchor scan; only an encoded echo (entities, percent or backslash
 * escapes) builds them. Each secret's forms (./any-case.ts: its case-folded self, and its lower and
 * upper case where they change its length) are found in one pass over the folded text: linear, an
 * `İ` or `ß` anywhere included (reviews 118 and 122: the values dropped with a token-named key have
 * no core scrubber behind this one; an expression per value backtracked).
 */
function verbatim(secrets: Iterable<string>): (t: string) => string {
  const forms = [...new Set([...secrets].flatMap(formsOf))];
  const shortest = Math.min(...forms.map((f) => f.length));
  const hunt = hunter(forms);
  return (t) => (t.length < shortest ? t : hunt(t));
}

/**
 * A login answer with every verbatim echo of `secrets` in its string values replaced (`verbatim`),
 * but the fields the core's login schema reads them from (`access_token`, `refresh_token`,
 * `user.token`): read before that schema, whose own scrub of the answer (`granting`) then finds
 * no piece of a secret and builds no expression. On 2,048-character tokens echoed verbatim it
 * took seconds of CPU per login (test/server/login-token-budget: 45 s at load); the answer's own
 * scrub (`scrubTokens`) is unchanged.
 */
export function precleaned(answer: unknown, secrets: Iterable<string>): unknown {
  const plain = verbatim(new Set([...secrets].filter((s) => s !== '')));
  const walk = (value: unknown, keep: readonly string[], depth: number): unknown => {
    if (typeof value === 'string') return plain(value);
    if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, [], depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      define(
        out,
        key,
        keep.includes(key) ? item : walk(item, depth === 0 && key === 'user' ? ['token'] : [], depth + 1),
      );
    return out;
  };
  return walk(answer, ['access_token', 'refresh_token'], 0);
}

/**
 * The numbers (as `String(number)`) that spell one of `secrets`: an all-digit secret echoed as a
 * JSON number, as JSON.parse reads it (leading zeros gone, beyond 2^53 the nearest double), the
 * core scrubber's rule for an error body (src/errors/scrub.ts).
 *
 * @example
 * numbersOf(['000123456789012345', 'abc']); // Set { '123456789012345' }
 */
const numbersOf = (secrets: Iterable<string>): Set<string> =>
  new Set([...secrets].filter((s) => /^\d+$/.test(s)).map((s) => String(+s)));

/**
 * What the browser may see of `value`: no token field (`stripTokens`), and no value that holds one
 * of `secrets` (the session's own: the cookie's token, its successors, the auth answers' token
 * fields), in any form the core's scrubber knows (entities, percent and backslash escapes...),
 * and any run of 12 characters or more of one (a cut echo, `<the token less its last 4>…`: the
 * core adapter's rule for what errors carry, `parts`, here in every answer, 2xx free text too: the
 * browser holds no token to compare; R30-2): each becomes `'[redacted]'`, in string values, and a number equal to an all-digit one
 * (`numbersOf`) too; every verbatim echo of `dropped` (`droppedTokensOf`) as well. Throws `ScrubFailure` (never another
 * error, never a message with a secret) when that cannot be done: then nothing is passed on.
 * `make` builds the scrubber (the core's; a test may give one that fails).
 */
export function scrubTokens(
  value: unknown,
  secrets: Iterable<string>,
  make: (secrets: Iterable<string>, parts: true) => { text(t: string): string } = createScrubber,
  dropped: Iterable<string> = [],
): unknown {
  const stripped = stripTokens(value);
  const unique = new Set([...secrets].filter((s) => s !== ''));
  if (unique.size > MAX_SECRETS) throw new ScrubFailure('Too many secrets to hunt.');
  let chars = 0;
  for (const s of unique) chars += s.length;
  if (chars > MAX_SECRET_CHARS) throw new ScrubFailure('Secrets too long to hunt.');
  try {
    const core = make(unique, true); // `parts`: a cut echo too (REVIEW-L 5, R30-2)
    // (The values dropped with a token-named key, `droppedTokensOf`: verbatim, in any case.)
    // (An all-digit one echoed as a JSON number too: review 126.)
    const hunted = [...unique, ...dropped];
    const plain = verbatim(hunted);
    return scrubValues(stripped, { text: (t) => core.text(plain(t)), numbers: numbersOf(hunted) });
  } catch (error) {
    if (error instanceof ScrubFailure) throw error;
    throw new ScrubFailure('The scrubber failed.'); // no cause: the error may spell the secrets
  }
}

/** The fixed route (under the prefix) that fetches a report's file. */
export const REPORT_FILE_ROUTE = '/report-file';

/**
 * `url` as the client's adapter would read it: absolute as is (`https:` alone is no URL, not the
 * API's base: throws), a path joined to the API's base.
 */
function absolute(apiBaseURL: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return new URL(url).href;
  if (/^[\\/]{2}/.test(url)) return new URL(url, apiBaseURL).href;
  return `${apiBaseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Whether `url` is on the API: same origin as `apiBaseURL` and under its path. Such a URL gets
 * the token; nothing else is fetched by the proxy.
 */
export function isOnApi(apiBaseURL: string, url: string): boolean {
  try {
    const api = new URL(apiBaseURL);
    const target = new URL(absolute(apiBaseURL, url));
    const base = api.pathname.replace(/\/+$/, '');
    if (target.username !== '' || target.password !== '') return false;
    return (
      target.origin === api.origin &&
      (base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`))
    );
  } catch {
    return false;
  }
}

/**
 * The report file's URL, as an absolute URL on the API, or null: only a URL the client would
 * download (`isDownloadURL`: no C0 control, DEL, whitespace or backslash anywhere, no leading `//`,
 * http(s) or a path) is judged, so the file fetched with the token is the one a browser names too.
 */
export function apiFileURL(apiBaseURL: string, url: unknown): string | null {
  if (!isDownloadURL(url) || !isOnApi(apiBaseURL, url)) return null;
  return new URL(absolute(apiBaseURL, url)).href;
}

/**
 * Income-report answers: a `download_url` on the API becomes `/report-file?id=<report id>`
 * (relative: the browser client joins it to the prefix; the route reads the report again and
 * fetches the file it names), or null when the answer has no report id. Another absolute http(s)
 * URL the client would download (a bucket's pre-signed link, fetched without any credential) stays;
 * any other (`javascript:`, one with a C0 control a browser strips, `"\u0001javascript:..."`:
 * review rj10 MED-1) goes out as null, never as the API wrote it.
 */
export function rewriteDownloadURL(value: unknown, apiBaseURL: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const url = record.download_url;
  if (url == null) return value;
  if (apiFileURL(apiBaseURL, url) === null)
    return isDownloadURL(url) && URL.canParse(url) ? value : { ...record, download_url: null };
  const id = record.id;
  const named = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
  return { ...record, download_url: named ? `${REPORT_FILE_ROUTE}?id=${id}` : null };
}
