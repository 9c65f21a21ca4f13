// What a 2xx answer says of itself: whether it says the change was not made (a write's, a checked
// read's: src/operation/operation.ts `send`; the server-session profile read's). On its own, so the
// server-session client takes it without the operation's module.

import { readBoolean } from '../schemas/read-scalar';

/**
 * Where a 2xx answer says the change was not made (or, a checked read's, that it failed), or
 * undefined: a `success` that is not true; a body that is itself false, `0` or `"false"` (PHP's
 * `return false;`, review 138); an envelope's `data` saying either (`{"data":{"success":false}}`,
 * `{"data":false}`); an `error` or `errors` that is not empty; a `status` saying it failed: JSend's
 * `fail` or `error`, or, the whole value, `false`, a refusal word or an HTTP error status (`422`,
 * review 157; never a word inside another: an account's `invalid_document`, review 160); a boolean
 * asked answered otherwise (`{"mkt_accepted":true}` to an opt-out) by an answer about the same
 * thing (its other fields asked, if it has them, as asked: `{"type":"email","enabled":true}` to
 * turning sms off is another channel's, review 160). A write's (`write`) also: an array any item
 * of which says so (`[{"success":false}]`); a read's items are data (a login history's failed
 * sign-ins, review 160). A few envelopes deep at most.
 */
export function unconfirmed(
  raw: unknown,
  asked?: unknown,
  write?: boolean,
  at: string[] = [],
): string[] | undefined {
  if (Array.isArray(raw)) {
    if (write && at.length < 3)
      for (const [i, item] of raw.entries()) {
        const no = unconfirmed(item, asked, write, [...at, `${i}`]);
        if (no) return no;
      }
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return readBoolean(raw) === false ? at : undefined;
  const o = raw as Record<string, unknown>;
  const own = (k: string) => Object.hasOwn(o, k);
  if (own('success') && readBoolean(o.success) !== true) return [...at, 'success'];
  for (const k of ['error', 'errors']) {
    const e = o[k];
    if (own(k) && e && (typeof e !== 'object' || Object.keys(e).length)) return [...at, k];
  }
  if (
    o.status === false ||
    /^\s*(fail|error)|^\s*(reject(ed)?|den(y|ied)|invalid|refused?|false|[45]\d\d)\s*$/i.test(
      String(o.status),
    )
  )
    return [...at, 'status'];
  if (typeof asked === 'object' && asked) {
    const pairs = Object.entries(asked);
    if (pairs.every(([k, v]) => typeof v === 'boolean' || !own(k) || o[k] === v))
      for (const [k, v] of pairs)
        if (typeof v === 'boolean' && own(k) && readBoolean(o[k]) !== v) return [...at, k];
  }
  return own('data') && at.length < 3 ? unconfirmed(o.data, asked, write, [...at, 'data']) : undefined;
}
