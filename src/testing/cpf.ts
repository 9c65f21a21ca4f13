// Brazilian CPF (the national document number the service accepts as a login), computed by
// hand: the two check digits are mod-11 sums of the nine base digits.

const DIGITS = /^\d{11}$/;

/**
 * A document number as the client reads one (REVIEW-AE AE-2; written apart from its
 * `documentText`): its NFKC form (full-width, circled digits as digits), without white space or
 * U+0085 (NEL) around it.
 */
export const documentAsRead = (value: string): string =>
  value.normalize('NFKC').replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');

/**
 * The CPF in digits when `value` holds 11 digits once read (`documentAsRead`) and `.`, `-` and
 * white space are stripped (as the client reads a CPF login), else null. One account, one
 * throttle key, however it is typed.
 */
export function cpfDigits(value: string): string | null {
  const digits = value.length <= 32 ? documentAsRead(value).replace(/[.\-\s]/g, '') : '';
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
