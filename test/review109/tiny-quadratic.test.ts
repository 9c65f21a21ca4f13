// Review 109, MEDIUM (a hang): `TINY` (src/http/json-ambiguity.ts:10,
// `/(?<![\w.])-?(?:\d+\.?\d*|\.\d+)[eE]-\d{3,}/g`) backtracks quadratically over a run of digits
// with no exponent after it: `\d+` and `\d*` split the run every way before `[eE]` fails. It runs
// (ambiguityOf, line 39) on any 2xx answer that has a 0 anywhere (`login_attempt_qty: 0`) and the
// text `e-` then three digits anywhere, a string included (`"ref":"TYPE-100"`, a date-like id):
// then a long integer (a JSON number needs no bound) costs n²/2 steps on the page's thread, inside
// `readResponse`, before any error can be built. Measured here (not asserted): 8,000 digits 96 ms,
// 16,000 411 ms (x4.3 a doubling); a 1 MiB answer (the default cap) of one number is ~25 minutes.
// The engine's work cannot be counted from JS (and the look-behind keeps V8's linear fallback
// engine off), so this runs ambiguityOf itself, unchanged (esbuild strips its types), in a child
// process on 300,000 digits, which a linear scan reads in milliseconds and the current one in about
// two and a half minutes; the child is ended at 20 s so the CI's machine is not held (the verdict is
// "it finished", not a time).
// Fixed (NUMBER: a mantissa read one way only): the call is made here, directly; on da5bb846 it
// took about two and a half minutes (seen by helper 458, in a child process ended at 20 s).
import { describe, expect, it } from 'vitest';
import { ambiguityOf } from '../../src/http/json-ambiguity';

describe('review 109: ambiguityOf on a long integer', () => {
  it('reads an answer with 300,000 digits in one number (a 0 and "e-100" elsewhere) and says it is fine', () => {
    const text = `{"userInfo":{"login_attempt_qty":0,"ref":"TYPE-100","n":${'1'.repeat(300_000)}}}`;
    expect(ambiguityOf(text, JSON.parse(text))).toBeUndefined();
  });
});
