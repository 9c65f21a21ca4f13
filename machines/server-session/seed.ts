// The seed the server-session client starts from (`initial`, or `GET <prefix>/session`), checked
// before anything is believed, and the profile flow's first read answered from it (so a seeded
// page makes no second profile read).

import { type AuthUser, type HttpAdapter, type PamSessionSeed, ResponseValidationError } from 'pam-client';
import { fromPromise } from '../actor-logic';
import { trusted } from '../clock';
import { isRecord, type ProfileOwner, type ProfileServices, type ReadOutcome } from '../session/profile';
import { readProfileOnce } from '../session/profile-read';

const STATUSES = ['signedIn', 'signedOut', 'unavailable'] as const;
const MAX_ID = 128;

const instantOrNull = (v: unknown): number | null | undefined =>
  v === null || v === undefined
    ? null
    : typeof v === 'number' && Number.isFinite(v) && v >= 0
      ? v
      : undefined;

/**
 * Whether `value` may carry a token: a key naming one (ending in "token", any case: `access_token`,
 * `token`, `api_Token`) or a `__proto__` key (the proxy drops both) at any depth, or nested past 64
 * levels (fail closed: unread is not absent).
 * The proxy's own rule (src/server/strip.ts `stripTokens`, test/server-session/token-depth), so
 * nothing it passes on is refused; 65 frames at most, however deep the value.
 */
export const carriesToken = (value: unknown, depth = 0): boolean =>
  depth > 64 ||
  (!!value &&
    typeof value === 'object' &&
    Object.entries(value).some(
      ([key, inner]) => /token$/i.test(key) || key === '__proto__' || carriesToken(inner, depth + 1),
    ));

/**
 * `value` as the proxy passes it on (its `stripTokens`): a copy without the keys `carriesToken`
 * finds (a token's, `__proto__`), at any depth; `value` itself when it has none (a Blob, a string).
 * What a relay let through (review 156: `remember_token` in a profile re-read reached the
 * inspector; a 2xx of `client.user` handed an `access_token` to the app) never reaches the page:
 * the client holds no token. Past 64 levels: refused (nothing that deep is a service answer).
 */
export const withoutTokens = (value: unknown): unknown => (carriesToken(value) ? stripped(value, 0) : value);
const stripped = (value: unknown, depth: number): unknown => {
  if (depth > 64)
    throw new ResponseValidationError('answer', [{ path: [], code: 'too_deep', message: 'nested too deep' }]);
  return !value || typeof value !== 'object'
    ? value
    : Array.isArray(value)
      ? value.map((v) => stripped(v, depth + 1))
      : Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => !/token$/i.test(k) && k !== '__proto__')
            .map(([k, v]) => [k, stripped(v, depth + 1)]),
        );
};

/**
 * The seed, checked (one carrying a token field anywhere is none, as a login answer with one is
 * refused: REVIEW-S S-5): a known status; `signedIn` only with a player (an object with a whole-number
 * id), a userInfo object and a login id. Null for anything else (the client then asks the server).
 */
export function parseSeed(raw: unknown): PamSessionSeed | null {
  if (!isRecord(raw) || !STATUSES.includes(raw.status as never) || carriesToken(raw)) return null;
  const status = raw.status as PamSessionSeed['status'];
  const readAt = instantOrNull(raw.readAt);
  const expiresAt = instantOrNull(raw.expiresAt);
  const loginId =
    typeof raw.loginId === 'string' && raw.loginId.length > 0 && raw.loginId.length <= MAX_ID
      ? raw.loginId
      : null;
  if (readAt === undefined || expiresAt === undefined) return null;
  if (status === 'signedOut')
    return { status, user: null, userInfo: null, readAt: null, loginId: null, expiresAt: null };
  if (loginId === null) return null;
  if (status === 'unavailable')
    return { status, user: null, userInfo: null, readAt: null, loginId, expiresAt };
  // (No token field in it: `carriesToken`.)
  const user = raw.user as AuthUser;
  if (!isRecord(user) || !Number.isSafeInteger(user.id) || !isRecord(raw.userInfo)) return null;
  return { status, user, userInfo: raw.userInfo, readAt, loginId, expiresAt };
}

const SIGNED_OUT = 'pam-client.signedOut';

/**
 * The logins whose sign-out this origin saw (REVIEW-P P6), the last 20, in `localStorage` (none,
 * or one that throws: none): a seed of one is not shown (`unlessSignedOut`). `add`: one more (an
 * effect: the machine's `announce`).
 */
export function signedOutLogins(add?: string): unknown[] {
  let ids: unknown;
  try {
    ids = JSON.parse(localStorage.getItem(SIGNED_OUT)!);
  } catch {}
  const list = Array.isArray(ids) ? ids : [];
  try {
    if (add) localStorage.setItem(SIGNED_OUT, JSON.stringify([...list, add].slice(-20)));
  } catch {}
  return list;
}

/**
 * `seed`, unless of a login this origin saw signed out: then `or` (the page's seed, an old page
 * replayed: none, the server is asked; the seed route's, a read begun before that logout: signed out).
 */
export const unlessSignedOut = <T>(seed: PamSessionSeed | null, or: T) =>
  signedOutLogins().includes(seed?.loginId) ? or : seed;

/** The seed route read (`GET <prefix>/session`): a seed of a login this origin saw signed out is not shown. */
export const readSession = (http: HttpAdapter) => async (signal?: AbortSignal) => {
  const seed = parseSeed(await http.get('/session', { signal, skipAuthRefresh: true }));
  if (!seed)
    throw new ResponseValidationError('session', [{ path: [], code: 'seed', message: 'not a session seed' }]);
  return unlessSignedOut(seed, parseSeed({ status: 'signedOut' }))!;
};

/** The profile flow's services here: its reads, plus the seed's answer to its first one. */
export interface SeededProfileServices extends ProfileServices {
  /** The seed's profile, once, for the login it was read for; null afterwards. */
  takeSeed(owner: ProfileOwner): Extract<ReadOutcome, { ok: true }> | null;
}

/**
 * A profile read for `owner` (as the profile flow's own `readProfile`), answered from the seed the
 * first time when the seed is current at the clock (`seedOutcomeOf`; else read at once): stamped
 * with the seed's own read time, never now (the session then has the flow stamp the clock).
 */
export const seededReadProfile = /* @__PURE__ */ fromPromise<
  ReadOutcome,
  // The flow's own input (its services may carry the seed: `takeSeed`, given by this mode only).
  {
    services: ProfileServices & Partial<SeededProfileServices>;
    owner: ProfileOwner;
    read?: number;
    since?: number;
  }
>(async ({ input, signal }) => {
  const { services, owner } = input;
  const seeded = services.takeSeed?.(owner);
  // Trusted like the flow's own outcomes (the flow takes no other).
  if (seeded) return trusted({ ...seeded, read: input.read });
  return readProfileOnce(services, owner, signal, input.read, input.since);
});
