// Issue 20.7: the income report's file, fetched through the adapter (the token attached under its
// same-origin rule), as a Blob with the name to save it under.

import { asPamError } from '../errors/classify';
import { RequestValidationError, ResponseValidationError, readCallers } from '../errors/validation';
import type { BlobAnswer, HttpAdapter } from '../http/types';
import { type CallOptions, needs } from '../operation/operation';
import type { IncomeReportData } from '../schemas/income-report';
import { fileNameOf } from './file-name';

/**
 * A downloaded file: its content (typed by the answer's `Content-Type`) and the name to save it
 * under.
 *
 * @example
 * const { blob, fileName } = await client.user.downloadIncomeReport(report);
 */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const OPERATION = 'downloadIncomeReport';

/**
 * Whether `url` is one a download may fetch and an app may open: an http(s) URL (any origin) or a
 * path (under the API: the adapter judges that), with no C0 control, DEL, whitespace or backslash
 * anywhere, no leading `//`, an absolute one written `http(s)://host…` (`http:/x`, `http:x`,
 * `http:///x` and `https://` name a host only a parser's guess gives: EDGES33-2), and no user
 * information (REVIEW-N: fetch refuses `http://x@host/`, a NetworkError that sent nothing). A
 * browser's URL parser strips leading and trailing controls and
 * spaces and drops tabs and newlines anywhere, so `"\u0001javascript:..."` is a `javascript:` link
 * (review rj10 MED-1); a backslash or a leading `//` names another host as a path would. A legit
 * URL percent-encodes all of them. A host or port no URL has (`http://%zz/`) is the adapter's to
 * refuse, nothing sent (the income-report machine's rule, machines/income-report/answer.ts, is
 * this one). The server's proxy judges a report URL by it too.
 */
export const isDownloadURL = (url: unknown): url is string =>
  typeof url === 'string' &&
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused
  /^(?!\/\/|https?:(?!\/\/[^/?#@]+(?:[/?#]|$))|(?!https?:)[a-z][a-z\d+.-]*:)[^\0-\x1f\x7f\s\\]+$/i.test(url);

/**
 * The document type a downloaded file is served as: `application/pdf` or
 * `application/octet-stream` (the media type without parameters, any case), else undefined: a
 * page type (HTML, SVG, XML, JSON, script, text) or none. A Blob of a page type opened through
 * its object URL would run in the app's origin, and an empty type is sniffed. The server's proxy
 * serves the same two (src/server/file.ts).
 */
export function fileTypeOf(contentType: string | null): string | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/pdf' || type === 'application/octet-stream' ? type : undefined;
}

/** The report's `download_url`, checked (`isDownloadURL`), else nothing is sent. */
function downloadURL(report: unknown): string {
  const url =
    typeof report === 'object' && report !== null
      ? (report as { download_url?: unknown }).download_url
      : undefined;
  if (isDownloadURL(url)) return url;
  throw new RequestValidationError(OPERATION, [
    {
      path: ['download_url'],
      code: 'invalid_url',
      message: 'must be the http(s) URL of a completed download report',
    },
  ]);
}

/**
 * Downloads a completed income report (`GET download_url`) as `{ blob, fileName }`: the Blob is
 * typed `application/pdf` or `application/octet-stream`; an answer of any other type (an HTML error
 * page, SVG, JSON, none) is a `ResponseValidationError` (`not_a_file`), so no object URL of it can
 * run as a page of the app. An empty answer (a 204) is an empty file. The adapter's
 * rules apply: on the API's origin (`baseURL`'s) the token is attached and a 401 refreshes once;
 * a `download_url` on another origin (a storage bucket's pre-signed link) is fetched WITHOUT the
 * token or any credential header, so nothing secret leaves for it. A report with no
 * `download_url` (not completed, or delivered by e-mail), one that is not an http(s) URL or a path
 * under the API (`//host/x`, a backslash, `/../x` are neither) is a `RequestValidationError`,
 * nothing sent; a failed download is the adapter's usual typed error. A download never sets the
 * API's clock (`onServerDate`).
 * The name comes from `Content-Disposition` (`filename*` first, RFC 6266), else from the URL's
 * path, else `income-report-<year>.pdf`, cut to 255 UTF-8 bytes, without invisible characters,
 * its extension `.pdf` whatever the API names it (`informe.html` is saved `informe.pdf`: R30-6).
 *
 * @example
 * const { blob, fileName } = await downloadIncomeReport(http, report);
 * const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: fileName });
 * link.click();
 */
export async function downloadIncomeReport(
  http: Pick<HttpAdapter, 'get'>,
  report: Pick<IncomeReportData, 'download_url' | 'reference_year'>,
  options?: CallOptions,
): Promise<DownloadedFile> {
  // All the caller's values read before sending, once (a getter that throws: `invalid_request`).
  const [url, reference, signal] = readCallers(
    OPERATION,
    () => [downloadURL(report), report.reference_year, options?.signal] as const,
  );
  let answer: BlobAnswer;
  try {
    needs(http, 'get');
    answer = await http.get<BlobAnswer>(url, { signal, responseType: 'blob' });
  } catch (error) {
    // A custom adapter's own throw: typed, its message dropped, as in every operation (`send`).
    throw asPamError(error);
  }
  // An adapter that ignores `responseType` (a hand-made one) answers something else, a Blob-like
  // of another realm is read by its bytes (`new Blob([it])` would stringify it), and a file of a
  // page type is no report (`fileTypeOf`): typed error, whatever of it throws.
  const year = typeof reference === 'number' ? `-${reference}` : '';
  try {
    const { blob, headers } = answer;
    const bytes: ArrayBuffer = await blob.arrayBuffer();
    const type = bytes.byteLength ? fileTypeOf(headers.get('content-type')) : 'application/octet-stream';
    if (type)
      return {
        blob: new Blob([bytes], { type }),
        fileName: fileNameOf(headers.get('content-disposition'), url, `income-report${year}.pdf`),
      };
  } catch {}
  throw new ResponseValidationError(OPERATION, [
    { path: [], code: 'not_a_file', message: 'the answer is not a PDF or octet-stream Blob' },
  ]);
}
