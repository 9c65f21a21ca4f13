import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { TOKEN_LIKE } from '../../src/errors/scrub-forms';
import { holdsUnambiguousBytes } from './ae4-novel';
import { anySecret, BYTE_FORMS, inBody } from './echo-forms';
import { ENCODERS } from './encoders';
import { createScrubber as createUngated } from './fixtures/scrub-ae4-ungated';

// AE-4 again (AE4V2): 25438ed4 read every 2xx text of 6 characters or more for an unambiguous
// secret's byte forms (built per scrubber, each login's and each new token's: +32 % CPU a sign-in).
// Now a 2xx text is read for them only when it holds a run long enough to be one (`hasRun`):
// for an unambiguous secret (a held token's, a password: AE4V3), what comes out must be what
// 25438ed4's scrubber gave (./fixtures/scrub-ae4-ungated.ts), to the character, for every path
// of a 2xx answer; and a text with no such run builds no byte form.

// Byte forms counted by the `btoa` calls that build them (`bytesOf`: three a secret), a global
// stubbed for one test (a `vi.mock` of scrub-forms missed them when another file of the worker,
// `isolate: false`, had imported the scrubber first).
const countBtoa = () => {
  const seen = { count: 0 };
  const real = globalThis.btoa;
  vi.stubGlobal('btoa', (s: string) => {
    seen.count++;
    return real(s);
  });
  return seen;
};

const token = fc
  .stringMatching(/^[A-Za-z0-9_-]{16,60}$/)
  .chain((a) => fc.constantFrom(a, `${a}.${a.slice(3)}.${a.slice(5)}`, `${a}+/=`.slice(0, a.length + 2)));
const secret = fc.oneof(anySecret, token, fc.stringMatching(/^[ -~]{8,24}$/));
// (A token-like one, as a held token, or a password: 25438ed4 read every unambiguous secret's.)
const unambiguous = fc.oneof(
  fc.oneof(token, fc.stringMatching(/^[A-Za-z0-9+/_-]{16,40}$/)).filter((s) => TOKEN_LIKE.test(s)),
  fc.stringMatching(/^[A-Za-z0-9]{6,20}[!# ][A-Za-z0-9]{1,6}$/),
);
// A byte form of the secret, written as a back end may (percent-encoded, entities, `\/`, upper,
// fullwidth `＋` `／`), cut or not, inside text that may hold runs, escapes and other bytes.
const FORMS = Object.keys(BYTE_FORMS);
const written = fc.constantFrom(
  'JSON (JSON.stringify)',
  'PHP json_encode (\\/ and \\u00e9)',
  'JS encodeURIComponent',
  'hex entities',
  'identity',
);
const around = fc.string({ unit: fc.constantFrom(...'/?&=:%\\abcXYZ019 _-.+＋é'), maxLength: 24 });
const cases = fc
  .record({
    secret: unambiguous,
    form: fc.constantFrom(...FORMS, 'in body'),
    enc: fc.oneof(written, fc.constantFrom(...Object.keys(ENCODERS))),
    cut: fc.nat(6),
    fullwidth: fc.boolean(),
    pre: around,
    post: around,
  })
  .map(({ secret, form, enc, cut, fullwidth, pre, post }) => {
    let f = form === 'in body' ? inBody(secret, cut % 3, 'base64').text : BYTE_FORMS[form]!(secret);
    if (cut > 3) f = f.slice(1, -cut + 3);
    if (fullwidth) f = f.replace(/[+/]/g, (c) => (c === '+' ? '＋' : '／'));
    return { secret, text: `${pre}${ENCODERS[enc]!(f)}${post}` };
  });

const paths = (make: typeof createScrubber, secrets: string[], text: string) => {
  const s = make(secrets, true);
  const answer = { [text]: text, list: [text, `x ${text} y`], n: 1 };
  return [
    s.mayHold(JSON.stringify(answer)),
    s.mayHold(JSON.stringify({ text })),
    s.deep(answer, undefined, true),
    s.deep({ [`k_${text}`]: 1, ok: text }, new Set(['ok']), true),
  ];
};

describe('a 2xx text is read for byte forms only with a run as long as one (AE4V2)', () => {
  it('property: every 2xx path gives what 25438ed4 gave, to the character', () => {
    fc.assert(
      fc.property(cases, fc.boolean(), ({ secret, text }, two) => {
        const secrets = two ? [secret, 'hunter2'] : [secret];
        expect(paths(createScrubber, secrets, text)).toEqual(paths(createUngated, secrets, text));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('property: texts with no byte form give what 25438ed4 gave too', () => {
    fc.assert(
      fc.property(secret, fc.string({ maxLength: 120 }), (s, text) => {
        fc.pre(!holdsUnambiguousBytes([s], text));
        expect(paths(createScrubber, [s], text)).toEqual(paths(createUngated, [s], text));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('a held token reading a login answer and a profile builds no byte form; an echo of one does', () => {
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiIxIiwiaWF0IjoxNzAwMDAwMDAwfQ'.repeat(3)}.c2lnbmF0dXJlX19fX19fX19fX19fX19f`;
    const scrubber = createScrubber([jwt], true);
    const login = {
      access_token: jwt,
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: 'r'.repeat(64),
    };
    const profile = {
      id: 7,
      name: 'Ana Souza',
      email: 'ana@example.com',
      avatar: `/img/${'a1'.repeat(40)}.png`,
    };
    const built = countBtoa();
    for (const answer of [login, profile]) {
      const raw = JSON.stringify(answer);
      scrubber.mayHold(raw, new Set(['access_token']));
      scrubber.deep(answer, new Set(['access_token']), true);
      scrubber.deep(profile, undefined, true);
    }
    expect(built.count).toBe(0);
    const url = `/income-report/1/file?t=${Buffer.from(jwt).toString('base64url')}`;
    expect(scrubber.mayHold(JSON.stringify({ url }))).toBe(true);
    expect(scrubber.deep({ url }, undefined, true)).toEqual({ url: '/income-report/1/file?t=[redacted]' });
    expect(built.count).toBeGreaterThan(0);
  });
});
