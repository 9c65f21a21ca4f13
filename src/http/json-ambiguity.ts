// What a JSON text says that `JSON.parse` does not keep (review 108): a key twice in one object
// (the parser keeps the last; RFC 8259 4 calls it unpredictable: `{"spa_exclusion":1,
// "spa_exclusion":0}` read free), or a number too small for a double, read as 0 (`1e-400`: "not
// restricted"). An answer carrying restrictions or a token that says either is not one the client
// can read (fail closed).

/** Every JSON string, in order, and whether a `:` follows it (a key: a string value never has one). */
const STRING = /"(?:[^"\\]|\\[\s\S])*"(\s*:)?/g;

/** A JSON number: its mantissa (one way only: linear), then its exponent. */
const NUMBER = /-?(\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/g;

/**
 * Why `text`, which `JSON.parse` read as `parsed`, says more than `parsed` holds, or undefined.
 * Costs a walk of `parsed`'s keys (without recursion: any depth), a count of `"` before a colon
 * (a scan of its strings when that count is more than the keys) and, where a number read 0, a look
 * for an exponent: ~4 µs on a 1.2 kB login answer, ~7 µs on a 2 kB profile (hot).
 *
 * @example
 * ambiguityOf('{"a":1,"a":0}', { a: 0 }); // 'a key twice in one object'
 */
export function ambiguityOf(text: string, parsed: unknown): string | undefined {
  // Only an answer that carries a player's restrictions (`userInfo`: a login's, a registration's, a
  // profile's), the ones a misreading un-bars, or grants a token (`access_token`: a refresh's, whose
  // other token would be left live: review 110): ~7 % of a sign-in's CPU and ~6-12 % of a login
  // history's for every answer (bench/ab.mjs), where a duplicate elsewhere changes no verdict.
  // And a write's answer that says whether it was made (`success`, review 138: `{"success":false,
  // "success":true}` read as made).
  const o = Object(parsed);
  if (!Object.hasOwn(o, 'userInfo') && !Object.hasOwn(o, 'access_token') && !Object.hasOwn(o, 'success'))
    return;
  let keys = 0;
  let zero = false;
  for (const stack = [parsed]; stack.length; ) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (typeof v === 'object' && v) {
      const own = Object.keys(v);
      keys += own.length;
      for (const k of own) stack.push((v as Record<string, unknown>)[k]);
    } else zero ||= v === 0;
  }
  // (Each key's closing quote and colon, and any string value's opening quote before a colon: no
  // fewer than the keys written, so as many as parsed means none twice; else each string is read.)
  let members = text.match(/"\s*:/g)?.length ?? 0;
  if (members > keys) {
    members = 0;
    for (const m of text.matchAll(STRING)) members += m[1] ? 1 : 0;
  }
  if (members > keys) return 'a key twice in one object';
  // A number read 0 whose digits are not all 0, however written (`1e-400`, `0.<400 zeros>1`,
  // `0.<330 zeros>1e-1`: review 109). None can be without a negative exponent or 300 zeros after
  // a point; its strings blanked first (numbers only).
  if (zero && /[eE]-|\.0{300}/.test(text))
    for (const [n, mantissa] of text.replace(STRING, '""$1').matchAll(NUMBER))
      if (+n === 0 && /[1-9]/.test(mantissa!)) return 'a number no double holds';
}
