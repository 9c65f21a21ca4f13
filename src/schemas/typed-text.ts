// Typed digits read one way (REVIEW-AF AF-1, AF-2): a two-factor code, a document (CPF) number,
// wherever one is read (the schemas, the hand readers, isValidCpf/formatCpf, a CPF login, the
// server session's code check). A module of its own, importing nothing: the machines import it
// relatively (as src/session/counter.ts), since pam-client/internal holds 12 names at most.

/**
 * Text as typed without what cannot be seen (never a password): its NFKC form (full-width,
 * circled, math digits as ASCII), without any control, format, surrogate, private-use or
 * unassigned character (`C`), combining mark (`M`), white space or line or paragraph separator
 * (`Z`; NEL is a `C`), default-ignorable character (`DI`: CGJ, variation selectors, the Hangul
 * fillers) or braille blank, anywhere. Blank exactly when `typedText` is.
 *
 * @example
 * visibleText('\u0085123 456\u200B'); // '123456'
 */
export const visibleText = (v: string): string =>
  v.normalize('NFKC').replace(/[\p{C}\p{M}\p{Z}\p{DI}\u2800]/gu, '');

/**
 * Text as typed, read as its characters: `visibleText`, every decimal digit as its ASCII digit
 * (Arabic-Indic, Persian, Devanagari: Unicode encodes each script's 0 to 9 in a row). A 2FA code
 * is sent so, refused when nothing is left.
 *
 * @example
 * typedText('\u0085١٢٣ ٤٥٦\u200B'); // '123456'
 */
export const typedText = (v: string): string =>
  visibleText(v).replace(/[^\P{Nd}0-9]/gu, (c) => {
    // Its value: how far it is from the first digit of its row (`n` - 1).
    let n = 0;
    while (/\p{Nd}/u.test(String.fromCodePoint(c.codePointAt(0)! - n))) n++;
    return String(--n % 10);
  });

/**
 * A document (CPF) number as read (validateDocument's, registration's, a login that is a CPF,
 * isValidCpf's): `typedText` without the CPF's `.` and `-`. A number when 1 to 20 digits are left
 * (common.ts's `DOCUMENT_TEXT`), sent so; a CPF when 11. Longer than 1,000 UTF-16 units as typed
 * (a dotted CPF is 14): '' (refused), never normalized.
 *
 * @example
 * documentText(' 529.982.247\t-25\n'); // '52998224725'
 */
export const documentText = (v: string): string => (v.length > 1e3 ? '' : typedText(v).replace(/[.-]/g, ''));
