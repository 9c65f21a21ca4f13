// Valid CPFs for tests, built from their first nine digits (the two mod-11 check digits appended).

/**
 * A valid CPF from 9 base digits.
 *
 * @example
 * cpfOf('529982247'); // '52998224725'
 */
export const cpfOf = (base9: string): string => {
  const d = [...base9].map(Number);
  const check = (a: number[], f: number) => {
    const s = a.reduce((t, x, i) => t + x * (f - i), 0) % 11;
    return s < 2 ? 0 : 11 - s;
  };
  const d1 = check(d, 10);
  return base9 + d1 + check([...d, d1], 11);
};
