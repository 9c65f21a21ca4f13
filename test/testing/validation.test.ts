import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfDigits, isValidCpf } from '../../src/testing/cpf';
import { checkShape, integerBetween, isString, optional, required } from '../../src/testing/validation';

/** The check digits of nine base digits, computed the long way (independent of cpf.ts's loop). */
function withCheckDigits(base: number[]): string {
  const digit = (ds: number[]) => {
    const weights = ds.map((_, i) => ds.length + 1 - i);
    const sum = ds.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
    const rest = 11 - (sum % 11);
    return rest >= 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

describe('cpf', () => {
  it('accepts every CPF with correct check digits and rejects a changed check digit', () => {
    const base = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(base, fc.integer({ min: 1, max: 9 }), (digits, bump) => {
        const cpf = withCheckDigits(digits);
        const allSame = /^(\d)\1{10}$/.test(cpf);
        expect(isValidCpf(cpf)).toBe(!allSame);
        const wrong = cpf.slice(0, 10) + ((Number(cpf[10]) + bump) % 10);
        expect(isValidCpf(wrong)).toBe(false);
      }),
    );
  });

  it('reads a CPF as the client sends one: 11 digits once ., - and white space are stripped', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
    expect(cpfDigits(' 52998224725 ')).toBe('52998224725');
    expect(cpfDigits('529982247-25')).toBe('52998224725');
    expect(cpfDigits('529 982 247 25')).toBe('52998224725');
    expect(cpfDigits('5299822472')).toBeNull();
    expect(cpfDigits('player@example.com')).toBeNull();
  });
});

describe('checkShape', () => {
  const shape = { name: required(isString), days: optional(integerBetween(1, 45)) };

  it('never throws on arbitrary JSON and flags every unknown key', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const errors = checkShape(value, shape);
        const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
        if (!isObject) {
          expect(Object.keys(errors)).toEqual(value === undefined ? ['name'] : ['body']);
          return;
        }
        for (const key of Object.keys(value)) {
          if (key !== 'name' && key !== 'days')
            expect(errors[key]).toEqual([`The ${key} field is not allowed.`]);
        }
      }),
    );
  });

  it('accepts exactly the integers 1..45 for a bounded field', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double()), (days) => {
        const errors = checkShape({ name: 'x', days }, shape);
        const ok = Number.isInteger(days) && days >= 1 && days <= 45;
        expect(errors.days === undefined).toBe(ok);
      }),
    );
  });
});
