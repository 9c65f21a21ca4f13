import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber, type Scrubber } from '../../src/errors/scrub';
import { anchorOf, variantAnchorOf } from '../../src/errors/scrub-forms';
import { anySecret, BYTE_FORMS, inBody, UNICODE_FORMS } from './echo-forms';
import { ENCODERS, hostilePassword } from './encoders';
import { createScrubber as createOldScrubber } from './scrub-copy';
import { anchorOf as oldAnchorOf, variantAnchorOf as oldVariantAnchorOf } from './scrub-copy-forms';
import { SINCE_CC4ABD6 } from './scrub-since-cc4abd6';
import { variantOf, variantToken } from './scrub-variants';

// The scrubber after the eleventh size pass (issue 33: the same code, fewer bytes) against a copy:
// every path gives the same output, to the character, over texts with secrets in every form the
// echo tests know, near misses and noise; `mayHold` gives the same answer; the anchors are the
// same. The copy was of cc4abd6 until the sixty-second pass; the reviews since changed the
// scrubber on purpose (fail closed), and CI's random runs kept meeting texts where the two parted
// (three seeds in one pass). Re-based then on 1959efa6 (./scrub-copy*.ts, copied as they
// were): the next size pass is held to it; what parts the scrubber of today from the one of
// cc4abd6 is pinned, case by case, in ./scrub-since-cc4abd6.test.ts.

const KEEP: ReadonlySet<string> = new Set(['access_token', 'token', 'refresh_token']);

/** A 2FA code, a password, a token (base64, JWT, opaque, any variant of it later). */
const secret = fc.oneof(
  variantToken,
  hostilePassword,
  anySecret,
  fc.stringMatching(/^\d{2,6}$/),
  fc.stringMatching(/^[A-Za-z]{3,10}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,40}={0,2}$/),
);

const NOISE = fc.string({
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
});

const FORMS: Readonly<Record<string, (s: string) => string>> = {
  ...ENCODERS,
  ...UNICODE_FORMS,
  ...BYTE_FORMS,
  'in a base64 body': (s) => inBody(s, 5, 'base64').text,
};
const FORM_NAMES = Object.keys(FORMS);

const echo = (count: number) =>
  fc.record({
    i: fc.nat({ max: count - 1 }),
    variant: fc.option(variantOf, { nil: undefined }),
    cut: fc.constantFrom(0, 0, 0, 1, -1),
    forms: fc.array(fc.constantFrom(...FORM_NAMES), { maxLength: 2 }),
  });

const cases = fc.array(secret, { minLength: 1, maxLength: 3 }).chain((secrets) =>
  fc.array(fc.oneof(NOISE, echo(secrets.length)), { minLength: 1, maxLength: 5 }).map((pieces) => ({
    secrets,
    text: pieces
      .map((p) => {
        if (typeof p === 'string') return p;
        let s = secrets[p.i]!;
        if (p.variant) s = p.variant.apply(s);
        if (p.cut) s = [...s].slice(p.cut === 1 ? 1 : 0, p.cut === -1 ? -1 : undefined).join('');
        return p.forms.reduce((t, name) => FORMS[name]!(t), s);
      })
      .join(''),
  })),
);

/** What each path of `scrub` gives for `text`, as JSON (arrays with holes and nesting too). */
function paths(scrub: Scrubber, secrets: string[], text: string): unknown[] {
  const list: unknown[] = [text, [text, 1, null], 2];
  delete list[2];
  list.length = 4;
  const error = {
    message: text,
    errors: { password: [text], [text]: [text] },
    [text]: 1,
    list,
    code: +secrets[0]!,
  };
  const answer = { token: secrets[0], user: { name: text, list: [` ${text} `, [text]], [text]: 1 } };
  const raw = JSON.stringify(answer);
  const bare = JSON.stringify({ user: { name: text } });
  const walked = (v: unknown) => {
    const out = v as unknown[];
    return [JSON.stringify(out), Array.isArray(out) ? Object.keys(out) : null];
  };
  return [
    scrub.text(text),
    JSON.stringify(scrub.deep(error)),
    walked(scrub.deep(list)),
    walked(scrub.deep(list, undefined, true)),
    JSON.stringify(scrub.deep(JSON.parse(raw), KEEP, true)),
    JSON.stringify(scrub.deep(JSON.parse(raw), undefined, true)),
    scrub.deep(text, undefined, true),
    scrub.mayHold(raw, KEEP),
    scrub.mayHold(raw),
    scrub.mayHold(bare),
  ];
}

describe('the scrubber against its copy of 1959efa6 (a size pass: the same behaviour)', () => {
  it('property: every path gives what the copy gave, to the character', () => {
    fc.assert(
      fc.property(cases, ({ secrets, text }) => {
        const now = paths(createScrubber(secrets), secrets, text);
        const then = paths(createOldScrubber(secrets), secrets, text);
        expect(now).toEqual(then);
      }),
      {
        numRuns: 200,
        // (Kept: the texts where the scrubber of today parts from the one of cc4abd6, the copy
        // before the re-base: ./scrub-since-cc4abd6.test.ts pins what it gives for each.)
        // (And CI's seed -739719723, fiftieth pass: a code's digits across `%`.)
        examples: [
          [{ secrets: ['937362', 'çé/ç*(*Q5Ug25('], text: '93736%2B' }],
          ...SINCE_CC4ABD6.map(
            ({ secrets, text }) => [{ secrets, text }] as [{ secrets: string[]; text: string }],
          ),
        ],
      },
    );
  }, 120_000);

  it('property: an unchanged array or object comes back as it was (the same reference)', () => {
    fc.assert(
      fc.property(fc.array(secret, { minLength: 1, maxLength: 2 }), NOISE, (secrets, text) => {
        const scrub = createScrubber(secrets);
        const value = { a: [text, [text]], b: { c: text } };
        const same = JSON.stringify(scrub.deep(value)) === JSON.stringify(value);
        expect(scrub.deep(value) === value).toBe(same);
        expect(createOldScrubber(secrets).deep(value) === value).toBe(same);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('property: the anchors are the old ones', () => {
    fc.assert(
      fc.property(fc.oneof(secret, variantToken, fc.string(), fc.string({ unit: 'binary' })), (s) => {
        expect(anchorOf(s)).toBe(oldAnchorOf(s));
        expect(variantAnchorOf(s)).toEqual(oldVariantAnchorOf(s));
      }),
      { numRuns: 300 },
    );
  });

  it('property: nesting around the 64-level limit gives what the old one gave', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 60, maxLength: 68 }),
        fc.constantFrom('hunter2', 'plain'),
        fc.boolean(),
        (arrays, leaf, data) => {
          const value = arrays.reduceRight<unknown>((inner, array) => (array ? [inner] : { k: inner }), leaf);
          const now = createScrubber(['hunter2']).deep(value, undefined, data);
          const then = createOldScrubber(['hunter2']).deep(value, undefined, data);
          expect(JSON.stringify(now)).toBe(JSON.stringify(then));
          expect(now === value).toBe(then === value);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a hole in an array stays a hole, and a changed array is a copy', () => {
    const list: unknown[] = ['hunter2 here', 'y', 'x'];
    delete list[1];
    const out = createScrubber(['hunter2']).deep(list) as unknown[];
    expect(out).not.toBe(list);
    expect(Object.keys(out)).toEqual(['0', '2']);
    expect(out[0]).toBe('[redacted] here');
    expect(list[0]).toBe('hunter2 here');
  });
});
