import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverSessionAuth } from '../../machines/server-session/auth';
import { LOGIN, REGISTER_SIMPLIFIED, VALIDATE_DOCUMENT } from '../../src/auth/operations';
import { formatCpf, type HttpAdapter, isValidCpf, RequestValidationError } from '../../src/index';
import { normalizeCpf } from '../../src/responsible-gaming/cpf';
import { LoginPayload, RegisterSimplifiedPayload, ValidateDocumentPayload } from '../../src/schemas/auth';
import { loginAsSent } from '../../src/schemas/readers/auth';
import { cpfDigits } from '../../src/testing/cpf';
import { cpfOf } from '../support/cpf';
import { NEW_PLAYER } from '../support/new-player';
import { clientsFor, useReferenceServer } from '../support/server';

// REVIEW-AF AF-1: a document (CPF) number was read three ways: validateDocument refused a valid CPF
// with a tab, a line break, U+2028 or a BOM inside, or spaced out past 20 characters, which
// registration and a CPF login took; isValidCpf / formatCpf read no NFKC form and capped the length
// before trimming. AF-2: a 2FA code kept its invisible characters other than Cf (NEL, C0 controls,
// CGJ, variation selectors, combining marks, Hangul fillers, braille blank) and its non-ASCII
// decimal digits: sent, a counted wrong code; a code of nothing else was sent, not refused as blank.
// One reading of typed digits now (`typedText`): NFKC, every decimal digit as its ASCII digit, no
// control, format, unassigned, private-use, combining, default-ignorable or white-space character
// (NEL among them) and no braille blank anywhere. A document number is that without `.` and `-`:
// 1 to 20 digits (sent as digits by validateDocument as by registration), a CPF when 11 valid ones.
const ctx = useReferenceServer();

const dotted = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
const inDigits = (zero: number) => (s: string) =>
  s.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));

/** The ways a valid CPF reaches a form (AF-1's probe p4-doc and more): every one is that CPF. */
const CPF_TYPINGS: [string, (c: string) => string][] = [
  ['interior tab', (c) => `${c.slice(0, 9)}\t${c.slice(9)}`],
  ['interior newline', (c) => dotted(c).replace('-', '\n-')],
  ['interior CRLF', (c) => `${c.slice(0, 3)}\r\n${c.slice(3)}`],
  ['interior U+2028', (c) => `${c.slice(0, 3)}\u2028${c.slice(3)}`],
  ['interior BOM', (c) => `${c.slice(0, 3)}\ufeff${c.slice(3)}`],
  ['interior NEL', (c) => `${c.slice(0, 3)}\u0085${c.slice(3)}`],
  ['interior ZWSP', (c) => `${c.slice(0, 3)}\u200b${c.slice(3)}`],
  ['spaced to 21', (c) => c.split('').join(' ')],
  ['a run of dots', (c) => `${c.slice(0, 3)}${'.'.repeat(19)}${c.slice(3)}`],
  ['20 spaces around', (c) => `${' '.repeat(20)}${c}${' '.repeat(20)}`],
  ['NEL around', (c) => `\u0085${c}\u0085`],
  ['full-width', inDigits(0xff10)],
  ['Arabic-Indic', inDigits(0x660)],
  ['Extended Arabic-Indic, dotted', (c) => inDigits(0x6f0)(dotted(c))],
  ['Devanagari', inDigits(0x966)],
];

/** No document number: refused by validateDocument (nothing sent), no CPF anywhere. */
const NOT_A_NUMBER = [
  'ana@example.com',
  'abc',
  '...',
  ' - ',
  '\u200b\u0085',
  '1'.repeat(21),
  '300.000.521\u201083',
  '300.000.522\u221264',
  '529/982/247-25',
];

describe('a document number: one reading (AF-1)', () => {
  let n = 0;
  for (const [name, typed] of CPF_TYPINGS)
    it(`${name}: validateDocument, registration and login send the digits; isValidCpf, formatCpf agree`, async () => {
      const cpf = cpfOf(String(310000000 + 41 * n++));
      const number = typed(cpf);
      expect(isValidCpf(number)).toBe(true);
      expect(formatCpf(number)).toBe(dotted(cpf));
      const { auth } = clientsFor(ctx.server);
      const answer = await auth.validateDocument({ number });
      expect(answer.docnumber_valid).toBe(true);
      expect(ctx.server.requests.map((r) => r.body)).toEqual([{ number: cpf }]);
      await auth.registerSimplified({
        ...NEW_PLAYER,
        email: `af1.${n}@example.com`,
        number,
        birth_date: '1990-01-01',
      });
      expect(ctx.server.requests.at(-1)?.body).toMatchObject({ number: cpf });
      const signed = await auth.login({ login: number, password: NEW_PLAYER.password });
      expect(ctx.server.requests.at(-1)?.body).toMatchObject({ login: cpf });
      expect(signed).toMatchObject({ access_token: expect.any(String) });
    });

  it('a number that is no CPF is sent as its digits (the answer says whether it is valid)', async () => {
    const { auth } = clientsFor(ctx.server);
    const answer = await auth.validateDocument({ number: ' 123.456\t78 ' });
    expect(answer.docnumber_valid).toBe(false);
    expect(ctx.server.requests.map((r) => r.body)).toEqual([{ number: '12345678' }]);
  });

  for (const number of NOT_A_NUMBER)
    it(`validateDocument refuses ${JSON.stringify(number)} before sending`, async () => {
      const { auth } = clientsFor(ctx.server);
      const error = await auth.validateDocument({ number }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(ctx.server.requests).toHaveLength(0);
      expect(isValidCpf(number)).toBe(false);
      expect(formatCpf(number)).toBeNull();
    });

  // Every path reads generated typings the same: digits in any decimal script or compatibility
  // form, among separators and invisible characters; one foreign character makes it no number.
  it('zod, the hand readers, normalizeCpf, isValidCpf, the login and the reference server agree (property)', () => {
    const digitForm = fc.constantFrom(0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x1d7ce, 0x1d7f6);
    const filler = fc.constantFrom(
      ' ',
      '\t',
      '\r\n',
      '\u0085',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
      '\u200b',
      '\u00ad',
      '\u034f',
      '\ufe0f',
      '\u{e0100}',
      '\u3164',
      '\uffa0',
      '\u2800',
      '\u0301',
      '\u0000',
      '\u001b',
      '.',
      '-',
      '\uff0e',
      '\ufe63',
    );
    const foreign = fc.constantFrom('a', '/', '+', '\u2010', '\u2212', '#', 'é', '\u00bd');
    fc.assert(
      fc.property(
        fc.integer({ min: 100000000, max: 999999999 }),
        fc.array(digitForm, { minLength: 11, maxLength: 11 }),
        fc.array(fc.array(filler, { maxLength: 3 }), { minLength: 12, maxLength: 12 }),
        fc.option(fc.tuple(foreign, fc.nat(11)), { freq: 3 }),
        (base, forms, gaps, bad) => {
          const cpf = cpfOf(String(base));
          fc.pre(!/^(\d)\1{10}$/.test(cpf));
          const parts = [...cpf].map(
            (d, i) => gaps[i]!.join('') + String.fromCodePoint(forms[i]! + Number(d)),
          );
          if (bad) parts.splice(bad[1], 0, bad[0]);
          const typed = parts.join('') + gaps[11]!.join('');
          const want = bad ? null : cpf;
          expect(normalizeCpf(typed)).toBe(want);
          expect(isValidCpf(typed)).toBe(!bad);
          expect(formatCpf(typed)).toBe(want && dotted(want));
          expect(cpfDigits(typed)).toBe(want);
          // Not a CPF: sent without its invisible characters, trimmed; refused (nothing sent) when
          // a control character is left (review 133).
          const other = typed.replace(/[\p{Cf}\p{DI}]/gu, '').trim();
          expect(loginAsSent(typed)).toBe(want ?? other);
          for (const schema of [LoginPayload, LOGIN.request])
            expect(schema.safeParse({ login: typed, password: 'x' }).data?.login).toBe(
              want ?? (/[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u.test(other) ? undefined : other),
            );
          for (const schema of [ValidateDocumentPayload, VALIDATE_DOCUMENT.request])
            expect(schema.safeParse({ number: typed }).data).toEqual(want ? { number: want } : undefined);
          for (const schema of [RegisterSimplifiedPayload, REGISTER_SIMPLIFIED.request])
            expect(schema.safeParse({ ...NEW_PLAYER, number: typed }).data?.number).toBe(want ?? undefined);
        },
      ),
      { numRuns: 400 },
    );
  });
});

const codes = () =>
  ctx.server.requests
    .filter((r) => r.path === '/auth/login')
    .map((r) => (r.body as { two_factor_code?: string }).two_factor_code);

/** A pasted or typed 123456 (AF-2's probe p3-code): sent as 123456. */
const CODE_TYPINGS = [
  '123456\u0085',
  '\u0085123456',
  '123\u0000456',
  '123456\u0007',
  '123456\u001b',
  '123\u034f456',
  '123\ufe0f456',
  '123456\u{e0100}',
  '123456\u3164',
  '123456\uffa0',
  '123456\u2800',
  '1\u030123456',
  '123456\u20e3',
  '123 456',
  '123\u00a0456',
  '123\t456',
  '123\u2028456',
  '\u0661\u0662\u0663\u0664\u0665\u0666',
  '\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6',
  '\u0967\u0968\u0969\u096a\u096b\u096c',
];
/** Nothing left once read: refused, nothing sent, no attempt spent. */
const BLANK_CODES = ['\u034f', '\u3164', '\u0085', '\u2800', '\u0301', '\u0000 \u200b', '\ufe0f\u115f'];

describe('a two-factor code: its characters once read (AF-2)', () => {
  for (const code of CODE_TYPINGS)
    it(`auth.login sends ${JSON.stringify(code)} as 123456 and signs in`, async () => {
      const { auth } = clientsFor(ctx.server);
      const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
      const answer = await auth.login({ login: email, password, two_factor_code: code });
      expect(answer.access_token).toBeTypeOf('string');
      expect(codes()).toEqual([twoFactorCode]);
    });

  for (const code of BLANK_CODES)
    it(`auth.login refuses ${JSON.stringify(code)} before sending`, async () => {
      const { auth } = clientsFor(ctx.server);
      const { email, password } = ctx.server.seed.twoFactor;
      const error = await auth
        .login({ login: email, password, two_factor_code: code })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(ctx.server.requests).toHaveLength(0);
    });

  it('zod, the hand reader and the server session read generated codes the same (property)', async () => {
    const sent: unknown[] = [];
    const http = {
      post: async (_p: string, body: unknown) => void sent.push(body),
    } as unknown as HttpAdapter;
    const here = serverSessionAuth(http);
    // (The proxy's answer here is no login: anything but a RequestValidationError went out.)
    const outcome = (e: unknown) => (e instanceof RequestValidationError ? 'refused' : 'sent');
    const piece = fc.oneof(
      fc
        .tuple(fc.constantFrom(0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0x1d7ce), fc.nat(9))
        .map(([zero, d]) => ({
          typed: String.fromCodePoint(zero + d),
          read: String(d),
        })),
      fc
        .constantFrom(
          ' ',
          '\t',
          '\n',
          '\u0085',
          '\u00a0',
          '\u2028',
          '\u3000',
          '\ufeff',
          '\u200b',
          '\u00ad',
          '\u0000',
          '\u007f',
          '\u034f',
          '\ufe0f',
          '\u{e0100}',
          '\u115f',
          '\u1160',
          '\u3164',
          '\uffa0',
          '\u2800',
          '\u0301',
          '\u20e3',
          '\u{e0020}',
          '\ue000',
        )
        .map((typed) => ({ typed, read: '' })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 10 }), async (pieces) => {
        const code = pieces.map((p) => p.typed).join('');
        const want = pieces.map((p) => p.read).join('');
        const payload = { login: 'player@example.com', password: 'x', two_factor_code: code };
        for (const schema of [LoginPayload, LOGIN.request]) {
          const read = schema.safeParse(payload);
          expect(read.success).toBe(want !== '');
          expect(read.data?.two_factor_code).toBe(want || undefined);
        }
        const before = sent.length;
        const result = await here.login(payload).then(() => 'sent', outcome);
        expect(result).toBe(want ? 'sent' : 'refused');
        expect(sent.length - before).toBe(want ? 1 : 0);
      }),
      { numRuns: 400 },
    );
  });
});
