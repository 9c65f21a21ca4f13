// CPF (Cadastro de Pessoas Físicas), written by hand: 11 digits, not all equal, two mod-11 check
// digits. @brazilian-utils/brazilian-utils was not installed to compare bytes; these ~25 lines
// minify to a few hundred bytes, less than importing any library would add.

import { documentText } from '../schemas/typed-text';

const ALL_SAME = /^(\d)\1{10}$/;

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * The 11 digits of a CPF as typed, read as every document number is (`documentText`, REVIEW-AF
 * AF-1: its NFKC form, any decimal digits, without `.`, `-`, white space or invisible characters);
 * `null` when anything else is left or the count is not 11. Check digits are not checked here.
 *
 * @example
 * normalizeCpf('123.456.789-09'); // '12345678909'
 * normalizeCpf('ana@example.com'); // null
 */
export function normalizeCpf(value: unknown): string | null {
  const digits = typeof value === 'string' ? documentText(value) : '';
  return /^\d{11}$/.test(digits) ? digits : null;
}

/**
 * Whether `value` is a CPF: 11 digits once read (`normalizeCpf`), not all the same
 * digit, and both check digits right.
 *
 * @example
 * isValidCpf('529.982.247-25'); // true
 * isValidCpf('111.111.111-11'); // false
 */
export function isValidCpf(value: unknown): boolean {
  const digits = normalizeCpf(value);
  if (digits === null || ALL_SAME.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/**
 * A CPF written `000.000.000-00`; `null` when `value` does not hold 11 digits (check digits are
 * not required, so a form can format as the player types the last one).
 *
 * @example
 * formatCpf('52998224725'); // '529.982.247-25'
 */
export function formatCpf(value: unknown): string | null {
  const d = normalizeCpf(value);
  return d === null ? null : `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
