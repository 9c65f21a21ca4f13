import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../src/user/file-name';

// Issue 27.3: a name from Content-Disposition is cut by UTF-8 bytes (at most 255, what file
// systems allow) on a character boundary, and cannot lie: bidi controls and other invisible
// format characters are removed (`relatorio<U+202E>fdp.exe` displayed as `relatorioexe.pdf`).

const bytes = (s: string) => new TextEncoder().encode(s).length;
const ext = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
const name = (disposition: string) => fileNameOf(disposition, '/x', 'fallback.pdf');

describe('the length of a file name', () => {
  for (const [what, unit] of [
    ['two-byte letters', 'é'],
    ['three-byte letters', '€'],
    ['astral emoji (surrogate pairs)', '😀'],
    ['a mix', 'aé€😀'],
  ] as const) {
    it(`${what}: at most 255 UTF-8 bytes, whole characters, the extension kept`, () => {
      const got = name(ext(`${unit.repeat(300)}.pdf`));
      expect(bytes(got)).toBeLessThanOrEqual(255);
      expect(bytes(got)).toBeGreaterThan(240);
      expect(() => encodeURIComponent(got)).not.toThrow(); // no lone surrogate
      expect(got.endsWith('.pdf')).toBe(true);
      expect(got.slice(0, -4)).toBe(unit.repeat(300).slice(0, got.length - 4));
    });
  }

  it('a name of 255 bytes is kept whole; one more byte is cut', () => {
    const exact = `${'é'.repeat(125)}x.pdf`; // 250 + 5 bytes
    expect(name(ext(exact))).toBe(exact);
    expect(bytes(name(ext(`é${exact}`)))).toBeLessThanOrEqual(255);
  });

  it('the plain filename parameter is held to the same rule', () => {
    const got = name(`attachment; filename="${'a'.repeat(400)}.pdf"`);
    expect(bytes(got)).toBe(255);
    expect(got.endsWith('.pdf')).toBe(true);
  });
});

describe('invisible characters', () => {
  it('the right-to-left override of relatorio<U+202E>fdp.exe is removed (and the extension is .pdf: R30-6)', () => {
    expect(name(ext('relatorio\u202Efdp.exe'))).toBe('relatoriofdp.pdf');
  });

  const invisible = [
    ...Array.from({ length: 5 }, (_, i) => 0x200b + i),
    ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
    ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
    0x061c,
    0xfeff,
    0x2060,
    0x00ad,
    0x180e,
    0xe0041, // a tag character
  ];
  for (const cp of invisible) {
    it(`U+${cp.toString(16).toUpperCase().padStart(4, '0')} is removed`, () => {
      const c = String.fromCodePoint(cp);
      expect(name(ext(`a${c}b${c}.pdf`))).toBe('ab.pdf');
      expect(fileNameOf(null, `/dl/a${encodeURIComponent(c)}b.pdf`, 'fallback.pdf')).toBe('ab.pdf');
    });
  }

  it('C1 controls and line separators become _, like C0 ones', () => {
    expect(name(ext('a\u0085b\u2028c\u2029d.pdf'))).toBe('a_b_c_d.pdf');
  });

  it('a name of nothing but invisible characters falls back', () => {
    expect(fileNameOf(ext('\u202E\u200B'), '/dl/', 'fallback.pdf')).toBe('fallback.pdf');
  });
});

// Review of issues 26/27, C: the extension was measured in UTF-16 units, reserved Windows names
// and look-alike separators went through.
describe('a file name by UTF-8 bytes everywhere, and nothing that misleads a file system', () => {
  it.each([
    ['a three-byte extension', `${'a'.repeat(300)}.日本語日本語`],
    ['an emoji extension', `${'a'.repeat(300)}.${'😀'.repeat(6)}`],
    ['an emoji stem and extension', `${'😀'.repeat(100)}.${'😀'.repeat(6)}`],
  ])('%s: at most 255 bytes, no lone surrogate', (_, raw) => {
    const got = name(ext(raw));
    expect(bytes(got)).toBeLessThanOrEqual(255);
    expect(() => encodeURIComponent(got)).not.toThrow(); // no lone surrogate
  });

  it('a cut never leaves a combining mark without its letter', () => {
    const got = name(ext(`${'e\u0301'.repeat(200)}.pdf`)); // 3 bytes a pair
    expect(bytes(got)).toBeLessThanOrEqual(255);
    expect(got.endsWith('e\u0301.pdf')).toBe(true);
  });

  it.each(['CON', 'con.txt', 'NUL.pdf', 'PRN', 'aux.tar.gz', 'COM1.pdf', 'lpt9', 'Con .pdf'])(
    'the Windows reserved name %s is neutralised',
    (raw) => {
      const got = name(ext(raw));
      expect(got).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)\s*(\.|$)/i);
      expect(got.length).toBeGreaterThan(0);
    },
  );

  it('names that merely start like one stay', () => {
    expect(name(ext('console.pdf'))).toBe('console.pdf');
    expect(name(ext('com10.pdf'))).toBe('com10.pdf');
  });

  it.each(['a\uff0fb.pdf', 'a\u2215b.pdf', 'a\u2044b.pdf'])(
    'the look-alike separator in %j is neutralised',
    (raw) => {
      expect(name(ext(raw))).toBe('a_b.pdf');
    },
  );

  it('Hangul fillers are removed, trailing dots and spaces too', () => {
    expect(name(ext('\u3164a\u115fb\u1160c\uffa0.pdf'))).toBe('abc.pdf');
    expect(name(ext('report.pdf. . '))).toBe('report.pdf');
  });
});

describe('the extension is always .pdf (R30-6)', () => {
  it.each([
    ['informe.pdf', 'informe.pdf'],
    ['INFORME.PDF', 'INFORME.pdf'],
    ['informe.html', 'informe.pdf'],
    ['informe.svg', 'informe.pdf'],
    ['informe.pdf.exe', 'informe.pdf.pdf'],
    ['informe.lnk', 'informe.pdf'],
    ['informe', 'informe.pdf'],
    ['con.lnk', '_con.pdf'],
    ['nul .exe', '_nul.pdf'],
    ['a..exe', 'a.pdf'],
    ['.exe', 'exe.pdf'],
  ])('%j is saved %j', (raw, expected) => {
    expect(name(ext(raw))).toBe(expected);
  });

  it('a name at the 255-byte limit ending in a short extension: .pdf whole, within 255 bytes', () => {
    const got = name(ext(`${'a'.repeat(253)}.x`));
    expect(got).toBe(`${'a'.repeat(251)}.pdf`);
  });

  it("the URL's name too; the fallback as given", () => {
    expect(fileNameOf(null, '/dl/r.html', 'fallback.pdf')).toBe('r.pdf');
    expect(fileNameOf(null, '/dl/', 'income-report-2025.pdf')).toBe('income-report-2025.pdf');
  });
});
