// `handle(request)`: the routes under the prefix. Each call is checked (path, query, origin,
// body), then forwarded with the cookie's token, and its answer stripped of every token.

import { RequestValidationError, ResponseValidationError } from '../errors/validation';
import { parseRequest, parseResponse } from '../schemas/common';
import { answer, message } from './answer';
import { CallSession, type ServerParts } from './context';
import type { SessionData } from './cookie';
import { checkOrigin, Refusal, readBody, segmentsUnder } from './guard';
import { apiPathOf, matchPath, type Route } from './routes';
import { readSeed } from './seed';
import { apiFileURL, REPORT_FILE_ROUTE, rewriteDownloadURL, stripTokens } from './strip';
import type { PamRequestContext } from './types';
import { callApi, passedBack, type UpstreamAnswer, UpstreamUnreachable } from './upstream';

const UNREADABLE = "The service's answer could not be read.";
const UNREACHABLE = 'The service could not be reached.';
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
  return answer(call, request ? 400 : 502, body, headers);
}

/** A 2xx answer of an auth row, read with the row's schema (the core's tolerant reading). */
const readAnswer = (route: Route | undefined, up: UpstreamAnswer): unknown =>
  route?.response && up.status >= 200 && up.status < 300
    ? parseResponse(route.name, route.response, up.json)
    : up.json;

/** The browser's view of an API answer: status, token-free JSON, Date and Retry-After. */
function relay(call: CallSession, up: UpstreamAnswer, route?: Route, apiBaseURL = ''): Promise<Response> {
  if (up.unreadable) return message(call, up.status, UNREADABLE, passedBack(up.headers));
  let read: unknown;
  try {
    read = readAnswer(route, up);
  } catch (error) {
    return refusedCheck(call, error, passedBack(up.headers));
  }
  let body = stripTokens(read);
  if (route?.name === 'getIncomeReportStatus' || route?.name === 'generateIncomeReport') {
    body = rewriteDownloadURL(body, apiBaseURL);
  }
  return answer(call, up.status, body, passedBack(up.headers));
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

async function login(
  parts: ServerParts,
  call: CallSession,
  up: UpstreamAnswer,
  route: Route,
): Promise<Response> {
  if (up.unreadable) return relay(call, up);
  let body: Record<string, unknown> | undefined;
  try {
    body = readAnswer(route, up) as Record<string, unknown> | undefined;
  } catch (error) {
    return refusedCheck(call, error, passedBack(up.headers));
  }
  const token = body?.access_token;
  const completed =
    up.status === 200 && typeof token === 'string' && token !== '' && (body?.type ?? null) === null;
  if (!completed || !body) return answer(call, up.status, stripTokens(body), passedBack(up.headers));
  const now = parts.now();
  const expiresIn =
    typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : DEFAULT_TOKEN_MS;
  const user = body.user as { id?: unknown } | undefined;
  const session: SessionData = {
    v: 1,
    token,
    tokenType:
      typeof body.token_type === 'string' && /^\w+$/.test(body.token_type) ? body.token_type : 'Bearer',
    tokenAt: now,
    tokenExpiresAt: now + expiresIn,
    playerId: typeof user?.id === 'number' ? user.id : null,
    loginId: globalThis.crypto.randomUUID(),
    signedInAt: now,
    seenAt: now,
  };
  call.begin(session);
  const server_session = {
    login_id: session.loginId,
    player_id: session.playerId,
    signed_in_at: now,
    expires_at: now + parts.cookie.absoluteMs, // the latest end: refreshes carry it past the token
  };
  return answer(call, 200, { ...(stripTokens(body) as object), server_session }, passedBack(up.headers));
}

async function logout(parts: ServerParts, call: CallSession): Promise<Response> {
  const s = call.session ? await parts.rotations.newest(call.session) : null;
  if (s) {
    parts.rotations.forget(s.token);
    try {
      await callApi(parts.upstream, {
        method: 'POST',
        target: parts.logoutPath,
        token: { value: s.token, type: s.tokenType },
        request: call.request,
        context: call.context,
      });
    } catch {
      // Unreachable: the cookie is cleared all the same; the token dies at its expiry.
    }
  }
  call.signOut();
  return answer(call, 204, undefined);
}

async function reportFile(parts: ServerParts, call: CallSession, search: URLSearchParams): Promise<Response> {
  const keys = [...search.keys()];
  const url =
    keys.length === 1 && keys[0] === 'url' ? apiFileURL(parts.upstream.apiBaseURL, search.get('url')) : null;
  if (url === null) return message(call, 400, 'The file must be on the service.');
  const done = await authed(call, (s) =>
    callApi(
      parts.upstream,
      {
        method: 'GET',
        target: url,
        token: { value: s.token, type: s.tokenType },
        request: call.request,
        context: call.context,
      },
      true,
    ),
  );
  if ('unauthenticated' in done) return message(call, 401, 'Unauthenticated.');
  const { up } = done;
  if (up.stream) return answer(call, up.status, up.stream, passedBack(up.headers, ['content-disposition']));
  return relay(call, up);
}

async function route(parts: ServerParts, call: CallSession, segments: string[], url: URL): Promise<Response> {
  const { request } = call;
  if (segments.length === 1 && segments[0] === 'session' && request.method === 'GET') {
    if (url.search !== '') return message(call, 400, 'No query here.');
    const seed = await readSeed(parts, call);
    return answer(call, 200, seed.initial);
  }
  if (segments.length === 1 && `/${segments[0]}` === REPORT_FILE_ROUTE && request.method === 'GET') {
    return reportFile(parts, call, url.searchParams);
  }
  const matched = matchPath(parts.routes, request.method, segments);
  if (!matched) return message(call, 404, 'Not found.');
  const apiPath = apiPathOf(matched, segments, url.searchParams);
  if (apiPath === null) return message(call, 400, 'Query parameter not allowed.');
  const raw = await readBody(request, parts.maxBodyBytes);
  if (raw instanceof Refusal) return message(call, raw.status, raw.message);
  if (matched.kind === 'logout') return logout(parts, call);
  let body = raw;
  if (matched.request) {
    // What the core's module sends: the payload as its schema reads it (nothing sent when it fails).
    try {
      body = JSON.stringify(
        parseRequest(matched.name, matched.request, raw === '' ? undefined : JSON.parse(raw)),
      );
    } catch (error) {
      return refusedCheck(call, error);
    }
  }
  const send = (token?: SessionData) =>
    callApi(parts.upstream, {
      method: matched.method,
      target: apiPath,
      body,
      token: token ? { value: token.token, type: token.tokenType } : undefined,
      request,
      context: call.context,
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
  await call.load();
  try {
    return await route(parts, call, segments, url);
  } catch (error) {
    if (error instanceof UpstreamUnreachable) return message(call, 502, UNREACHABLE);
    throw error;
  }
}
