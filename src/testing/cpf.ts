// Brazilian CPF (the national document number the service accepts as a login), computed by
// hand: the two check digits are mod-11 sums of the nine base digits.

const DIGITS = /^\d{11}$/;

/** A decimal digit in any script as its ASCII digit: Unicode encodes each script's 0 to 9 in a row. */
const asciiDigit = (c: string): string => {
  const p = c.codePointAt(0)!;
  let zero = p;
  while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return String((p - zero) % 10);
};

/**
 * A document number as the client reads one (REVIEW-AE AE-2, AF-1; written apart from its
 * `documentText`): its NFKC form (full-width, circled digits as digits), every decimal digit as
 * ASCII, without `.`, `-`, white space (NEL too), controls, format, combining, default-ignorable
 * characters or the braille blank anywhere. A number when 1 to 20 digits are left.
 */
export const documentAsRead = (value: string): string =>
  value
    .normalize('NFKC')
    .replace(
      /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Mn}\p{Mc}\p{Me}\p{Zs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800.-]/gu,
      '',
    )
    .replace(/\p{Nd}/gu, asciiDigit);

/**
 * The CPF in digits when `value` holds 11 digits once read (`documentAsRead`, as the client reads
 * a CPF login), else null. One account, one throttle key, however it is typed.
 */
export function cpfDigits(value: string): string | null {
  const digits = documentAsRead(value);
  return DIGITS.test(digits) ? digits : null;
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** True when `digits` is 11 digits, not all equal, with correct check digits. */
export function isValidCpf(digits: string): boolean {
  if (!DIGITS.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}
