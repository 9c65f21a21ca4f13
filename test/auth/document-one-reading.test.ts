import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoginPayload, RegisterSimplifiedPayload, ValidateDocumentPayload } from '../../src/schemas/auth';
import { cpfOf } from '../support/cpf';
import { NEW_PLAYER } from '../support/new-player';
import { clientsFor, useReferenceServer } from '../support/server';

// REVIEW-AE AE-2: validateDocument read a CPF typed in full-width or circled digits by its NFKC form
// (AD-2) and said valid, but registration refused the same number and a CPF login sent it as typed
// (401, a counted failure). One reading now, wherever a document number is read (validateDocument,
// registration's `number`, a login that is a CPF): its NFKC form, trimmed (String.prototype.trim's
// set and U+0085 NEL, a line break trim leaves), then the digits rule. Passwords are never read so.
const ctx = useReferenceServer();

const fullwidth = (s: string) =>
  s.replace(/[\d.-]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
const circled = (s: string) =>
  s.replace(/\d/g, (c) => (c === '0' ? '⓪' : String.fromCodePoint(0x2460 + Number(c) - 1)));
const dotted = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;

const TYPINGS: [string, (c: string) => string][] = [
  ['full-width', fullwidth],
  ['full-width dotted', (c) => fullwidth(dotted(c))],
  ['circled', circled],
  ['math bold', (c) => c.replace(/\d/g, (d) => String.fromCodePoint(0x1d7ce + Number(d)))],
  ['NEL around', (c) => `\u0085${c}\u0085`],
  ['NEL and U+2028 around, dotted', (c) => `\u2028\u0085${dotted(c)}\n\u0085`],
  ['full-width, NEL after', (c) => `${fullwidth(c)}\u0085`],
];

describe('a CPF typed in compatibility digits or with NEL around it: one reading (AE-2)', () => {
  let n = 0;
  for (const [name, typed] of TYPINGS)
    it(`${name}: validateDocument valid, registration sends the digits, the login sends the digits and signs in`, async () => {
      const cpf = cpfOf(String(300000000 + 37 * n++));
      const number = typed(cpf);
      const { auth } = clientsFor(ctx.server);
      const answer = await auth.validateDocument({ number });
      expect(answer.docnumber_valid).toBe(true);
      // Sent as its digits, as registration sends it (REVIEW-AF AF-1).
      expect(ctx.server.requests.at(-1)?.body).toEqual({ number: cpf });
      const email = `doc.${n}@example.com`;
      await auth.registerSimplified({ ...NEW_PLAYER, email, number, birth_date: '1990-01-01' });
      expect(ctx.server.requests.at(-1)?.body).toMatchObject({ number: cpf });
      const signed = await auth.login({ login: number, password: NEW_PLAYER.password });
      expect(ctx.server.requests.at(-1)?.body).toMatchObject({ login: cpf });
      expect(signed).toMatchObject({ access_token: expect.any(String) });
    });

  it('a password in full-width digits or with NEL around it is sent as typed', async () => {
    const { auth } = clientsFor(ctx.server);
    const password = `\u0085${fullwidth('Secret123')}\u0085`;
    await expect(auth.login({ login: ctx.server.seed.plain.email, password })).rejects.toMatchObject({
      status: 401,
    });
    expect(ctx.server.requests.at(-1)?.body).toMatchObject({ password });
  });

  // The reference server reads a number as the client does (raw requests, no client in between).
  for (const [name, typed] of TYPINGS)
    it(`the reference server reads ${name} as the client does`, async () => {
      const number = typed('52998224725');
      const post = (path: string, body: unknown) =>
        fetch(`${ctx.server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const answer = await post('/auth/validate-document', { number });
      expect([answer.status, (await answer.json()).docnumber_valid]).toEqual([200, true]);
    });

  // The zod schemas read the same: any valid CPF, each digit and mark in any of its compatibility
  // forms, white space (NEL and U+2028 among it) around it.
  it('the schemas agree: validateDocument valid form, registration and login the digits (property)', () => {
    const digitForm = fc.constantFrom(
      (d: string) => d,
      (d: string) => fullwidth(d),
      (d: string) => String.fromCodePoint(0x1d7ce + Number(d)),
      (d: string) => String.fromCodePoint(0x1d7d8 + Number(d)),
      (d: string) => (d === '0' ? '⓪' : String.fromCodePoint(0x2460 + Number(d) - 1)),
    );
    const space = fc.array(fc.constantFrom(' ', '\t', '\n', '\u0085', '\u2028', '\u3000', '\ufeff'), {
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 100000000, max: 999999999 }),
        fc.array(digitForm, { minLength: 11, maxLength: 11 }),
        fc.boolean(),
        space,
        space,
        (base, forms, punctuate, before, after) => {
          const cpf = cpfOf(String(base));
          fc.pre(!/^(\d)\1{10}$/.test(cpf));
          const digits = [...cpf].map((d, i) => forms[i]!(d));
          const body = punctuate
            ? `${digits.slice(0, 3).join('')}．${digits.slice(3, 9).join('')}－${digits.slice(9).join('')}`
            : digits.join('');
          const typed = before.join('') + body + after.join('');
          const validate = ValidateDocumentPayload.safeParse({ number: typed });
          expect(validate.success).toBe(true);
          expect(validate.data?.number).toBe(cpf);
          const register = RegisterSimplifiedPayload.safeParse({ ...NEW_PLAYER, number: typed });
          expect(register.data?.number).toBe(cpf);
          expect(LoginPayload.parse({ login: typed, password: 'x' }).login).toBe(cpf);
        },
      ),
    );
  });
});
