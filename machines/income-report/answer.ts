// Whether an answer (the generate's or a poll's) is the report the machine asked for, ready to use
// when it says so (review L2). The status poll's operation checks only the id it polled (it knows
// no year), and a hand-made user module answers whatever it likes, so the machine's own services
// judge each answer, as the operations do theirs: a wrong one is the call's `invalid_response`.

import { type IncomeReportData, ResponseValidationError } from 'pam-client';
import type { IncomeReportRequest } from './types';

/**
 * `downloadIncomeReport`'s rule (src/user/download.ts) as one test: an http(s) URL (any origin: a
 * pre-signed link is fetched without the token) written `http(s)://host…`, or a path under the API;
 * no whitespace, backslash or leading `//`, no user information (REVIEW-N 7). Dot segments are the adapter's to refuse when it
 * downloads.
 */
const DOWNLOADABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused
  /^(?!\/\/|https?:(?!\/\/[^/?#@]+(?:[/?#]|$))|(?!https?:)[a-z][a-z\d+.-]*:)[^\0-\x1f\x7f\s\\]+$/i;

/**
 * `answer` when it is the report asked for: the `id` polled (an integer, from the generate), the
 * request's `reference_year` and `delivery_type` (or none), a status 1–4 and, for a completed
 * download, a `download_url` that `downloadIncomeReport` fetches. Else a `ResponseValidationError`
 * (`invalid_response`) of the call, its issue at the first field wrong (`id` for no report at all).
 */
export function checkedAnswer(
  answer: IncomeReportData,
  { referenceYear, deliveryType, id }: Partial<IncomeReportRequest> & { id?: number },
): IncomeReportData {
  // `Object`: no report at all (null, a number: a hand-made user module's) has no integer id.
  const r = Object(answer) as IncomeReportData;
  const url = r.download_url;
  const wrong = (id === undefined ? !Number.isSafeInteger(r.id) : r.id !== id)
    ? 'id'
    : (r.reference_year ?? referenceYear) !== referenceYear
      ? 'reference_year'
      : (r.delivery_type ?? deliveryType) !== deliveryType
        ? 'delivery_type'
        : ![1, 2, 3, 4].includes(r.status)
          ? 'status'
          : r.status === 3 &&
              deliveryType === 'download' &&
              !(typeof url === 'string' && DOWNLOADABLE.test(url))
            ? 'download_url'
            : 0;
  // (Any other answer, an e-mail delivery or one not completed, keeps no URL a download would not
  // fetch: a hostile `javascript:` never reaches the context, a snapshot or an app's link.)
  if (!wrong)
    return url == null || (typeof url === 'string' && DOWNLOADABLE.test(url))
      ? answer
      : { ...answer, download_url: null };
  throw new ResponseValidationError(id === undefined ? 'generateIncomeReport' : 'getIncomeReportStatus', [
    { path: [wrong], code: 'invalid_value', message: 'not the report asked for, or not ready' },
  ]);
}
