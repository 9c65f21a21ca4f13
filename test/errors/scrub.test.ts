import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachScrubber, createScrubber, NO_SCRUB, scrubberOf } from '../../src/errors/scrub';
import { HeaderSafeToken, isHeaderSafeToken, parseResponse } from '../../src/schemas/common';
import { formsOf } from './views';

describe('createScrubber', () => {
  const pw = 'Pa"ss/wörd &+ 1';
  const scrub = createScrubber([pw, 'short', '']);

  it('replaces every form a server echoes a secret in', () => {
    for (const form of [...formsOf(pw), pw.toUpperCase(), encodeURIComponent(pw).toLowerCase()]) {
      expect(scrub.text(`a ${form} b`)).toBe('a [redacted] b');
    }
    expect(scrub.text(`&lt;${pw.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}&gt;`)).toBe(
      '&lt;[redacted]&gt;',
    );
    expect(scrub.text(JSON.stringify(JSON.stringify({ pw })))).not.toContain('ss/w');
  });

  it('in an error body, scrubs keys like values (issue 27.1), but the secret fields own names', () => {
    const s = createScrubber(['pw']);
    const out = s.deep({ 'pw pw': 1, 'a-pw': 2, strong_pw: 3, pw: 4, pwx: 5, password: 6 }) as object;
    expect(Object.keys(out).sort()).toEqual(
      [
        '[redacted] [redacted]',
        'a-[redacted]',
        'strong_[redacted]',
        '[redacted]',
        '[redacted]x',
        'password',
      ].sort(),
    );
  });

  it('in a 2xx answer, a short secret replaces a key only when it is the whole key', () => {
    const s = createScrubber(['pw']);
    const out = s.deep({ 'pw pw': 1, 'a-pw': 2, strong_pw: 3, pw: 4, pwx: 5 }, undefined, true) as object;
    expect(Object.keys(out).sort()).toEqual(['pw pw', 'a-pw', 'strong_pw', '[redacted]', 'pwx'].sort());
  });

  it('in a 2xx answer, an unambiguous secret is a whole word in a field name, anywhere in other keys', () => {
    const s = createScrubber(['password']);
    const out = s.deep({ 'a-password': 1, strong_password: 2, 'x.password': 3 }, undefined, true) as object;
    expect(Object.keys(out).sort()).toEqual(['a-[redacted]', 'strong_password', 'x.[redacted]'].sort());
  });

  it('replaces a secret that contains another one whole', () => {
    const s = createScrubber(['abc', 'xxabcxx']);
    expect(s.text('1 xxabcxx 2 abc')).toBe('1 [redacted] 2 [redacted]');
  });

  it('copies plain data deeply, scrubbing strings and keys, keeping __proto__ keys as data', () => {
    const parsed = JSON.parse(`{"__proto__":["${'short'}"],"a":[{"short":1,"n":2}],"b":null}`);
    const out = scrub.deep(parsed) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual(['[redacted]']);
    expect(out.a).toEqual([{ '[redacted]': 1, n: 2 }]); // an error body's keys are scrubbed too
    expect(out.b).toBeNull();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(parsed.a[0].short).toBe(1); // never mutates
  });

  it('keeps values under the keys `keep` names, and stops at a depth no stack can fail on', () => {
    expect(scrub.deep({ token: 'short', m: 'short' }, new Set(['token']))).toEqual({
      token: 'short',
      m: '[redacted]',
    });
    let deep: unknown = 'short';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(JSON.stringify(scrub.deep(deep))).not.toContain('short');
  });

  it('changes nothing when no secret was sent', () => {
    expect(createScrubber([''])).toBe(NO_SCRUB);
    const value = { a: 1 };
    expect(NO_SCRUB.deep(value)).toBe(value);
  });

  it('travels with a 2xx value for the schema check', () => {
    const value = {};
    attachScrubber(value, scrub);
    expect(scrubberOf(value)).toBe(scrub);
    expect(scrubberOf({})).toBe(NO_SCRUB);
    expect(scrubberOf('text')).toBe(NO_SCRUB);
  });

  it('never leaves a secret in any text that contains it (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.string(), fc.string(), (secret, a, b) => {
        // The replacement must not be able to spell a form again with what surrounds it.
        fc.pre(formsOf(secret).every((f) => ![...f.toLowerCase()].some((c) => '[redacted]'.includes(c))));
        const s = createScrubber([secret]);
        for (const form of formsOf(secret)) {
          expect(s.text(`${a}${form}${b}`).toLowerCase()).not.toContain(form.toLowerCase());
        }
      }),
    );
  });
});

describe('mayHold', () => {
  it('is true whenever scrubbing the parsed answer would change it (property)', () => {
    const secret = 'Pw/ä"1';
    const s = createScrubber([secret]);
    const piece = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(...formsOf(secret), secret.toUpperCase(), '\\/'),
    );
    const text = fc.array(piece, { maxLength: 4 }).map((parts) => parts.join(''));
    const value = fc.oneof(text, fc.dictionary(text, text, { maxKeys: 3 }), fc.array(text, { maxLength: 3 }));
    fc.assert(
      fc.property(value, fc.boolean(), (v, php) => {
        let raw = JSON.stringify(v);
        if (php)
          raw = raw
            .replace(/\//g, '\\/')
            .replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        const parsed = JSON.parse(raw);
        if (!s.mayHold(raw)) expect(s.deep(parsed)).toEqual(parsed);
      }),
      { numRuns: 500 },
    );
    expect(s.mayHold('{"a":"nothing here"}')).toBe(false);
    expect(s.mayHold(`{"a":"${JSON.stringify(secret).slice(1, -1)}"}`)).toBe(true);
  });
});

describe('isHeaderSafeToken', () => {
  it('accepts visible ASCII tokens (JWT, Sanctum id|secret) and refuses the rest', () => {
    for (const ok of ['abc', '1|abcDEF123', 'eyJ.eyJ.sig-_~+/=']) expect(isHeaderSafeToken(ok)).toBe(true);
    for (const bad of [
      '',
      'a b',
      'abc\ndef',
      'a\rb',
      'a\u0000b',
      'tök€n',
      'a\tb',
      'x'.repeat(20_000),
      1,
      null,
    ]) {
      expect(isHeaderSafeToken(bad)).toBe(false);
    }
  });

  it('as a schema, refuses such a token as an invalid response, without quoting it', () => {
    expect(HeaderSafeToken.safeParse('1|abc').success).toBe(true);
    let error: unknown;
    try {
      parseResponse('login', HeaderSafeToken, 'abc\ndef-canary');
    } catch (e) {
      error = e;
    }
    expect((error as { code: string }).code).toBe('invalid_response');
    expect((error as Error).message).toBe(
      'Unexpected login response: (root): must be a token that can be sent in a header',
    );
  });
});
