import fc from 'fast-check';
import { createAuthModule, isPamError, isValidCpf } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeCpf } from '../../src/responsible-gaming/cpf';
import { ValidateDocumentPayload } from '../../src/schemas/auth';
import { documentText, typedText } from '../../src/schemas/typed-text';
import { cpfOf } from '../support/cpf';

// FIXUSER23: a document (CPF) number was read (`documentText`: NFKC, every invisible character
// dropped, digits in any script) whatever its length: a 10 MB string was normalized before being
// refused. Now a number longer than DOCUMENT_TYPED_MAX (1,000 UTF-16 units as typed; a CPF is 14
// at most, dotted) is read as '' without being normalized: refused (`invalid_request`, nothing
// sent). Every string up to the cap reads exactly as before (the oracle: the old reading, which
// is `typedText` without `.` and `-`).

const CAP = 1000;
const CPF = cpfOf('529982247');
const oldReading = (v: string) => typedText(v).replace(/[.-]/g, '');

/** Characters a typed number mixes: digits of several scripts, its marks, what cannot be seen. */
const piece = fc.oneof(
  fc.constantFrom('0', '5', '9', '.', '-', ' ', '\u200b', '\u0085', '\u2028', '\ufeff', '\u034f', '\u2800'),
  fc.constantFrom('\uff10', '\uff15', '\u0665', '\u06f7', '\u0967', '\u2460', '\u24ea', '\u{1d7ce}', 'ａ'),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
/** A raw string up to the cap (UTF-16 units), often a CPF with padding. */
const raw = fc
  .tuple(fc.array(piece, { maxLength: 40 }), fc.boolean(), fc.nat({ max: CAP }))
  .map(([parts, cpf, pad]) => {
    const text = parts.join('') + (cpf ? CPF : '');
    return (text + '\u200b'.repeat(pad)).slice(0, CAP);
  });

/** A validateDocument over an adapter that counts what it sends. */
function validating() {
  const sent: unknown[] = [];
  const post = async (_: string, body: unknown) => {
    sent.push(body);
    return { docnumber: '52998224725', docnumber_valid: true } as never;
  };
  const auth = createAuthModule({ get: post as never, post });
  return { sent, validate: (number: string) => auth.validateDocument({ number }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a document number is read up to 1,000 UTF-16 units; a longer one is refused unread', () => {
  it('property: every raw string up to the cap reads as before (documentText, normalizeCpf, isValidCpf)', () => {
    fc.assert(
      fc.property(raw, (v) => {
        expect(v.length).toBeLessThanOrEqual(CAP);
        expect(documentText(v)).toBe(oldReading(v));
        const digits = oldReading(v);
        expect(normalizeCpf(v)).toBe(/^\d{11}$/.test(digits) ? digits : null);
      }),
      { numRuns: 500, seed: 23 },
    );
  });

  it('a CPF padded to exactly the cap is read and sent as its digits; one unit more is refused, nothing sent', async () => {
    const at = CPF + '\u200b'.repeat(CAP - CPF.length);
    expect(at.length).toBe(CAP);
    expect(documentText(at)).toBe(CPF);
    expect(isValidCpf(at)).toBe(true);
    const ok = validating();
    await ok.validate(at);
    expect(ok.sent).toEqual([{ number: CPF }]);

    const over = `${at}\u200b`;
    expect(documentText(over)).toBe('');
    expect(isValidCpf(over)).toBe(false);
    expect(normalizeCpf(over)).toBeNull();
    expect(ValidateDocumentPayload.safeParse({ number: over }).success).toBe(false);
    const refused = validating();
    const error = await refused.validate(over).catch((e: unknown) => e);
    expect(isPamError(error) && error.code).toBe('invalid_request');
    expect(refused.sent).toEqual([]);
  });

  it('a 10 MB number is refused without being normalized (no NFKC over it), nothing sent', async () => {
    const huge = `${CPF}${'\u200b'.repeat(10_000_000)}`;
    const normalize = vi.spyOn(String.prototype, 'normalize');
    const { sent, validate } = validating();
    const error = await validate(huge).catch((e: unknown) => e);
    expect(isPamError(error) && error.code).toBe('invalid_request');
    expect(sent).toEqual([]);
    expect(isValidCpf(huge)).toBe(false);
    const long = normalize.mock.contexts.filter((s) => String(s).length > CAP);
    expect(long.length).toBe(0);
  });
});
