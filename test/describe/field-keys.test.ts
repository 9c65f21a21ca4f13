// describeError's field messages never quote a raw API key (issue 20 items 4-5), whatever its
// spelling: snake_case, camelCase, kebab-case, a dotted path (`address.zip_code`, `items.0.amount`)
// or the key spelled with spaces as Laravel writes it ("The zip code field…"). Where the library
// knows the case it uses its own words, else a generic "not valid" under the field.

import fc from 'fast-check';
import { describeError, type ErrorDescription, HttpError } from 'pam-client';
import { describe, expect, it } from 'vitest';

const unprocessable = (errors: Record<string, string[]>) =>
  new HttpError({ status: 422, method: 'POST', path: '/auth/register-simplified', body: { errors } });
const messagesOf = (d: ErrorDescription) => Object.values(d.fields).flat();

describe('describeError: keys in any spelling', () => {
  it("the reviewer's 422: camelCase, a dotted path and a key with spaces are not quoted", () => {
    const error = unprocessable({
      optIn: ['The optIn field must be accepted.'],
      affiliationCode: ['affiliationCode is wrong'],
      'address.zip_code': ['The address.zip_code is invalid'],
    });
    const pt = describeError(error, { locale: 'pt-BR' });
    expect(pt.title).toBe('Verifique os campos destacados.');
    expect(pt.fields).toEqual({
      optIn: ['É preciso aceitar.'],
      affiliationCode: ['Valor inválido.'],
      'address.zip_code': ['Valor inválido.'],
    });
    expect(describeError(error).fields).toEqual({
      optIn: ['Must be accepted.'],
      affiliationCode: ['Not valid.'],
      'address.zip_code': ['Not valid.'],
    });
  });

  it("Laravel's spaced spellings, kebab-case and array paths get the library's words", () => {
    const error = unprocessable({
      zip_code: ['The zip code field is required.'],
      'address.zip_code': ['The address.zip code must be 8 digits.'],
      'items.0.amount': ['The items.0.amount must be at least 1.'],
      'promo-code': ['The promo-code is unknown.'],
      birthDate: ['The birth date is not a valid date.'],
      user_limit_deposit_period: ['The selected user limit deposit period is invalid.'],
    });
    const en = describeError(error);
    expect(en.fields).toEqual({
      zip_code: ['Required.'],
      'address.zip_code': ['Not valid.'],
      'items.0.amount': ['Too short or too small.'],
      'promo-code': ['Not valid.'],
      birthDate: ['Please enter a valid date.'],
      user_limit_deposit_period: ['Not one of the allowed options.'],
    });
  });

  it("a message that names no key keeps the server's text; one naming another key does not", () => {
    const error = unprocessable({
      nickname: ['Must not contain spaces.'],
      city: ['Does not match stateCode.'],
      street: ['Must differ from address_line_2.'],
    });
    expect(describeError(error).fields).toEqual({
      nickname: ['Must not contain spaces.'],
      city: ['Not valid.'],
      street: ['Not valid.'],
    });
  });

  it('fields spelled another way still get the words of their case (secret, CPF, e-mail)', () => {
    const error = unprocessable({
      passwordCheck: ['The passwordCheck hunter2 is wrong.'],
      'captcha-token': ['captcha-token abc.def is invalid'],
      documentNumber: ['The document number has already been taken.'],
      'user.email': ['The user.email has already been taken.'],
    });
    const d = describeError(error);
    expect(d.fields).toEqual({
      passwordCheck: ['The password is not correct.'],
      'captcha-token': ['Please complete the verification again.'],
      documentNumber: ['This CPF is already registered.'],
      'user.email': ['This e-mail address is already registered.'],
    });
    expect(JSON.stringify(d)).not.toMatch(/hunter2|abc\.def/);
  });
});

// Keys as servers spell them: words joined in camel, snake, kebab or dotted form (with array
// indexes), embedded in the usual places of a server message.
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,7}$/);
const words = fc.array(word, { minLength: 2, maxLength: 4 });
const camel = (ws: string[]) => ws.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
const key = fc.oneof(
  words.map(camel),
  words.map((ws) => ws.join('_')),
  words.map((ws) => ws.join('-')),
  fc
    .tuple(words, fc.nat({ max: 9 }), words, fc.boolean())
    .map(([a, n, b, index]) => [camel(a), ...(index ? [String(n)] : []), b.join('_')].join('.')),
);
const template = fc.constantFrom(
  (k: string) => `The ${k} field must be accepted.`,
  (k: string) => `${k} is wrong`,
  (k: string) => `The ${k} is invalid`,
  (k: string) => `The selected ${k} is invalid.`,
  (k: string) => `The ${k} must be at least 3 characters.`,
  (k: string) => `The ${k} may not be greater than 255 characters.`,
  (k: string) => `The ${k} field is required.`,
  (k: string) => `Unknown ${k}.`,
  (k: string) => `${k}: must be a number`,
  (k: string) => `The ${k} has already been taken.`,
  (k: string) => `The ${k.replace(/[._-]/g, ' ')} field is invalid.`,
  (k: string) => `${k.toUpperCase()} IS INVALID`,
);

describe('describeError: no raw key, for any key (property)', () => {
  it('no field message contains the key as given, in either locale', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, template), { minLength: 1, maxLength: 4 }), (entries) => {
        const errors: Record<string, string[]> = {};
        for (const [k, t] of entries) errors[k] = [t(k)];
        for (const locale of ['en', 'pt-BR'] as const) {
          const d = describeError(unprocessable(errors), { locale });
          expect(Object.keys(d.fields).sort()).toEqual(Object.keys(errors).sort());
          for (const message of messagesOf(d)) {
            for (const k of Object.keys(errors)) {
              expect(message.toLowerCase()).not.toContain(k.toLowerCase());
              expect(message.toLowerCase()).not.toContain(k.replace(/[._-]/g, ' ').toLowerCase());
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
