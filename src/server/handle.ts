// `handle(request)`: the routes under the prefix. Each call is checked (path, query, origin,
// body), then forwarded with the cookie's token, and its answer stripped of every token. What each
// route does is in its own file: sign-in.ts (a login's answer sealed), sign-out.ts, report-file.ts,
// relay.ts (an answer relayed, a check refused, a call forwarded with the session's token).

import { RequestValidationError } from '../errors/validation';
import { parseRequest } from '../schemas/common';
import { secretValuesOf } from '../secrets/secret';
import { answer, failed, message, UNREACHABLE, UNSCRUBBABLE } from './answer';
import { CallSession, type ServerParts } from './context';
import type { SessionData } from './cookie';
import { checkOrigin, Refusal, readBody, segmentsUnder } from './guard';
import { authed, refusedCheck, relay } from './relay';
import { reportFile } from './report-file';
import { apiPathOf, matchPath, ownsIds } from './routes';
import { readSeed } from './seed';
import { type Granted, login, revokeGranted } from './sign-in';
import { logout } from './sign-out';
import { StoreFailure } from './store';
import { MAX_SECRET_CHARS, MAX_SECRETS, REPORT_FILE_ROUTE, ScrubFailure } from './strip';
import type { PamRequestContext } from './types';
import { callApi, UpstreamTooLarge, UpstreamUnreachable } from './upstream';

const STORE_DOWN = 'The session store could not be reached.';
/** An answer of the API beyond the proxy's bound: thrown by the browser client as ResponseValidationError. */
const TOO_LARGE = {
  message: "The service's answer is larger than the proxy reads.",
  pam: 'invalid_response',
  issues: [{ path: [], code: 'too_big', message: 'the answer exceeds the bound the proxy reads' }],
};

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
  // The call's one deadline; a logout's body is read, bounded, and let be (a plain form posts one).
  const raw = await readBody(
    request,
    parts.maxBodyBytes,
    parts.upstream.timeoutMs,
    matched.kind !== 'logout',
  );
  if (raw instanceof Refusal) return message(call, raw.status, raw.message, raw.headers());
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
  } else if (sent !== undefined)
    // A row whose operation sends no body (connecting a social account): none is forwarded, a
    // page's `_method` or `redirect_uri` least of all (review 99), the same 400 as a schema's.
    return refusedCheck(
      call,
      new RequestValidationError(matched.name, [
        { path: [], code: 'invalid_type', message: 'This call sends no body.' },
      ]),
    );
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
  // HEAD is a GET without its body (docs/server.md: reads are GET, HEAD), on every GET route: the
  // same checks, status and headers (a refreshed session's cookie too); the body let go unread.
  if (request.method === 'HEAD') {
    const got = await handle(parts, new Request(request, { method: 'GET' }), context);
    await got?.body?.cancel();
    return got && new Response(null, { status: got.status, headers: got.headers });
  }
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
