// The tolerant readers of answers' scalars (issue 23), apart from the schemas: they use no zod.

// Tolerant reading of answers (issue 23): ONE reader per scalar kind, used by every response
// schema (the fields below), by `restrictionsOf` and by the wallet transform. A PHP back end
// with PDO's emulated prepares sends every column as a string ("1", "100.00", " 7 "); booleans
// come as 1/0/"1"/"0"/"1.00"/"true"/"false". The readers use no zod: `restrictionsOf` and the
// wallet, which import them alone, bundle none (every schema here is pure-annotated).
// Request schemas never use these readers: what we send stays exact.

/** What a reader gives for a value it cannot read (distinct from `null`: "nothing sent"). */
export const UNREADABLE: unique symbol = Symbol('unreadable');
export type Unreadable = typeof UNREADABLE;

/** Plain decimal notation only: no hex, no '', no 'Infinity' (Number() would take all three). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A decimal's significant digits (no sign, point, exponent, nor zeros at either end). */
const digitsOf = (t: string) => t.replace(/e.*|\D/gi, '').replace(/^0+|0+$/g, '');

/**
 * A number: a finite number, or a decimal string (spaces around it ignored). `null` for null or
 * absent; `UNREADABLE` for anything else (a boolean, '', 'abc', '0x10', NaN, '1e999').
 *
 * @example
 * readNumber(' 100.00 '); // 100
 * readNumber('abc'); // UNREADABLE
 * readNumber('9007199254740993'); // UNREADABLE (no double is it)
 */
export function readNumber(value: unknown): number | null | Unreadable {
  if (value === null || value === undefined) return null;
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.length <= 64 && DECIMAL.test(value.trim())) {
    n = Number(value.trim());
    // A decimal no double holds (`9007199254740993`, `90071992547409.93`: 16 significant digits
    // or more) is read only if it comes back as written: never another amount (review 98).
    // (Or as JavaScript writes that double: `String(-1211062946293800.2)` is that text, though
    // `toPrecision(17)` rounds the double's exact tie the other way: a seed of the property.)
    const d = digitsOf(value);
    if (d[15] && digitsOf(n.toPrecision(d.length)) !== d && digitsOf(String(n)) !== d) return UNREADABLE;
  }
  if (!Number.isFinite(n)) return UNREADABLE;
  return n === 0 ? 0 : n; // -0 reads as 0
}

/**
 * A safe integer, read as `readNumber` reads (`'7'`, `'100.00'` and `7` are 7); a fraction is
 * `UNREADABLE`.
 *
 * @example
 * readInteger('12'); // 12
 */
export function readInteger(value: unknown): number | null | Unreadable {
  const n = readNumber(value);
  return typeof n === 'number' && !Number.isSafeInteger(n) ? UNREADABLE : n;
}

/**
 * A boolean (a flag): `true`/`false`, the strings `'true'`/`'false'` (any case), and 1 or 0 as
 * `readNumber` reads them (`1`, `'1'`, `'1.00'` from a DECIMAL column, `' 0 '`, `'0.0'`). `null`
 * for null or absent; anything else (2, `'2.00'`, 'yes', '', `[1]`) is `UNREADABLE`.
 *
 * @example
 * readBoolean('1.00'); // true
 * readBoolean(2); // UNREADABLE
 */
export function readBoolean(value: unknown): boolean | null | Unreadable {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'true' || t === 'false') return t === 'true';
  }
  const n = readNumber(value);
  return n === 1 || n === 0 ? n === 1 : UNREADABLE;
}

/**
 * Text: a string as sent, a finite number as its decimal text (a CPF sent as a number). `null`
 * for null or absent; anything else is `UNREADABLE`.
 *
 * @example
 * readText(52998224725); // '52998224725'
 */
export function readText(value: unknown): string | null | Unreadable {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  // (`Number.isFinite` is false for anything but a finite number: no `typeof` needed.)
  return Number.isFinite(value) ? String(value) : UNREADABLE;
}
