// Review 126 (holds): `fold` (src/server/any-case.ts) keeps every position (no code point's case
// mapping shortens, and those that lengthen fold to themselves); echoes of a value in its own, lower
// and upper case, beside İ, ß, final sigma, combining marks and surrogates, adjacent or repeated,
// are cut whole and nothing else is; a value echoed through JSON `\u` escapes (parsed before the
// hunt) is cut; a 1 MB non-ASCII text against 64 dropped values (the code-point path) stays in time.
import { describe, expect, it } from 'vitest';
import { fold, formsOf, hunter } from '../../src/server/any-case';

const redactForms = (t: string, forms: string[]) => hunter(forms)(t);

import { droppedTokensOf, scrubTokens } from '../../src/server/strip';
import { json, loginOk, pamFor, signIn, useHostile } from '../server/hostile';

const hostile = useHostile();
const SESSION = 'SESSION-ZYXWVUTSRQ-9876543210';
const ODD = [
  'İ',
  'ı',
  'ß',
  'ẞ',
  'Σ',
  'ς',
  'σ',
  'ﬁ',
  'ŉ',
  'K',
  'ſ',
  'é',
  'e\u0301',
  '\u0307',
  '😀',
  '\ud83d',
  'ᾈ',
  'ΐ',
  'a',
  'Z',
  '-',
];

function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('review 126 (holds): the any-case fold and cut', () => {
  it('fold keeps the length of every code point, alone and in a text that takes the slow path', () => {
    const off: number[] = [];
    for (let cp = 0; cp < 0x110000; cp += cp < 0x20000 ? 1 : 7) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      const c = String.fromCodePoint(cp);
      if (fold(c).length !== c.length || fold(`İ${c}`).length !== c.length + 1) off.push(cp);
    }
    expect(off).toEqual([]);
  });

  it('random values and texts: every echo in its own, lower or upper case cut, nothing else', () => {
    const r = rng(126);
    const pick = () => ODD[Math.floor(r() * ODD.length)]!;
    const bad: string[] = [];
    for (let i = 0; i < 3_000; i += 1) {
      const value = `Qx${Array.from({ length: 6 + Math.floor(r() * 10) }, pick).join('')}Wq7`;
      const echo = [value, value.toLowerCase(), value.toUpperCase()][i % 3]!;
      const pad = Array.from({ length: Math.floor(r() * 4) }, pick).join('');
      const text = i % 5 === 0 ? `${pad}${echo}${echo}${pad}` : `${pad}${echo}${pad}`;
      const out = redactForms(text, formsOf(value));
      const want = i % 5 === 0 ? `${pad}[redacted]${pad}` : `${pad}[redacted]${pad}`;
      if (out !== want) bad.push(JSON.stringify([value, text, out]));
      if (redactForms(`${pad}${pad}`, formsOf(value)) !== `${pad}${pad}`) bad.push(`touched ${pad}`);
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('through the proxy: a value echoed with JSON \\u escapes in the raw body is cut', async () => {
    const api = await hostile.api();
    const value = 'códigoÉXYZ-abcdefghijklmnop';
    const esc = (t: string) =>
      t.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const escaped = esc(value);
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url === '/auth/logout') return json(res, 204, '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        `{"data":{"reset_token":"${escaped}"},"message":"use \\u0043${esc(value.slice(1).toUpperCase())}"}`,
      );
    };
    const pam = pamFor(api, { origin: 'https://app.example' });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      new Request('https://app.example/pam/bff/users/address-by-user', {
        headers: { cookie, 'x-pam-client': '1' },
      }),
    ))!;
    const body = (await answer.json()) as { message?: string };
    expect(body.message).toBe('use [redacted]');
  });

  it('a 1 MB non-ASCII text (İ, é) against 64 dropped values: untouched, in time', { timeout: 5_000 }, () => {
    const values = Array.from({ length: 64 }, (_, i) => `${'é'.repeat(1_000)}${i.toString(36)}#`);
    const text = `İ${'é'.repeat(1_000_000)}`;
    const answer = { k: values.map((v) => ({ id_token: v })), text };
    const dropped = droppedTokensOf(answer);
    expect(dropped.size).toBe(64);
    const out = scrubTokens(answer, [SESSION], undefined, dropped) as { text: string };
    expect(out.text).toBe(text);
  });
});
