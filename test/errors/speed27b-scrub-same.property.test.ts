import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainScrubbers, createScrubber, type Scrubber } from '../../src/errors/scrub';
import { bytesOf } from '../../src/errors/scrub-forms';
import { anySecret, BYTE_FORMS, inBody, UNICODE_FORMS } from './echo-forms';
import { ENCODERS, hostilePassword } from './encoders';
import { createScrubber as createOldScrubber, chainScrubbers as oldChain } from './scrub-copy';
import { bytesOf as oldBytesOf } from './scrub-copy-forms';
import { SINCE_CC4ABD6 } from './scrub-since-cc4abd6';
import { variantOf, variantToken } from './scrub-variants';

// SPEED27B: the adapter's scrubbers (`parts`) of a secret of 16 characters or fewer build their
// byte forms as they are made (in flight), not when the first text with a long run comes. The
// same answers: against a copy of the scrubber (89ec1e26's until the sixty-second pass, then
// re-based on 1959efa6's, ./scrub-copy.ts, as the size pass's property was: the reviews since
// changed the scrubber on purpose, and random runs met texts where the two parted; those are
// pinned in ./scrub-since-cc4abd6.test.ts and run here as examples): a size or speed pass keeps
// to it: every path gives the same output, to the character, and `mayHold` the same answer, whatever
// is asked first (a 2xx scan, an error body, a key), alone or in a chain sharing one probe,
// over texts with secrets in every form the echo tests generate (encoders, Unicode forms, byte
// forms, inside a base64 body), near misses, runs of every length and noise.

const KEEP: ReadonlySet<string> = new Set(['access_token', 'token', 'refresh_token']);

/** A 2FA code, a password (short ones: built early now), a token (base64, JWT, opaque, a variant). */
const secret = fc.oneof(
  variantToken,
  hostilePassword,
  anySecret,
  fc.stringMatching(/^\d{2,8}$/),
  fc.stringMatching(/^[A-Za-z]{3,10}$/),
  fc.stringMatching(/^[A-Za-z0-9!@#]{6,17}$/),
  fc.stringMatching(/^[?>~ÿé\x7f-\u07ffA-Za-z0-9]{6,16}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{14,40}={0,2}$/),
);

/** Noise, and runs (no space, `!` or `"`) around the length each gate asks. */
const NOISE = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      ...'aZx09 .,:;-_+/=%&#\\"\'<>é'.split(''),
      'and',
      '2024-01-15',
      '&amp;',
      '%2B',
      '\\u0041',
      '[redacted]',
    ),
    maxLength: 12,
  }),
  fc.stringMatching(/^[A-Za-z0-9+/_-]{4,60}$/),
);

const FORMS: Readonly<Record<string, (s: string) => string>> = {
  ...ENCODERS,
  ...UNICODE_FORMS,
  ...BYTE_FORMS,
  'in a base64 body': (s) => inBody(s, 5, 'base64').text,
  'in a hex body': (s) => inBody(s, 3, 'hex').text,
  // The longest stretch of its base64 (at each offset) between `+` and `/`: a byte form's anchor
  // without the run around it, shorter than the gate's (`bytesMin`) when the form has a `+` or `/`.
  ...Object.fromEntries(
    [0, 1, 2].map((k) => [
      `base64 stretch at ${k}`,
      (s: string) =>
        Buffer.concat([Buffer.alloc(k), Buffer.from(s)])
          .toString('base64')
          .slice(k && k + 1)
          .split(/[+/=]/)
          .reduce((a, b) => (b.length > a.length ? b : a), ''),
    ]),
  ),
};
const FORM_NAMES = Object.keys(FORMS);

const echo = (count: number) =>
  fc.record({
    i: fc.nat({ max: count - 1 }),
    variant: fc.option(variantOf, { nil: undefined }),
    cut: fc.constantFrom(0, 0, 0, 1, -1),
    forms: fc.array(fc.constantFrom(...FORM_NAMES), { maxLength: 2 }),
    // A piece of the echo (an anchor without the run around it: `"<piece>"`).
    piece: fc.option(fc.tuple(fc.nat({ max: 30 }), fc.integer({ min: 3, max: 30 }), fc.boolean()), {
      nil: undefined,
    }),
  });

const cases = fc.array(secret, { minLength: 1, maxLength: 3 }).chain((secrets) =>
  fc
    .record({
      pieces: fc.array(fc.oneof(NOISE, echo(secrets.length)), { minLength: 1, maxLength: 5 }),
      first: fc.nat({ max: 3 }),
    })
    .map(({ pieces, first }) => ({
      secrets,
      first,
      text: pieces
        .map((p) => {
          if (typeof p === 'string') return p;
          let s = secrets[p.i]!;
          if (p.variant) s = p.variant.apply(s);
          if (p.cut) s = [...s].slice(p.cut === 1 ? 1 : 0, p.cut === -1 ? -1 : undefined).join('');
          const t = p.forms.reduce((t, name) => FORMS[name]!(t), s);
          if (!p.piece) return t;
          const [at, length, quoted] = p.piece;
          const piece = t.slice(at % t.length, (at % t.length) + length);
          return quoted ? `"${piece}"` : piece;
        })
        .join(''),
    })),
);

/** What each path of `scrub` gives for `text`, as JSON, `first` (of four) asked first. */
/**
 * `v` with every redaction widened to the word of a token's characters it is in (redactions side by
 * side as one): in what errors
 * carry, a cut echo's redaction takes its whole word now (review 108: secrets sharing a run), where
 * the old one left the rest of the word beside it.
 */
const widened = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v).replace(/(?:[\w.+/=-]*\[redacted\])+[\w.+/=-]*/g, '[redacted]'));

function paths(scrub: Scrubber, secrets: string[], text: string, first: number): unknown[] {
  const error = {
    message: text,
    errors: { password: [text], [text]: [text] },
    [text]: 1,
    code: +secrets[0]!,
  };
  const answer = { token: secrets[0], user: { name: text, list: [` ${text} `, [text]], [text]: 1 } };
  const raw = JSON.stringify(answer);
  const bare = JSON.stringify({ user: { name: text } });
  const asks = [
    () => [scrub.mayHold(raw, KEEP), scrub.mayHold(raw), scrub.mayHold(bare)],
    () => [scrub.text(text), JSON.stringify(scrub.deep(error))],
    () => [
      JSON.stringify(scrub.deep(JSON.parse(raw), KEEP, true)),
      JSON.stringify(scrub.deep(JSON.parse(raw), undefined, true)),
      scrub.deep(text, undefined, true),
    ],
    () => [JSON.stringify(scrub.deep({ [text]: 1, [`${text}_x`]: 2 }, undefined, true))],
  ];
  const out: unknown[] = [];
  out[first] = asks[first]!();
  for (const [i, ask] of asks.entries()) if (i !== first) out[i] = ask();
  // Again, every expression built by now.
  return [...out, asks.map((ask) => ask())];
}

describe('the scrubber against its copy (SPEED27B: byte forms built in flight, the same answers)', () => {
  it('property: every path gives what the old one gave, to the character, parts or not', () => {
    fc.assert(
      fc.property(cases, fc.boolean(), ({ secrets, text, first }, parts) => {
        const now = paths(createScrubber(secrets, parts), secrets, text, first);
        const then = paths(createOldScrubber(secrets, parts), secrets, text, first);
        // `mayHold` is a gate (as in the chain's property below): it may say "maybe" where the old
        // one said no, never no where it said maybe; the answers after it are compared to the
        // character. (Seen in CI, seed -2136790791: a secret with `ß` gates on `ss`, a fold the old
        // one lacks; the text then comes out unchanged by both.)
        const gates = (v: unknown[]) => [v[0], (v[4] as unknown[])[0]] as boolean[][];
        const [nowGates, thenGates] = [gates(now), gates(then)];
        for (const [i, said] of thenGates.entries())
          for (const [k, maybe] of said.entries()) {
            expect(nowGates[i]![k] || !maybe).toBe(true);
            nowGates[i]![k] = maybe;
          }
        expect(widened(now)).toEqual(widened(then));
      }),
      {
        numRuns: 300,
        examples: [
          ...SINCE_CC4ABD6.flatMap(({ secrets, text }) =>
            [true, false].map(
              (parts) =>
                [{ secrets, text, first: 0 }, parts] as [
                  { secrets: string[]; text: string; first: number },
                  boolean,
                ],
            ),
          ),
          // (CI seed 50930788, fifty-eighth pass: a cut's widening ate the start of the next run.)
          [{ secrets: ['@!x#HFgU@!S7s#I!#'], first: 0, text: '@!x#HFgU@!S7HFgU@!S7s#I!' }, true],
          [
            {
              secrets: [
                'CqzOXtEP4lS9bvurVj5jmCycxFE.PSlcTq8HXlzu_Q.gnxGQZaAPmcB_2117IQs3WwvKGambwnEfeWQwkqnC1TtNQ',
                'ßжÅmd²',
                '@H#6!iM#',
              ],
              first: 0,
              text: '+/-sS9ba/-A',
            },
            false,
          ],
        ],
      },
    );
  }, 180_000);

  it('property: a chain (one probe for all, as the adapter reads an answer) says what the old one said', () => {
    fc.assert(
      fc.property(cases, fc.array(secret, { maxLength: 3 }), ({ secrets, text }, held) => {
        const answer = JSON.stringify({
          access_token: held[0] ?? 'x',
          user: { name: text, token: secrets[0] },
        });
        const now = chainScrubbers([
          ...held.map((h) => createScrubber([h], true)),
          createScrubber(secrets, true),
        ]);
        const then = oldChain([
          ...held.map((h) => createOldScrubber([h], true)),
          createOldScrubber(secrets, true),
        ]);
        // `mayHold` is a gate: it may say "maybe" where the old one said no (a full scan follows, whose
        // answer is compared below), never "no" where the old one said maybe (seen: a fullwidth
        // secret's part as the name, seed -226334467, fails on e529647b too; kept in `examples`).
        expect(now.mayHold(answer, KEEP) || !then.mayHold(answer, KEEP)).toBe(true);
        expect(now.mayHold(text) || !then.mayHold(text)).toBe(true);
        expect(JSON.stringify(now.deep(JSON.parse(answer), KEEP, true))).toBe(
          JSON.stringify(then.deep(JSON.parse(answer), KEEP, true)),
        );
        expect(widened(now.text(text))).toBe(widened(then.text(text)));
      }),
      {
        numRuns: 200,
        examples: [
          [
            {
              secrets: ['Ωß…y2^Ａ`.', 'B__nAFA__Q_KF6_sJ-3V_____-5N-R2-', '7118073'],
              first: 0,
              text: '2^Ａ',
            },
            [],
          ],
        ],
      },
    );
  }, 180_000);

  it("property: a short secret's byte form cut at its `+` and `/` (its anchor, no run as long as the gate asks) reads as before", () => {
    const short = fc.string({
      unit: fc.constantFrom(...'abcXYZ019?>~ÿé/+ -_'.split('')),
      minLength: 2,
      maxLength: 17,
    });
    fc.assert(
      fc.property(short, fc.nat({ max: 2 }), fc.nat({ max: 5 }), fc.nat({ max: 3 }), (s, k, at, first) => {
        const parts = Buffer.concat([Buffer.alloc(k), Buffer.from(s)])
          .toString('base64')
          .slice(k && k + 1)
          .split(/[+/=]/);
        const text = parts[at % parts.length]!;
        expect(paths(createScrubber([s], true), [s], text, first)).toEqual(
          paths(createOldScrubber([s], true), [s], text, first),
        );
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  /** The forms of `s`'s UTF-16LE bytes, as Node's Buffer writes them (hex, base64 at each offset). */
  const utf16Forms = (s: string) => {
    const b = Buffer.from(s, 'utf16le');
    return [
      b.toString('hex'),
      ...[0, 1, 2].map((k) =>
        Buffer.concat([Buffer.alloc(k), b])
          .toString('base64')
          .replace(/.=+$/, '')
          .slice(k && k + 1),
      ),
    ].filter((f) => f.length > 5);
  };

  it("property: a secret's byte forms are the old ones (its base64 cut in one replace now)", () => {
    fc.assert(
      fc.property(
        fc.oneof(secret, fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
        (s) => {
          // The copy's (a Latin-1 secret beyond ASCII's Latin-1 bytes' too: FIXSEC28 F2). Wide: its
          // UTF-16LE bytes' (review 106; none for a secret with a lone surrogate, which has no UTF-8).
          expect(bytesOf(s)).toEqual(oldBytesOf(s));
          expect(bytesOf(s, true)).toEqual(/\p{Cs}/u.test(s) ? [] : utf16Forms(s));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a login answer: the password found in its base64 form, not in the token, as before', () => {
    const password = 'Secret123!';
    const b64 = Buffer.from(password).toString('base64');
    const token = 'Nv519brWtzGCAV3cfq2CQahUUmUeJ2S1jvd7vSb4Rak';
    for (const body of [{ access_token: token }, { access_token: token, note: `x${b64}y` }]) {
      const raw = JSON.stringify(body);
      const now = createScrubber([password], true);
      const then = createOldScrubber([password], true);
      expect(now.mayHold(raw, KEEP)).toBe(then.mayHold(raw, KEEP));
      expect(now.deep(JSON.parse(raw), KEEP, true)).toEqual(then.deep(JSON.parse(raw), KEEP, true));
    }
    expect(createScrubber([password], true).mayHold(JSON.stringify({ note: b64 }), KEEP)).toBe(true);
    expect(createScrubber([password], true).mayHold(JSON.stringify({ access_token: token }), KEEP)).toBe(
      false,
    );
  });
});
