import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { ENCODERS, hostilePassword } from './encoders';

describe('the scrubber knows what back ends do to an echoed string', () => {
  for (const [name, encode] of Object.entries(ENCODERS)) {
    it(`scrubs a password echoed by ${name} (property)`, () => {
      fc.assert(
        fc.property(hostilePassword, (password) => {
          const scrub = createScrubber([password]);
          const echoed = `Wrong password: ${encode(password)}!`;
          const out = scrub.text(echoed);
          expect(out, echoed).not.toContain(encode(password));
          expect(out).toContain('[redacted]');
          expect(out.startsWith('Wrong password: ')).toBe(true);
          // The JSON text of an answer with the echo says it may hold it (the walk is not skipped).
          expect(scrub.mayHold(JSON.stringify({ message: echoed }))).toBe(true);
          const parsed = JSON.parse(JSON.stringify({ message: echoed, errors: { password: [echoed] } }));
          expect(JSON.stringify(scrub.deep(parsed))).not.toContain(
            JSON.stringify(encode(password)).slice(1, -1),
          );
        }),
        { numRuns: 120 },
      );
    });
  }

  it('scrubs the accented letters htmlentities names', () => {
    const scrub = createScrubber(['Sõo-Çé-ã']);
    expect(scrub.text('x S&otilde;o-&Ccedil;&eacute;-&atilde; y')).toBe('x [redacted] y');
  });

  it('scrubs entities with and without leading zeros, in either case', () => {
    const scrub = createScrubber(["a'b/c"]);
    for (const form of [
      'a&#39;b/c',
      'a&#039;b/c',
      'a&#x27;b/c',
      'a&#X0027;b&#x2F;c',
      'a&apos;b&sol;c',
      "a\\'b\\/c",
    ])
      expect(scrub.text(`[${form}]`), form).toBe('[[redacted]]');
  });

  it("scrubs rawurlencode and urlencode of ! ' ( ) * ~", () => {
    const scrub = createScrubber(["x!'()*~ y"]);
    expect(scrub.text('x%21%27%28%29%2A%7E%20y')).toBe('[redacted]');
    expect(scrub.text('x%21%27%28%29%2a%7e+y')).toBe('[redacted]');
  });

  it('copies only what it changes and keeps the rest as it is', () => {
    const scrub = createScrubber(['hunter2']);
    const untouched = { user: { name: 'Ana' }, list: [1, 2] };
    const value = { message: 'hunter2 is wrong', ...untouched };
    const out = scrub.deep(value);
    expect(out).not.toBe(value);
    expect(out.message).toBe('[redacted] is wrong');
    expect(out.user).toBe(untouched.user);
    expect(out.list).toBe(untouched.list);
    const clean = { a: { b: ['c'] } };
    expect(scrub.deep(clean)).toBe(clean);
  });

  it('an answer holding only the token under a token key comes back as is; anywhere else it is scrubbed', () => {
    const token = '1|abcDEF.xyz';
    const scrub = createScrubber([token]);
    const isTokenKey: ReadonlySet<string> = new Set(['token', 'access_token']);
    const kept = { access_token: token, user: { token } };
    expect(scrub.deep(kept, isTokenKey, true)).toBe(kept);
    expect(scrub.deep({ access_token: token, message: `got ${token}` }, isTokenKey, true)).toEqual({
      access_token: token,
      message: 'got [redacted]',
    });
    expect(scrub.mayHold(JSON.stringify({ note: token }))).toBe(true);
    expect(scrub.mayHold(JSON.stringify({ data: [{ id: 1, ip: '10.0.0.1' }] }))).toBe(false);
  });

  it('builds no expression for an answer without an echo, or with only the token under its keys', () => {
    const Original = RegExp;
    let built = 0;
    globalThis.RegExp = new Proxy(Original, {
      construct(target, args: [string, string?]) {
        built += 1;
        return new target(...args);
      },
    });
    try {
      const token = '7|Zq3xVb9KpLm2NcR8TfYw';
      const isTokenKey: ReadonlySet<string> = new Set(['token', 'access_token']);
      const scrub = createScrubber([token, "Senha'Forte!1"]);
      expect(scrub.mayHold(JSON.stringify({ user: { name: 'Ana', city: 'São Paulo' } }))).toBe(false);
      // A token under its own keys: the walk skips it, and builds nothing either.
      const kept = { access_token: token, user: { token, name: 'Ana' } };
      expect(scrub.deep(kept, isTokenKey, true)).toBe(kept);
      expect(built).toBe(0);
      expect(scrub.mayHold(JSON.stringify({ message: `token ${token}` }))).toBe(true);
    } finally {
      globalThis.RegExp = Original;
    }
  });

  it('a numeric code echoed as a JSON number, leading zeros gone, is scrubbed', () => {
    const scrub = createScrubber(['004815']);
    const raw = JSON.stringify({ code: 4815, message: 'code 004815' });
    expect(scrub.mayHold(raw)).toBe(true);
    expect(scrub.deep(JSON.parse(raw))).toEqual({ code: '[redacted]', message: 'code [redacted]' });
  });
});
