// The answers the proxy relays: an API answer as the browser sees it (`relay`: token-free JSON,
// Date and Retry-After), a check the proxy refused (`refusedCheck`), and the forwarding of a call
// with the session's token (`authed`).

import { RequestValidationError, ResponseValidationError } from '../errors/validation';
import { parseResponse } from '../schemas/common';
import { answer, failed, message, UNSCRUBBABLE } from './answer';
import type { CallSession } from './context';
import type { SessionData } from './cookie';
import type { Route } from './routes';
import { rewriteDownloadURL } from './strip';
import { passedBack, type UpstreamAnswer } from './upstream';

const UNREADABLE = "The service's answer could not be read.";
/**
 * What goes out instead of a 2xx answer that is not JSON (HTML, garbage): no success, and nothing
 * of it passed on (REVIEW-AL AL-5). Thrown by the browser client as `ResponseValidationError`, as
 * the core's adapter throws such an answer in token mode.
 */
const UNREADABLE_2XX = {
  ...UNSCRUBBABLE,
  message: UNREADABLE,
  issues: [{ ...UNSCRUBBABLE.issues[0], message: 'the answer is not JSON' }],
};
const REPORT_ROUTES = new Set(['getIncomeReportStatus', 'generateIncomeReport']);

/**
 * A check the proxy made with the core's schemas, refused: `{ message, pam, issues }` (the issues'
 * paths, codes and messages, never a value), which the browser client throws as the core's own
 * error (`RequestValidationError`: 400; `ResponseValidationError`: 502).
 */
export function refusedCheck(call: CallSession, error: unknown, headers?: Headers): Promise<Response> {
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
export const back = (call: CallSession, up: UpstreamAnswer): Headers =>
  passedBack(up.headers, call.parts.now());

/** A 2xx answer of an auth row, read with the row's schema (the core's tolerant reading). */
export const readAnswer = (route: Route | undefined, up: UpstreamAnswer): unknown =>
  route?.response && up.status >= 200 && up.status < 300
    ? parseResponse(route.name, route.response, up.json)
    : up.json;

/** The browser's view of an API answer: status, token-free JSON (`answer` scrubs it), Date and Retry-After. */
export function relay(
  call: CallSession,
  up: UpstreamAnswer,
  route?: Route,
  apiBaseURL = '',
): Promise<Response> {
  // Unreadable: a 2xx is the fixed 502 (never a success), any other its status with `{ message }`.
  if (up.unreadable)
    return up.status > 199 && up.status < 300
      ? failed(call, 502, UNREADABLE_2XX, back(call, up))
      : message(call, up.status, UNREADABLE, back(call, up));
  // An answer's own token fields, before a schema or the strip drops them: an auth row's, and a
  // user row's too (a password change answering a new token quoted in its message, review 99).
  call.hunt(up.json);
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
export async function authed(call: CallSession, send: (s: SessionData) => Promise<UpstreamAnswer>) {
  if (!(await call.keepFresh()) || !call.session) {
    call.signOut();
    return { unauthenticated: true as const };
  }
  // A tab's call names the login it was made for (`X-Pam-Login`, the browser client's): another
  // login in the cookie (the player, or another one, signed in again in another tab) is refused
  // unsent, and the cookie kept (it is that other login's): a change of one login is never applied
  // to another (REVIEW-26B A-1). A call that names none is judged by the cookie alone.
  const named = call.request.headers.get('x-pam-login');
  if (named !== null && named !== call.session.loginId) return { unauthenticated: true as const };
  let up = await send(call.session);
  if (up.status === 401) {
    const newer = await call.replaced();
    if (newer) up = await send(newer);
    if (up.status === 401) call.signOut();
  }
  return { up };
}
