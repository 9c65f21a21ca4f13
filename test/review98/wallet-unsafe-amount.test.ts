// Review 98. Severity: LOW.
// What happens: the wallet transform reads an amount sent as a decimal string with `Number()`
// (src/schemas/read-scalar.ts:29-32, used by src/wallet/transform.ts:38-41) and accepts any finite
// result, so a string whose value a double cannot hold is silently rounded to another amount:
// '90071992547409.93' is reported as 90071992547409.94 (one centavo that is not there) and
// '9007199254740993' as 9007199254740992. A PHP back end with DECIMAL/BIGINT columns sends such
// strings exactly; the client reports money the server did not state (the opposite of fail closed).
// Reachable only with absurd balances (above 2^53 centavos ≈ R$ 90 trillion), hence LOW.
// What should happen: an amount string whose value does not survive the conversion (beyond
// Number.MAX_SAFE_INTEGER in its smallest unit, or `String(n)` not naming the same decimal) is
// refused like any unreadable amount: `ResponseValidationError` with the path of the field.
import { ResponseValidationError, transformWalletResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';

describe('transformWalletResponse never rounds a stated amount into another one', () => {
  it.each([['90071992547409.93'], ['9007199254740993']])('%s: exact, or refused (typed)', (amount) => {
    let credit: number | undefined;
    let error: unknown;
    try {
      credit = transformWalletResponse({ real: { credit: amount } }).real.credit;
    } catch (e) {
      error = e;
    }
    if (error === undefined) expect(String(credit)).toBe(amount);
    else {
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.path).toEqual(['real', 'credit']);
    }
  });
});
