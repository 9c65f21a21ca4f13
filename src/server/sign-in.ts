// A login or registration answer (`login`): a completed one seals the session (`sealLogin`); the
// token the API issued is revoked whenever it was not sealed into the answer that goes out.

import { ResponseValidationError } from '../errors/validation';
import { accountStanding } from '../responsible-gaming/standing';
import { isHeaderSafeToken } from '../schemas/common';
import { answer, message, UNSCRUBBABLE } from './answer';
import type { CallSession, ServerParts } from './context';
import { isSessionToken, isTokenType, type SessionData, sessionSecrets, tokenIssue } from './cookie';
import { lineageOf, STEPS_ON } from './lineage';
import { back, readAnswer, refusedCheck, relay } from './relay';
import type { Route } from './routes';
import { endLogins } from './sign-out';
import { fieldsOf, MAX_SECRET_CHARS, MAX_SECRETS, precleaned } from './strip';
import type { UpstreamAnswer } from './upstream';

/** A login its browser's logout ended while it was in flight (lineage.ts): signed out, as the logout said. */
const LOGGED_OUT = 'Signed out: a logout from this browser ended this sign-in.';
const ABANDONED = 'Signed out: the browser gave up on this sign-in.';
/** Token lifetime assumed when a login answer gives no `expires_in` (the reference server's 8 h). */
const DEFAULT_TOKEN_MS = 28_800_000;
const CANCELLED = { type: 'cancelled_account', message: 'This account has been cancelled.' };

/**
 * A login or registration answer: a completed one seals the session (`sealLogin`); the token the
 * API issued (its `access_token` as sent) is revoked whenever it was not sealed into the answer
 * that goes out, whatever the reason (a challenge or cancelled answer that carries one, a failed
 * status, a schema refusal, a cancelled player, a token the cookie cannot hold, an answer that
 * could not be cleaned, a failure after it was built): no token the server does not keep is left
 * live at the API (review 7: a two-factor challenge's was; review 9: an uncleanable answer's).
 */
export async function login(
  parts: ServerParts,
  call: CallSession,
  up: UpstreamAnswer,
  route: Route,
): Promise<Response> {
  const issued = isRecord(up.json) ? up.json : {};
  const previous = call.session; // the login the call's cookie holds, if any
  let kept: string | undefined;
  try {
    const response = await sealLogin(parts, call, up, route);
    // `begun`: the session sealed into the answer built (an answer that could not be cleaned
    // abandoned it). Signing in replaces the session (better-auth, supabase): the one the cookie
    // held ends as at a logout (never the new token, should the API answer the same).
    const sealed = call.begun();
    // (Another ending of that login came first in the store's order (a logout, a login sent with the
    // same cookie): this one was in flight across it, whatever a read that lagged or failed said.
    // Refused as a login the lineage's mark refuses, its token revoked (fiftieth pass,
    // `logout-replicas.property`: sealed on an instance whose reads lagged, it outlived the logout.)
    // (So is one sent with the cookie of a login that is not live, when a clearing answer of that
    // cookie came first (`clearedFirst`): on the wire, that answer would clear this login's cookie
    // (review 75); and one sent with any cookie of a lineage a clearing answer of another of its
    // cookies came first in (`cut`: an older cookie of the browser, slow on its way).)
    const carried = call.carried();
    if (
      sealed !== undefined &&
      ((previous
        ? (await endLogins(parts, call, [previous], sealed)).size > 0
        : carried !== null && (await parts.rotations.clearedFirst(carried))) ||
        (carried !== null && !(await parts.rotations.cut(carried, false))))
    ) {
      call.abandon();
      call.keepCookie();
      return answer(call, 401, { message: LOGGED_OUT, pam: 'signed_out' }, back(call, up), true);
    }
    kept = sealed;
    return response;
  } finally {
    // Never a token the call's session holds (an API answering the live session's own token).
    // (Each one an answer read as unreadable names, a key twice: review 110.)
    for (const token of new Set([issued.access_token, ...(up.granted ?? [])]))
      if (isHeaderSafeToken(token) && ![kept, call.cookieToken(), previous?.token].includes(token))
        await call.revoke(token, tokenTypeOf(issued.token_type));
  }
}

export type Granted = { access_token?: string; token_type?: string };

/**
 * The token of a login answer the proxy gave up on (too large to read, cut off, or past the
 * deadline: `UpstreamCall.grants`), revoked: the API may have signed the player in, and no
 * session holds it (never the token of the session the call's cookie holds).
 */
export async function revokeGranted(call: CallSession, { access_token: token, token_type: type }: Granted) {
  if (isHeaderSafeToken(token) && token !== call.cookieToken() && token !== call.session?.token)
    await call.revoke(token, tokenTypeOf(type));
}

/** A login answer's `token_type` as the `Authorization` scheme (`isTokenType`), else `Bearer`. */
const tokenTypeOf = (value: unknown): string => (isTokenType(value) ? value : 'Bearer');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The answer to a login (`login`); a completed one begins its session (`CallSession.begin`). */
async function sealLogin(
  parts: ServerParts,
  call: CallSession,
  up: UpstreamAnswer,
  route: Route,
): Promise<Response> {
  if (up.unreadable) return relay(call, up);
  // A refresh token the schema drops is still scrubbed elsewhere, and held by the session.
  const found = call.hunt(up.json, true);
  // A token the server cannot hunt (`hunt`: null): whatever the schema reads, no answer of the
  // API's goes out of this call (`answer`: the fixed 502), and its token is revoked by `login`:
  // decided before the schema's own scrub, whose cost grows with that token's length.
  if (!found) return answer(call, 502, UNSCRUBBABLE, back(call, up), true);
  let body: Record<string, unknown> | undefined;
  try {
    // Its verbatim echoes replaced first (`precleaned`): the schema's own scrub then costs nothing.
    body = readAnswer(route, { ...up, json: precleaned(up.json, call.tokens()) }) as
      | Record<string, unknown>
      | undefined;
  } catch (error) {
    return refusedCheck(call, error, back(call, up));
  }
  const token = body?.access_token;
  const completed =
    up.status === 200 && typeof token === 'string' && token !== '' && (body?.type ?? null) === null;
  if (!completed || !body) {
    // An answer that seals nothing (a challenge, a 422, a 5xx) holding a token the server cannot
    // hunt (`isSessionToken`: longer than 2,048 characters, shorter than 16): its echo (in the
    // message, the errors) could not be scrubbed, so nothing of it goes out: the fixed 502, the
    // token revoked by `login` (review 10, F). One the server holds is hunted (`hunt`), relayed.
    const issued = isRecord(up.json) ? up.json.access_token : undefined;
    if (typeof issued === 'string' && issued !== '' && !isSessionToken(issued))
      return answer(call, 502, UNSCRUBBABLE, back(call, up), true);
    return answer(call, up.status, body, back(call, up));
  }
  // The scheme is sealed with the token: a word of at most 32 characters (`isTokenType`), else the
  // cookie could pass what browsers keep (review 10, B); absent: `Bearer`.
  if (body.token_type != null && !isTokenType(body.token_type)) {
    const issue = {
      path: ['token_type'],
      code: 'invalid_format',
      message: 'a word of at most 32 characters',
    };
    return refusedCheck(call, new ResponseValidationError(route.name, [issue]), back(call, up));
  }
  const tokenType = tokenTypeOf(body.token_type);
  const user = body.user as { id?: unknown } | undefined;
  const playerId = user?.id;
  // A session is sealed only for a token the cookie can hold (`isSessionToken`, the refresh's
  // check too) and a named player (every read is then checked against it) whose account is not
  // cancelled; otherwise the token the API issued is revoked (when it can be sent), never kept.
  // The answer's other secrets (a refresh token, a `user.token` not the access token) are the
  // session's: sealed with it and hunted in every call. One the server would not hold (`hunt`:
  // null) refuses the login. The access token is always sealed: the others give way when the
  // cookie cannot hold them all (`fitsCookie`), the refresh token kept first (`sessionSecrets`);
  // those left out are hunted in this answer only (`hunt` holds them for the call).
  // This call hunts them all, the sealed and those left out, with any the call's cookie held: more
  // than one call can hunt (`canHunt`) refuses the login here, before a session is begun (its
  // answer would fail to scrub after its cookie was set).
  if (!found || !canHunt(call.tokens())) return answer(call, 502, UNSCRUBBABLE, back(call, up), true);
  const sealable = isSessionToken(token);
  const secrets = sealable ? sessionSecrets(token, found) : [];
  if (!sealable || !Number.isSafeInteger(playerId) || accountStanding(user) === 'cancelled') {
    if (accountStanding(user) === 'cancelled') return answer(call, 200, CANCELLED, back(call, up), true);
    const issue = sealable
      ? { path: ['user', 'id'], code: 'invalid_type', message: 'a completed login names its player' }
      : tokenIssue(token) === 'too_big'
        ? { path: ['access_token'], code: 'too_big', message: 'a token the session cookie can hold' }
        : { path: ['access_token'], code: 'too_small', message: 'a token long enough to hunt in answers' };
    return refusedCheck(call, new ResponseValidationError(route.name, [issue]), back(call, up));
  }
  const now = parts.now();
  const expiresIn =
    typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : DEFAULT_TOKEN_MS;
  let session: SessionData = {
    v: 1,
    token,
    tokenType,
    tokenAt: now,
    tokenExpiresAt: now + expiresIn,
    playerId: playerId as number,
    loginId: globalThis.crypto.randomUUID(),
    signedInAt: now,
    seenAt: now,
    ...(secrets.length > 0 ? { secrets, fields: fieldsOf(up.json, secrets) } : {}),
  };
  // A login sent with a cookie joins that cookie's lineage (the browser's), then reads whether a
  // logout ended it (lineage.ts: the logout marks, then reads the lineage's logins): a logout sent
  // while this login was in flight ends it, its token revoked by `login` and no cookie set. One
  // sent with no cookie starts a lineage of its own, which no logout can have ended yet. One sent
  // with the cookie of a lineage a logout ended `IN_FLIGHT_MS` or more before it arrived (sent after
  // that logout's answer, lost: the browser kept the cookie, which no other answer clears: context.ts
  // `decideLine`) joins that lineage's successor (`joinedBy`), with every login sent with that cookie.
  // A lineage full (`MAX_LOGINS`) is marked so, then read: unless a logout ended it (review 58),
  // the login goes on to the next step, which a logout of it walks (review 59); eight steps at
  // most, then a lineage of its own. The eighth is its own successor: ended, it refuses a login
  // only within its window (review 60: eight lost logouts locked the browser out for a day). A
  // login sent with a live login's cookie joins that lineage itself, never a successor: a mark on it
  // predates that login, and refuses only within its window (review 62: one went on to a step no
  // logout of that live cookie walks).
  const carried = call.carried();
  const until = now + parts.cookie.absoluteMs;
  const from = carried && lineageOf(carried);
  // (A cookie of a login ended by a login over it, not by a logout: its lineage's mark, if any,
  // predates that login, as a live cookie's does; it joins that lineage itself (fiftieth pass,
  // `logout-replicas.property`: sent before the new login's answer, it went on to a successor
  // that a logout of the new login never walks, and that logout cleared its cookie, it left live).)
  const mark = !call.session && from ? await parts.lineages.endOf(from).catch(() => null) : null;
  const live = call.session != null || (mark !== null && mark.at < carried!.signedInAt);
  let lineage = from && (live ? from : await parts.lineages.joinedBy(from, call.arrivedAt));
  let joined = false;
  while (lineage && !joined) {
    const last = lineage.length >= from!.length + STEPS_ON;
    joined = await parts.lineages.join({ ...session, lineage }, until);
    // (Its cookie, of the ended lineage, left as it is: `pam: 'signed_out'` tells the browser
    // client, whose tabs may show a login ended meanwhile, to read the session: review 50.)
    if (await parts.lineages.refuses(lineage, call.arrivedAt, last || live))
      return answer(call, 401, { message: LOGGED_OUT, pam: 'signed_out' }, back(call, up), true);
    if (joined) session = { ...session, lineage };
    else lineage = last ? '' : `${lineage}+`;
  }
  if (!joined) await parts.lineages.join(session, until);
  // The browser gave up on it (cancel, logout, stop: its fetch aborted, a Set-Cookie it would drop;
  // the platform aborts `request.signal`): never sealed, its token revoked by `login` (REVIEW-S S-7).
  if (call.request.signal?.aborted) return message(call, 401, ABANDONED, back(call, up));
  call.begin(session);
  const server_session = {
    login_id: session.loginId,
    player_id: session.playerId,
    signed_in_at: now,
    expires_at: now + parts.cookie.absoluteMs, // the latest end: refreshes carry it past the token
  };
  return answer(call, 200, { ...body, server_session }, back(call, up));
}

/** Whether one call can hunt `secrets` (`scrubTokens`' bounds: `MAX_SECRETS`, `MAX_SECRET_CHARS`). */
function canHunt(secrets: Iterable<string>): boolean {
  const unique = new Set([...secrets].filter((s) => s !== ''));
  let chars = 0;
  for (const s of unique) chars += s.length;
  return unique.size <= MAX_SECRETS && chars <= MAX_SECRET_CHARS;
}
