// `handle(request)`: the routes under the prefix. Each call is checked (path, query, origin,
// body), then forwarded with the cookie's token, and its answer stripped of every token.

import { RequestValidationError, ResponseValidationError } from '../errors/validation';
import { accountStanding } from '../responsible-gaming/standing';
import { isHeaderSafeToken, parseRequest, parseResponse } from '../schemas/common';
import { secretValuesOf } from '../secrets/secret';
import { answer, failed, message, UNREACHABLE, UNSCRUBBABLE } from './answer';
import { CallSession, type ServerParts } from './context';
import { isSessionToken, isTokenType, type SessionData, sessionSecrets, tokenIssue } from './cookie';
import { fileHeaders, withoutTokens } from './file';
import { checkOrigin, Refusal, readBody, segmentsUnder } from './guard';
import { lineageOf } from './lineage';
import { apiPathOf, isId, matchPath, ownsIds, type Route } from './routes';
import { readSeed } from './seed';
import { StoreFailure } from './store';
import {
  apiFileURL,
  fieldsOf,
  MAX_SECRET_CHARS,
  MAX_SECRETS,
  precleaned,
  REPORT_FILE_ROUTE,
  rewriteDownloadURL,
  ScrubFailure,
} from './strip';
import type { PamLogoutIncomplete, PamRequestContext } from './types';
import { callApi, passedBack, type UpstreamAnswer, UpstreamTooLarge, UpstreamUnreachable } from './upstream';

const UNREADABLE = "The service's answer could not be read.";
const STORE_DOWN = 'The session store could not be reached.';
/** An answer of the API beyond the proxy's bound: thrown by the browser client as ResponseValidationError. */
const TOO_LARGE = {
  message: "The service's answer is larger than the proxy reads.",
  pam: 'invalid_response',
  issues: [{ path: [], code: 'too_big', message: 'the answer exceeds the bound the proxy reads' }],
};
/** A login its browser's logout ended while it was in flight (lineage.ts): signed out, as the logout said. */
const LOGGED_OUT = 'Signed out: a logout from this browser ended this sign-in.';
const ABANDONED = 'Signed out: the browser gave up on this sign-in.';
/** Token lifetime assumed when a login answer gives no `expires_in` (the reference server's 8 h). */
const DEFAULT_TOKEN_MS = 28_800_000;

/**
 * A check the proxy made with the core's schemas, refused: `{ message, pam, issues }` (the issues'
 * paths, codes and messages, never a value), which the browser client throws as the core's own
 * error (`RequestValidationError`: 400; `ResponseValidationError`: 502).
 */
function refusedCheck(call: CallSession, error: unknown, headers?: Headers): Promise<Response> {
  const request = error instanceof RequestValidationError;
  if (!request && !(error instanceof ResponseValidationError)) throw error;
  const body = {
    message: error.message,
    pam: error.code,
    issues: error.issues.map(({ path, code, message }) => ({ path, code, message })),
  };
  return answer(call, request ? 400 : 502, body, headers, true);
}

/** The API's Date and Retry-After as the proxy writes them again (`passedBack`). */
const back = (call: CallSession, up: UpstreamAnswer): Headers => passedBack(up.headers, call.parts.now());

/** A 2xx answer of an auth row, read with the row's schema (the core's tolerant reading). */
const readAnswer = (route: Route | undefined, up: UpstreamAnswer): unknown =>
  route?.response && up.status >= 200 && up.status < 300
    ? parseResponse(route.name, route.response, up.json)
    : up.json;

/** The browser's view of an API answer: status, token-free JSON (`answer` scrubs it), Date and Retry-After. */
function relay(call: CallSession, up: UpstreamAnswer, route?: Route, apiBaseURL = ''): Promise<Response> {
  if (up.unreadable) return message(call, up.status, UNREADABLE, back(call, up));
  if (route?.response !== undefined) call.hunt(up.json); // an auth answer's own token fields, before a schema drops them
  let read: unknown;
  try {
    read = readAnswer(route, up);
  } catch (error) {
    return refusedCheck(call, error, back(call, up));
  }
  const body = REPORT_ROUTES.has(route?.name ?? '') ? rewriteDownloadURL(read, apiBaseURL) : read;
  return answer(call, up.status, body, back(call, up));
}

/** Forwards with the session's token; a 401 caused by a rotation meanwhile is sent again once. */
async function authed(call: CallSession, send: (s: SessionData) => Promise<UpstreamAnswer>) {
  if (!(await call.keepFresh()) || !call.session) {
    call.signOut();
    return { unauthenticated: true as const };
  }
  let up = await send(call.session);
  if (up.status === 401) {
    const newer = await call.replaced();
    if (newer) up = await send(newer);
    if (up.status === 401) call.signOut();
  }
  return { up };
}

const REPORT_ROUTES = new Set(['getIncomeReportStatus', 'generateIncomeReport']);
const CANCELLED = { type: 'cancelled_account', message: 'This account has been cancelled.' };

/**
 * A login or registration answer: a completed one seals the session (`sealLogin`); the token the
 * API issued (its `access_token` as sent) is revoked whenever it was not sealed into the answer
 * that goes out, whatever the reason (a challenge or cancelled answer that carries one, a failed
 * status, a schema refusal, a cancelled player, a token the cookie cannot hold, an answer that
 * could not be cleaned, a failure after it was built): no token the server does not keep is left
 * live at the API (review 7: a two-factor challenge's was; review 9: an uncleanable answer's).
 */
async function login(
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
    if (previous && sealed !== undefined) await endLogins(parts, call, [previous], sealed);
    kept = sealed;
    return response;
  } finally {
    // Never a token the call's session holds (an API answering the live session's own token).
    const token = issued.access_token;
    if (isHeaderSafeToken(token) && ![kept, call.cookieToken(), previous?.token].includes(token)) {
      await call.revoke(token, tokenTypeOf(issued.token_type));
    }
  }
}

type Granted = { access_token?: string; token_type?: string };

/**
 * The token of a login answer the proxy gave up on (too large to read, cut off, or past the
 * deadline: `UpstreamCall.grants`), revoked: the API may have signed the player in, and no
 * session holds it (never the token of the session the call's cookie holds).
 */
async function revokeGranted(call: CallSession, { access_token: token, token_type: type }: Granted) {
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
  // sent with no cookie starts a lineage of its own, which no logout can have ended yet.
  const carried = call.carried();
  const until = now + parts.cookie.absoluteMs;
  const joined = carried ? { ...session, lineage: lineageOf(carried) } : null;
  if (joined && (await parts.lineages.join(joined, until))) {
    if (await parts.lineages.hasEnded(joined.lineage)) return message(call, 401, LOGGED_OUT, back(call, up));
    session = joined;
  } else await parts.lineages.join(session, until); // a lineage of its own (a 33rd login: a new one)
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

/**
 * Ends the login: marked ended (`Rotations.end`: no copy of its cookie is taken again, no token a
 * refresh in flight obtains is sealed), then, once no refresh of it runs here, its newest token
 * and the cookie's own are revoked at the API, and the cookie cleared.
 */
async function logout(parts: ServerParts, call: CallSession): Promise<Response> {
  const ending = call.session ? [call.session] : [];
  // The browser's lineage (lineage.ts), marked ended first, then read: every login of it, those a
  // call in flight made included, ends with this one (REVIEW-S, J(a)); the lineage's copy of the
  // cookie's own login too, when it knows a newer token (a stale cookie, past `graceMs`).
  const carried = call.carried();
  if (carried) {
    const lineage = lineageOf(carried);
    await parts.lineages.end(lineage, parts.now() + parts.cookie.absoluteMs);
    // Every store step best effort (REVIEW-P P1): an end that cannot be read ends the login again.
    // The ends read together: a stalled store costs one deadline (`STORE_MS`), not one per login.
    const members = (await parts.lineages.members(lineage)).filter(
      (s, i, all) =>
        !ending.some((e) => e.token === s.token) && all.findIndex((o) => o.token === s.token) === i,
    );
    const ended = await Promise.all(members.map((s) => parts.rotations.hasEnded(s).catch(() => false)));
    ending.push(...members.filter((_, i) => !ended[i]));
  }
  await endLogins(parts, call, ending);
  call.signOut(true);
  return answer(call, 204, undefined);
}

/**
 * Ends the logins of `sessions` (a logout, or a new login over one): each marked ended until its
 * absolute end, then, once no refresh of it runs here, its newest token, its own and the cookie's
 * revoked at the API, each once (best effort: unreachable, they die at their expiry), but `keep`
 * (a new login's token). The store's steps are best effort (REVIEW-P P1): one that fails never
 * keeps a token from its revoke. A login whose revoke still failed after the retries is told to
 * the app (`onLogoutIncomplete`), with whether the store recorded its end.
 */
async function endLogins(
  parts: ServerParts,
  call: CallSession,
  sessions: readonly SessionData[],
  keep?: string,
): Promise<void> {
  const tokens = new Map<string, [string, () => void]>();
  const cookie = call.cookieToken();
  await Promise.all(
    sessions.map(async (s) => {
      const recorded = await parts.rotations.end(s, s.signedInAt + parts.cookie.absoluteMs);
      let told = false;
      const failed = () => {
        if (!told) tell(parts, { loginId: s.loginId, playerId: s.playerId, recorded });
        told = true;
      };
      // The lineage's copy too: a refresh of it the rotations forgot (past `graceMs`, no store).
      // Both read together (one store deadline), their tokens kept in that order.
      const known = [...new Set([s, parts.lineages.latest(s) ?? s])];
      const newest = await Promise.all(
        known.map((k) => parts.rotations.settled(k).catch(() => parts.rotations.latestLocal(k))),
      );
      known.forEach((k, i) => {
        for (const token of [newest[i]!.token, k.token]) tokens.set(token, [newest[i]!.tokenType, failed]);
      });
      // The cookie's token, with its own login's scheme.
      if (cookie !== null && s.loginId === call.carried()?.loginId) tokens.set(cookie, [s.tokenType, failed]);
    }),
  );
  tokens.delete(keep ?? '');
  await Promise.all([...tokens].map(([token, [type, failed]]) => call.revoke(token, type, failed)));
}

/** The app's `onLogoutIncomplete` told (its throw or rejection goes nowhere: the logout stands). */
function tell(parts: ServerParts, event: PamLogoutIncomplete): void {
  try {
    Promise.resolve(parts.onLogoutIncomplete?.(event)).catch(() => {});
  } catch {}
}

/** Whether `url` (on the API) is, or may be, one of the API's own routes (JSON, never a file). */
function namesRoute(parts: ServerParts, url: string): boolean {
  const base = new URL(parts.upstream.apiBaseURL).pathname.replace(/\/+$/, '');
  const path = new URL(url).pathname.slice(base.length);
  try {
    const segments = path
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
    const joined = `/${segments.join('/')}`;
    // An encoded separator or dot segment (`..%2Fauth%2Fuser-profile`): an API that decodes it
    // may serve one of its routes there (REVIEW-P L4). Refused, as the proxy's own paths are.
    return (
      segments.some((s) => /[/\\]|^\.\.?$/.test(s)) ||
      joined === parts.refreshPath ||
      joined === parts.logoutPath ||
      parts.routes.some((r) => matchPath([r], r.method, segments))
    );
  } catch {
    return true; // a malformed escape: refused
  }
}

/**
 * `GET P/report-file?id=<report id>`: the file of this player's income report. The route reads
 * the report with the cookie's token (`getIncomeReportStatus`: the API answers only the token's
 * own reports) and fetches the `download_url` that answer names, on the API, never one of its
 * routes; no URL is taken from the browser. The file goes out as a download (`FILE_TYPES`,
 * attachment, nosniff), cut off if it holds a token.
 */
async function reportFile(parts: ServerParts, call: CallSession, search: URLSearchParams): Promise<Response> {
  const id = search.get('id');
  if ([...search.keys()].join() !== 'id' || id === null || !isId(id))
    return message(call, 400, 'A report id is needed.');
  const read = (target: string, file = false) =>
    authed(call, (s) =>
      callApi(
        parts.upstream,
        {
          method: 'GET',
          target,
          token: { value: s.token, type: s.tokenType },
          request: call.request,
          context: call.context,
        },
        file,
      ),
    );
  const report = await read(`/income-report/${id}`);
  if ('unauthenticated' in report || report.up.status === 401) return message(call, 401, 'Unauthenticated.');
  const { status } = report.up;
  if (status !== 200) return message(call, status === 404 ? 404 : 502, 'The report could not be read.');
  const record = report.up.json as Record<string, unknown> | null | undefined;
  const url = apiFileURL(parts.upstream.apiBaseURL, record?.download_url);
  if (url === null) return message(call, 404, 'This report has no file here.');
  if (namesRoute(parts, url)) return message(call, 502, 'The report names no file.');
  const file = await read(url, true);
  if ('unauthenticated' in file || file.up.status === 401) return message(call, 401, 'Unauthenticated.');
  const { stream } = file.up;
  const headers = fileHeaders(file.up.headers.get('content-type'), record?.reference_year);
  if (!stream || !headers) {
    await stream?.cancel();
    return message(call, file.up.status === 404 ? 404 : 502, 'The report file could not be fetched.');
  }
  return answer(call, 200, withoutTokens(stream, call.tokens()), headers);
}

async function route(parts: ServerParts, call: CallSession, segments: string[], url: URL): Promise<Response> {
  const { request } = call;
  if (segments.length === 1 && segments[0] === 'session' && request.method === 'GET') {
    if (url.search !== '') return message(call, 400, 'No query here.');
    const seed = await readSeed(parts, call);
    return answer(call, 200, seed.initial, undefined, true); // built here, scrubbed as every body
  }
  if (segments.length === 1 && `/${segments[0]}` === REPORT_FILE_ROUTE && request.method === 'GET') {
    return reportFile(parts, call, url.searchParams);
  }
  const matched = matchPath(parts.routes, request.method, segments);
  if (!matched) return message(call, 404, 'Not found.');
  const apiPath = apiPathOf(matched, segments, url.searchParams);
  if (apiPath === null) return message(call, 400, 'Query parameter not allowed.');
  if (call.session && !ownsIds(matched, segments, call.session.playerId))
    return message(call, 403, "Another player's account.");
  const raw = await readBody(request, parts.maxBodyBytes, parts.upstream.timeoutMs); // the call's one deadline
  if (raw instanceof Refusal) return message(call, raw.status, raw.message);
  if (matched.kind === 'logout') return logout(parts, call);
  let body = raw;
  // (JSON: `readBody` refused any other body.)
  let sent: unknown = raw === '' ? undefined : JSON.parse(raw);
  if (matched.request) {
    // What the core's module sends: the payload as its schema reads it (nothing sent when it fails).
    try {
      sent = parseRequest(matched.name, matched.request, sent);
      body = JSON.stringify(sent);
    } catch (error) {
      return refusedCheck(call, error);
    }
  }
  // The secrets of what is sent, hunted in its answers (W-1): bounded as the tokens (Z-3), or not sent.
  const secrets = new Set(secretValuesOf(sent));
  if (secrets.size > MAX_SECRETS || [...secrets].join('').length > MAX_SECRET_CHARS)
    return message(call, 400, 'Too many secrets in the request.');
  call.sent.push(...secrets);
  const send = (token?: SessionData) =>
    callApi(parts.upstream, {
      method: matched.method,
      target: apiPath,
      body,
      token: token ? { value: token.token, type: token.tokenType } : undefined,
      request,
      context: call.context,
      ...(matched.kind === 'login' ? { grants: (found: Granted) => revokeGranted(call, found) } : {}),
    });
  if (matched.kind === 'login') return login(parts, call, await send(), matched);
  if (matched.kind === 'public') return relay(call, await send(), matched);
  const done = await authed(call, send);
  if ('unauthenticated' in done) return message(call, 401, 'Unauthenticated.');
  return relay(call, done.up, matched, parts.upstream.apiBaseURL);
}

/** Answers a request under the prefix; undefined for any other. */
export async function handle(
  parts: ServerParts,
  request: Request,
  context?: PamRequestContext,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const segments = segmentsUnder(url.pathname, parts.prefix);
  if (segments === undefined) return undefined;
  if (segments instanceof Refusal) return message(null, segments.status, segments.message);
  const refused = checkOrigin(request, parts.origins);
  if (refused) return message(null, refused.status, refused.message);
  const call = new CallSession(parts, request, context);
  try {
    await call.load(matchPath(parts.routes, request.method, segments)?.kind === 'logout');
    return await route(parts, call, segments, url);
  } catch (error) {
    // A failure after a login began in this call: that login is abandoned (`failed`), no cookie of it.
    if (error instanceof UpstreamTooLarge) return failed(call, 502, TOO_LARGE);
    if (error instanceof UpstreamUnreachable) return failed(call, 502, { message: UNREACHABLE });
    // A scrubber's failure escaping a route (answer() catches its own): fixed, no secret in it.
    if (error instanceof ScrubFailure) return failed(null, 502, UNSCRUBBABLE);
    // The store failed (REVIEW-P P4): no session judged, no cookie changed, nothing of the API's.
    if (error instanceof StoreFailure) return failed(null, 503, { message: STORE_DOWN });
    throw error;
  }
}
