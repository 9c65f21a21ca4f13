import fc from 'fast-check';
import { createReferenceFetch, SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { AddPhonePayload, UpdateAddressPayload, UpdateUserPayload } from '../../src/schemas/user';

// REVIEW-AA AA-13 on the reference server: contact data that is no contact data (blank after
// trimming, a control character, a phone or DDI without digits or with letters) is refused with 422
// naming the field, nothing stored, as the client refuses it before sending. Before, any string
// was stored (the player's phone became three spaces).
const { plain } = SEED_ACCOUNTS;

function kitOf() {
  const kit = createReferenceFetch();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await kit(`${kit.baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${kit.issueToken(plain.id)}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() };
  };
  const user = async () => {
    const { token: _token, ...rest } = (await call('GET', '/auth/user-profile')).json.user;
    return rest;
  };
  return { call, user };
}

const ADDRESS = { street: 'Rua Augusta, 1500', city: 'São Paulo', state: 'SP', zipcode: '01310-100' };
const password_check = plain.password;

describe('reference server: contact data', () => {
  it.each([
    [{ phone: '   ', ddi: ' ' }, ['phone', 'ddi']],
    [{ phone: 'call me\nmaybe', ddi: '55' }, ['phone']],
    [{ phone: 'call me maybe', ddi: '55' }, ['phone']],
    [{ phone: '11987654321', ddi: 'BR' }, ['ddi']],
    [{ phone: '((((1))))', ddi: '+.........1' }, ['phone', 'ddi']],
    [{ phone: '1'.repeat(25), ddi: '55' }, ['phone']],
  ])('PATCH add-phone %j: 422 on %j, nothing stored', async (body, fields) => {
    const { call, user } = kitOf();
    const before = await user();
    const res = await call('PATCH', '/bff/users/add-phone', { ...body, password_check });
    expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, fields]);
    expect(await user()).toEqual(before);
  });

  it.each([
    [{ street: ' ', city: ' ', state: ' ', zipcode: ' ' }, ['street', 'city', 'state', 'zipcode']],
    [{ zipcode: 'ABCDE\nFGH' }, ['zipcode']],
    [{ city: 'São\u0000Paulo' }, ['city']],
    // REVIEW-AC AC-1: invisible, blank-looking, line-separating text, none with a letter or digit, too long.
    [
      { street: '\u200B', city: '\u3164', state: '\u2800', zipcode: '.-' },
      ['street', 'city', 'state', 'zipcode'],
    ],
    [{ street: 'Rua A\u2028Bloco B', city: '\u202Eevil', zipcode: 'x\uD800' }, ['street', 'city', 'zipcode']],
    [{ street: 'a'.repeat(256) }, ['street']],
  ])('PATCH update-address %j: 422 on %j, nothing stored', async (change, fields) => {
    const { call, user } = kitOf();
    const before = await user();
    const res = await call('PATCH', '/bff/users/update-address', { ...ADDRESS, ...change, password_check });
    expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, fields]);
    expect(await user()).toEqual(before);
  });

  it.each([
    ['phone', '  '],
    ['ddi', 'x'],
    ['address', '\t'],
    ['city', 'a\nb'],
    ['zipcode', ''],
    ['country', ' '],
    // REVIEW-AC AC-1: the names, the language and the time zone as contact text.
    ['first_name', '   '],
    ['last_name', ''],
    ['mother_name', 'a\u0000'],
    ['language', '\n'],
    ['timezone', '\u200B'],
  ])('POST users/update %s %j: 422 on it, nothing stored', async (field, value) => {
    const { call, user } = kitOf();
    const before = await user();
    const res = await call('POST', `/users/update/${plain.id}`, { [field]: value, password_check });
    expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, [field]]);
    expect(await user()).toEqual(before);
  });

  it('control: a formatted phone and an address with accents are stored', async () => {
    const { call, user } = kitOf();
    const phone = { phone: '(11) 98765-4321', ddi: '+55' };
    expect((await call('PATCH', '/bff/users/add-phone', { ...phone, password_check })).status).toBe(200);
    expect(await user()).toMatchObject(phone);
    expect((await call('PATCH', '/bff/users/update-address', { ...ADDRESS, password_check })).status).toBe(
      200,
    );
  });

  // The server's check is its own (src/testing shares nothing with the client's schemas): the two
  // readings agree on every generated value, refused or accepted alike.
  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom(...' \t\n\u0000\u007f\u0085\u009f\u00a0\u2028\ufeff\u200ba1ã'),
    }),
    // AD-1: ZWNJ, ZWJ and variation selectors, allowed between visible characters.
    fc.string({ unit: fc.constantFrom('a', 'ã', '\u200c', '\u200d', '\ufe0f', '\ufe0e', '\u200b', ' ') }),
    // AC-1: blank-looking and invisible letters, separators, a lone surrogate, private use; lengths
    // around the bounds (255 characters of text, 24 of a phone).
    fc.string({
      unit: fc.constantFrom(
        'a',
        '1',
        ' ',
        '\u3164',
        '\u2800',
        '\u2029',
        '\ud800',
        '\ue000',
        '\u00ad',
        '\u202e',
        '.',
      ),
    }),
    fc.string({ unit: fc.constantFrom('a', 'ã', '1', '\u{1F600}'), minLength: 250, maxLength: 260 }),
    fc.string({ unit: fc.constantFrom('1', ' ', '(', ')', '-', '.'), minLength: 20, maxLength: 28 }),
    fc.string({ unit: fc.constantFrom(' ', '1', '9', '+', '(', ')', '-', '.', 'x', '\n') }),
    fc.string(),
  );
  it('property: the server refuses exactly what the client schemas refuse', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom('phone', 'ddi', 'street', 'city', 'state', 'zipcode'),
        async (v, f) => {
          const { call } = kitOf();
          const phone = f === 'phone' || f === 'ddi';
          const body = phone ? { phone: '11987654321', ddi: '55', [f]: v } : { ...ADDRESS, [f]: v };
          const client = (phone ? AddPhonePayload : UpdateAddressPayload).safeParse(body).success;
          const res = await call('PATCH', phone ? '/bff/users/add-phone' : '/bff/users/update-address', {
            ...body,
            password_check,
          });
          expect(res.status).toBe(client ? 200 : 422);
          const profileField = f === 'street' ? 'address' : f;
          const profile = UpdateUserPayload.safeParse({ [profileField]: v }).success;
          const update = await call('POST', `/users/update/${plain.id}`, {
            [profileField]: v,
            password_check,
          });
          expect(update.status).toBe(profile ? 200 : 422);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: on the names, the language and the time zone too (AC-1)', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom('first_name', 'last_name', 'mother_name', 'language', 'timezone'),
        async (v, f) => {
          const { call } = kitOf();
          const profile = UpdateUserPayload.safeParse({ [f]: v }).success;
          const update = await call('POST', `/users/update/${plain.id}`, { [f]: v, password_check });
          expect(update.status).toBe(profile ? 200 : 422);
        },
      ),
      { numRuns: 200 },
    );
  });
});
