// REVIEW107 Part A probes that HELD against c1cbd1db (doubled quotes, octal escapes, UTF-16LE
// bytes in the scrubber; src/errors/scrub-forms.ts). Tried:
// - backtracking: a password of up to 26 quotes (`ab'''…'Z`, each quote matching `'` or `''`)
//   against 60-200 quotes then a near miss, and `"` likewise in a 2xx walk; a 2FA-length secret
//   against 10,000-character runs of `\061` and `\1`: no growth with the quote count (each call a
//   few ms, flat from 4 to 26 quotes). (Its MATCH, the doubled echo, is exponential: the defect
//   test scrub-doubled-quotes.test.ts.)
// - 2xx corruption: "O''Brien" and a phone kept when the password is `x'Brien` / `Senha'123` and
//   differs; `\101` (an octal "A") kept in a 2xx string that holds no secret once decoded.
// - a 6-digit code's UTF-16LE hex/base64 in a 2xx answer: kept (a short secret's byte forms are
//   for errors only). Noted, LOW and fail-closed: a 2-character password's UTF-16LE hex
//   (`61006200`, 8 hex digits, past the 6-character floor) is redacted inside a longer hex id in
//   an ERROR body (`deadbeef61006200` -> `deadbeef[redacted]`).
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

describe('the new echo forms do not corrupt 2xx data nor blow up', () => {
  it('names with quotes, octal-looking text and UTF-16LE hex of a short code stay in a 2xx answer', () => {
    const data = { name: "O''Brien", phone: '11 99999-0000', path: 'C:\\101', amt: '150.00' };
    expect(createScrubber(["x'Brien"], true).deep(data, undefined, true)).toEqual(data);
    expect(createScrubber(["Senha'123"], true).deep(data, undefined, true)).toEqual(data);
    const hex = { h: '310032003300340035003600', b: 'MQAyADMANAA1ADYA' };
    expect(createScrubber(['123456'], true).deep(hex, undefined, true)).toEqual(hex);
  });

  it('a password of many quotes against a near miss of 200 quotes: no redaction, stays flat', () => {
    for (const k of [4, 16, 26]) {
      const near = `ab${"'".repeat(200)}Y Z ab`;
      expect(createScrubber([`ab${"'".repeat(k)}Z`]).text(near)).toBe(near);
    }
  });
});
