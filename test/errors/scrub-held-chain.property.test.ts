import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainScrubbers, createScrubber } from '../../src/errors/scrub';
import { anySecret, UNICODE_FORMS } from './echo-forms';
import { ENCODERS, hostilePassword } from './encoders';
import { variantOf, variantToken } from './scrub-variants';

// The adapter checks an answer against every value it holds (the last 8 tokens, 8 unguessable
// secrets, the call's own) with ONE chain (`chainScrubbers`), whose `mayHold` reads the answer
// once for all of them (its lower case and its escapes: `probeOf`). Soundness: over held sets of
// 1-8 values and answers echoing them (any form, cut by a character, under a kept key or not,
// beside letters whose lower case is ASCII or longer: `İ`, the Kelvin sign, `Σ`), the chain says
// "may hold" whenever one of the values' own scrubbers, asked alone (a fresh one, sharing
// nothing), would; and no more often.

const KEEP: ReadonlySet<string> = new Set([
  'access_token',
  'accessToken',
  'token',
  'refresh_token',
  'refreshToken',
]);

/** What the adapter holds: tokens, unguessable secrets (a captcha token), and a call's own. */
const value = fc.oneof(
  variantToken,
  variantToken,
  fc.stringMatching(/^[A-Za-z0-9_-]{16,48}={0,2}$/),
  fc.stringMatching(/^[\w+/.=-]{16,40}$/).filter((s) => !/^\d+$/.test(s)),
  hostilePassword,
  anySecret,
  fc.stringMatching(/^\d{6}$/),
);

const NOISE = fc.string({
  unit: fc.constantFrom(
    ...'aZx09 .,:;-_+/=%&#\\"\'<>éİΣſ'.split(''),
    '\u212a',
    'and',
    'user_exclusion_min',
    '2024-01-15',
    '&amp;',
    '%2B',
    '\\u0041',
  ),
  maxLength: 16,
});

const FORMS: Readonly<Record<string, (s: string) => string>> = {
  ...ENCODERS,
  ...UNICODE_FORMS,
  upper: (s) => s.toUpperCase(),
};
const FORM_NAMES = Object.keys(FORMS);

/** A piece of an answer: noise, or an echo of held value `i` (maybe a variant, cut, encoded). */
const piece = (count: number) =>
  fc.oneof(
    NOISE,
    fc.record({
      i: fc.nat({ max: count - 1 }),
      variant: fc.option(variantOf, { nil: undefined }),
      cut: fc.constantFrom(0, 0, 1, -1),
      forms: fc.array(fc.constantFrom(...FORM_NAMES), { maxLength: 2 }),
    }),
  );

/** A 2xx answer as its raw JSON text: echoes in values and keys, and held values under kept keys. */
const cases = fc.array(value, { minLength: 1, maxLength: 8 }).chain((held) =>
  fc
    .record({
      pieces: fc.array(piece(held.length), { minLength: 1, maxLength: 5 }),
      keptAt: fc.array(fc.tuple(fc.constantFrom(...KEEP), fc.nat({ max: held.length - 1 })), {
        maxLength: 3,
      }),
      layout: fc.constantFrom('value', 'key', 'both'),
    })
    .map(({ pieces, keptAt, layout }) => {
      const text = pieces
        .map((p) => {
          if (typeof p === 'string') return p;
          let s = held[p.i]!;
          if (p.variant) s = p.variant.apply(s);
          if (p.cut) s = [...s].slice(p.cut === 1 ? 1 : 0, p.cut === -1 ? -1 : undefined).join('');
          return p.forms.reduce((t, name) => FORMS[name]!(t), s);
        })
        .join('');
      const answer: Record<string, unknown> = Object.fromEntries(keptAt.map(([k, i]) => [k, held[i]]));
      const user: Record<string, unknown> = { id: 1 };
      if (layout !== 'key') user.name = text;
      if (layout !== 'value') user[text] = 1;
      answer.user = user;
      return { held, raw: JSON.stringify(answer) };
    }),
);

describe('the held values checked as one chain (chainScrubbers.mayHold)', () => {
  it('says "may hold" exactly when one held value\'s own scrubber, alone, would', () => {
    fc.assert(
      fc.property(cases, ({ held, raw }) => {
        const alone = held.map((v) => createScrubber([v]).mayHold(raw, KEEP));
        const chained = chainScrubbers(held.map((v) => createScrubber([v]))).mayHold(raw, KEEP);
        // Soundness first (the walk must never be skipped for an answer one value would walk).
        if (alone.some(Boolean)) expect(chained).toBe(true);
        expect(chained).toBe(alone.some(Boolean));
      }),
      { numRuns: 300 },
    );
  });

  it('says so for a chain reused across answers (the adapter keeps one while its values stay)', () => {
    fc.assert(
      fc.property(fc.array(cases, { minLength: 2, maxLength: 4 }), (answers) => {
        const held = answers[0]!.held;
        const chain = chainScrubbers(held.map((v) => createScrubber([v])));
        for (const { raw } of answers) {
          const alone = held.some((v) => createScrubber([v]).mayHold(raw, KEEP));
          expect(chain.mayHold(raw, KEEP)).toBe(alone);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('finds an earlier token echoed beside eight held ones, upper-cased or under the Kelvin sign', () => {
    const held = Array.from({ length: 8 }, (_, i) => `tok_${'abcdefghijklmnopqrstuvwx'.slice(i)}${i}_Zq-8`);
    const chain = chainScrubbers(held.map((v) => createScrubber([v])));
    const echo = held[3]!;
    expect(chain.mayHold(JSON.stringify({ message: `was ${echo.toUpperCase()}` }), KEEP)).toBe(true);
    // The Kelvin sign lower-cases to an ASCII `k`: the echo's anchor is found as it is alone.
    expect(chain.mayHold(JSON.stringify({ message: `was ${echo.replace(/k/g, '\u212a')}` }), KEEP)).toBe(
      true,
    );
    expect(chain.mayHold(JSON.stringify({ token: echo, user: { token: echo } }), KEEP)).toBe(false);
    expect(chain.mayHold(JSON.stringify({ token: echo, user: { name: echo } }), KEEP)).toBe(true);
  });
});
