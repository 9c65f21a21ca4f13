// Review 109, probes that held (src/http/json-ambiguity.ts `ambiguityOf`, src/errors/scrub.ts `cut`).
// Tried, all held:
// - ambiguityOf false positives on legitimate JSON: escaped quotes in keys and values, a value
//   holding `":`, `\u0022:` in a value, whitespace and newlines before a colon, a `__proto__` key,
//   empty objects and arrays, numeric-string keys (`1` and `01`), a value ending in an escaped
//   backslash followed by a key, `0.0e-999`, `-0`, `1E-400` inside a string or a key, `5e-324`;
// - false negatives: `"a"` then `"\u0061"`, a duplicate with whitespace around its colon, a
//   duplicate inside an array of objects, one in a deeply nested object, `-1e-400`, `1e-0400`, a
//   duplicate after a value ending in `\\`; `1e-400` with the field once (review 108's own test
//   writes it twice);
// - the STRING scan on a 4 MB string with an escaped quote: linear (counted as characters: one
//   match per string), no RegExp stack overflow;
// - the widened cut: a text of token characters only, a secret's run at the text's start and end,
//   two secrets sharing a run, a URL around a cut echo: never throws, each output char once
//   (output is a prefix, `[redacted]`s and untouched text), and the secret's run never left.
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { ambiguityOf } from '../../src/http/json-ambiguity';

// (Inside an answer's `userInfo`: only an answer carrying restrictions is read so.)
const read = (t: string) => {
  const w = `{"userInfo":${t}}`;
  return ambiguityOf(w, JSON.parse(w));
};

describe('ambiguityOf: legitimate answers are read', () => {
  for (const t of [
    '{"a\\"b":1,"c":"d\\\\"}',
    '{"msg":"x\\":y","b":0}',
    '{"msg":"x\\u0022:y","n":0}',
    '{"a" \n\t :1, "b"\r\n:{}}',
    '{"__proto__":{"a":1},"x":[{"a":1},{"a":2}]}',
    '{"a":{},"b":[],"c":[{}]}',
    '{"1":1,"01":2,"1.0":3}',
    '{"a":"\\\\","b":"x","c":"\\\\\\"","d":0}',
    '{"a":0.0e-999,"b":-0,"c":0}',
    '{"a":0,"s":"1E-400","1e-400":"k"}',
    '{"a":0,"b":5e-324,"c":1e-300}',
    '[]',
    '"just a string with \\": inside"',
  ])
    it(`reads ${JSON.stringify(t).slice(0, 60)}`, () => expect(read(t)).toBeUndefined());
});

describe('ambiguityOf: what JSON.parse drops is refused', () => {
  for (const t of [
    '{"a":1,"\\u0061":2}',
    '{"a" : 1 ,\n "a"\t:\t2}',
    '[{"x":1},{"a":1,"a":2}]',
    '{"a":{"b":{"c":{"d":1,"d":1}}}}',
    '{"a":"\\\\","a":1}',
    '{"a":0,"b":-1e-400}',
    '{"a":0,"b":1e-0400}',
    '{"spa_exclusion":1e-400}',
  ])
    it(`refuses ${JSON.stringify(t).slice(0, 60)}`, () => expect(read(t)).toBeDefined());
});

describe('ambiguityOf: the strings scan', () => {
  it('reads a 4 MB string after an escaped quote (no RegExp stack overflow)', () => {
    const t = `{"a\\"":"${'x'.repeat(4_000_000)}","b":1}`;
    expect(read(t)).toBeUndefined();
  });
});

describe('the widened cut', () => {
  const token =
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  const refreshed = `${token.slice(0, 60)}ZZZZ-other-tail_0123456789`;
  const s = createScrubber([token, refreshed], true);
  for (const t of [
    token.slice(3, 40),
    `https://api.example/${token.slice(10, 50)}/x?y=1 at ${token.slice(20, 70)}`,
    `${token.slice(0, 30)}${'a'.repeat(5000)}`,
    `${'+/='.repeat(3000)}${token.slice(0, 20)}${'.-_'.repeat(3000)}`,
    `${token.slice(0, 70)} and ${refreshed.slice(30, 80)}`,
    '',
    'abc',
  ])
    it(`cuts ${JSON.stringify(t).slice(0, 40)}… without throwing, nothing of a run left`, () => {
      const out = s.text(t);
      for (const secret of [token, refreshed])
        for (let i = 0; i + 12 <= secret.length; i++) expect(out).not.toContain(secret.slice(i, i + 12));
    });
});
