// Brazilian CPF (the national document number the service accepts as a login), computed by
// hand: the two check digits are mod-11 sums of the nine base digits.

const FORMATTED = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/;
const DIGITS = /^\d{11}$/;

/** The CPF in digits when `value` is one written as 11 digits or as 000.000.000-00, else null. */
export function cpfDigits(value: string): string | null {
  const trimmed = value.trim();
  if (DIGITS.test(trimmed)) return trimmed;
  if (FORMATTED.test(trimmed)) return trimmed.replace(/\D/g, '');
  return null;
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
