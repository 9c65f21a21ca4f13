// Review 153's class (LOW): every character Windows' best-fit conversion turns into a path
// separator or a character it refuses in a name (the fullwidth and small forms: `＼` `／` `﹨` `：`
// `＊` `？` `＂` `＜` `＞` `｜`), and the separator look-alikes (U+2215, U+2216, U+2044, U+29F5,
// U+29F8, U+29F9), never reach a saved name (each `_`, as the slash look-alikes were); a device
// name written fullwidth (`ＣＯＮ`, best-fit `CON`) is prefixed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../src/user/file-name';

const ext = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
const name = (n: string) => fileNameOf(ext(n), '/x', 'fallback.pdf');

const FOLDED = '＼／﹨：＊？＂＜＞｜﹤﹥﹕﹖﹡';
const KEPT = '\u2215\u2216\u2044\u29f5\u29f8\u29f9';
const BAD = new RegExp(`[\\\\/:*?"<>|${FOLDED}${KEPT}]`);

describe('review 153: look-alikes of what a file system reads', () => {
  it('property: a name mixing them with letters and dots saves none of them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FOLDED, ...KEPT, 'a', 'Z', '.', '..', ' ', 'é'), {
          minLength: 1,
          maxLength: 12,
        }),
        (parts) => {
          const got = name(`${parts.join('')}.pdf`);
          expect(got).not.toMatch(BAD);
          expect(got.endsWith('.pdf')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a fullwidth path is one name; a fullwidth device name is prefixed', () => {
    expect(name('Ｃ：＼Windows＼evil.pdf')).toBe('Ｃ__Windows_evil.pdf');
    expect(name('..﹨..﹨x.pdf')).toBe('_.._x.pdf');
    expect(name('ＣＯＮ.pdf')).toBe('_ＣＯＮ.pdf');
    expect(name('ｃｏｍ１.txt')).toBe('_ｃｏｍ１.pdf');
    expect(name('a\u2216b\u29f8c\u2236d.pdf')).toBe('a_b_c_d.pdf');
  });
});
