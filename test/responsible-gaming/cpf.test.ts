import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf } from '../../src/index';
import { normalizeCpf } from '../../src/responsible-gaming/cpf';

/** Builds a valid CPF from 9 base digits (the reference algorithm, written independently). */
function withCheckDigits(base: number[]): string {
  const digit = (ds: number[]) => {
    const sum = ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

describe('CPF', () => {
  it('accepts known valid CPFs with or without punctuation', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', ' 111 444 777 35 ']) {
      expect(isValidCpf(cpf)).toBe(true);
    }
  });

  it('refuses wrong check digits, repeated digits, wrong lengths and other types', () => {
    for (const bad of [
      '529.982.247-24',
      '52998224735',
      '000.000.000-00',
      '11111111111',
      '5299822472',
      '529982247250',
      '529.982.247/25',
      'abc',
      '',
      null,
      52998224725,
    ]) {
      expect(isValidCpf(bad)).toBe(false);
    }
  });

  it('agrees with the mod-11 rule for every base (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (base) => {
        const cpf = withCheckDigits(base);
        const allSame = /^(\d)\1{10}$/.test(cpf);
        expect(isValidCpf(cpf)).toBe(!allSame);
        expect(isValidCpf(formatCpf(cpf))).toBe(!allSame);
        // Changing the last digit always breaks it.
        const wrong = cpf.slice(0, 10) + ((Number(cpf[10]) + 1) % 10);
        expect(isValidCpf(wrong)).toBe(false);
      }),
    );
  });

  it('normalizes to digits and formats as 000.000.000-00', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf('ana@example.com')).toBeNull();
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529')).toBeNull();
  });
});
