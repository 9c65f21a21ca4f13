// `GET P/report-file?id=<report id>` (`reportFile`): the file of this player's income report,
// fetched on the API (never one of its routes) and cut off if it holds a token.

import { answer, message } from './answer';
import type { CallSession, ServerParts } from './context';
import { fileHeaders, withoutTokens } from './file';
import { authed } from './relay';
import { isId, matchPath } from './routes';
import { apiFileURL } from './strip';
import { callApi } from './upstream';

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
export async function reportFile(
  parts: ServerParts,
  call: CallSession,
  search: URLSearchParams,
): Promise<Response> {
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
