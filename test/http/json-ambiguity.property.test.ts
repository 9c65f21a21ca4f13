// `ambiguityOf` (src/http/json-ambiguity.ts, review 108): a JSON text carrying restrictions (an
// own `userInfo`) with a key twice in one object, or a number too small for a double, says more
// than `JSON.parse` keeps. Generated JSON
// values, written as `JSON.stringify` writes them (with or without spaces, escaped quotes and keys
// that look like JSON inside strings) are never ambiguous; the same with one key repeated always is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ambiguityOf } from '../../src/http/json-ambiguity';

const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('a', '"', '\\"', '":', '__proto__', 'e-400'),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(
      fc.string(),
      fc.constantFrom('{"a":1,"a":2}', 'x":"y', '1e-400', '\\'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('ambiguityOf', () => {
  it('property: a text JSON.stringify wrote (spaced or not) is never ambiguous', () => {
    fc.assert(
      fc.property(json, fc.constantFrom(undefined, 1, '\t'), (v, space) => {
        const text = JSON.stringify({ userInfo: v }, null, space);
        expect(ambiguityOf(text, JSON.parse(text))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('property: the same with one member written twice is (the last kept, any value)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(key, json, { minKeys: 1, maxKeys: 4 }),
        json,
        fc.nat(),
        fc.constantFrom('', ' ', '\n'),
        (o, again, at, gap) => {
          const keys = Object.keys(o);
          const k = keys[at % keys.length]!;
          const members = keys.map((x) => `${JSON.stringify(x)}${gap}:${JSON.stringify(o[x])}`);
          const text = `{${members.join(',')},${JSON.stringify(k)}${gap}:${JSON.stringify(again)}}`;
          // (Nested inside an array and an object too.)
          for (const t of [`{"userInfo":${text}}`, `{"userInfo":[1,${text}]}`, `{"userInfo":0,"x":${text}}`])
            expect(ambiguityOf(t, JSON.parse(t))).toBe('a key twice in one object');
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['{"spa_exclusion":1e-400}', true],
    ['{"a":-2.5E-999}', true],
    ['[0.0001e-330]', true],
    ['{"a":0e-400}', false],
    ['{"a":1e-300}', false],
    ['{"a":"1e-400"}', false],
    ['{"a":5e-324}', false],
  ])('%s: a number no double holds? %s', (inner, odd) => {
    const text = `{"userInfo":${inner}}`;
    expect(ambiguityOf(text, JSON.parse(text)) !== undefined).toBe(odd);
  });

  it('reads only an answer that carries restrictions (an own `userInfo`)', () => {
    for (const text of ['{"a":1,"a":2}', '[{"userInfo":1,"userInfo":2}]', '{"x":{"userInfo":1},"x":2}'])
      expect(ambiguityOf(text, JSON.parse(text))).toBeUndefined();
    const escaped = '{"\\u0075serInfo":{"spa_exclusion":1,"spa_exclusion":0}}';
    expect(ambiguityOf(escaped, JSON.parse(escaped))).toBe('a key twice in one object');
  });

  it('reads a 200,000-deep value and a 200,000-long array without recursion', () => {
    const deep = `{"userInfo":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(ambiguityOf(deep, JSON.parse(deep))).toBeUndefined();
    const long = JSON.stringify({ userInfo: Array.from({ length: 200_000 }, (_, i) => ({ i })) });
    expect(ambiguityOf(long, JSON.parse(long))).toBeUndefined();
  });
});
