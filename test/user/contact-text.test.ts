import { describe, expect, it } from 'vitest';
import type { UserModule } from '../../src/index';
import { refusedPaths } from '../support/refused';
import { signedIn, useReferenceServer } from '../support/server';

// REVIEW-AA AA-13: contact data that is no contact data (blank after trimming, a control character,
// a phone or DDI with no digits or with letters) is refused before sending: a RequestValidationError
// naming the field, nothing sent. Before, `nonEmpty` checked only a length >= 1, so `'   '` went out
// and the reference server stored it.
const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

const ADDRESS = { street: 'Rua Augusta, 1500', city: 'São Paulo', state: 'SP', zipcode: '01310-100' };

async function refused(run: (user: UserModule) => Promise<unknown>, field: string) {
  const { user } = signedIn(ctx.server);
  expect(await refusedPaths(run(user), ctx.server)).toEqual([field]);
}

const BAD_TEXT = ['   ', ' ', '\t', '\n', 'Rua\nAugusta', 'Rua A\u0000', 'x\u007f', 'x\u0085', 'x\u009f'];
// REVIEW-AC AC-1: invisible (format, default-ignorable), blank-looking, line-separating, bidi and
// lone-surrogate text, text with no letter or digit, and text over 255 characters.
const BAD_TEXT_AC1 = [
  '\u200B',
  '\u2060',
  '\u00AD',
  '\u200C\u200D',
  '\u180E',
  '\u3164',
  '\u2800',
  'Rua A\u2028Bloco B',
  'x\u2029',
  '\u202Eevil',
  'x\uD800',
  'Rua\uE000',
  '.-/',
  'a'.repeat(256),
  'a'.repeat(200_000),
];
const BAD_PHONE = ['   ', 'call me\nmaybe', 'call me maybe', '11 9876\t5432', '+', '()-', '55a', '١١'];
// AC-1: a doubled `( ) . -` or space (sixty-second pass: `1` and 23 spaces passed), and more
// than 24 characters.
const BAD_PHONE_AC1 = [
  `1${' '.repeat(23)}`,
  '11  98765-4321',
  '((((1))))',
  '1-----------------',
  '+.........1',
  `1${' '.repeat(100_000)}`,
  '1'.repeat(25),
];

describe('addPhone: phone and ddi are digits (spaces, ( ) . - and a leading + allowed)', () => {
  for (const field of ['phone', 'ddi'] as const)
    for (const bad of [...BAD_PHONE, ...BAD_PHONE_AC1])
      it(`refuses ${field} ${JSON.stringify(bad).slice(0, 40)}: invalid_request on ${field}, nothing sent`, () =>
        refused((u) => u.addPhone({ phone: '11987654321', ddi: '55', [field]: bad }), field));

  it("AA-13's repro: { phone: '   ', ddi: ' ' } is refused on both fields, nothing sent", async () => {
    const { user } = signedIn(ctx.server);
    expect(await refusedPaths(user.addPhone({ phone: '   ', ddi: ' ' }), ctx.server)).toEqual([
      'phone',
      'ddi',
    ]);
  });

  for (const [phone, ddi] of [
    ['11987654321', '55'],
    ['(11) 98765-4321', '+55'],
    ['11 98765.4321', '1'],
    ['1-(800)-555-1234', '1'.repeat(24)],
  ] as [string, string][])
    it(`sends ${phone} / ${ddi} as given`, async () => {
      const { user } = signedIn(ctx.server);
      const password_check = ctx.server.seed.plain.password;
      await user.addPhone({ phone, ddi, password_check });
      expect(ctx.server.requests.map((r) => r.body)).toEqual([{ phone, ddi, password_check }]);
    });
});

describe('updateAddress: each field has a visible character and no control character', () => {
  for (const field of ['street', 'city', 'state', 'zipcode'] as const)
    for (const bad of [...BAD_TEXT, ...BAD_TEXT_AC1])
      it(`refuses ${field} ${JSON.stringify(bad).slice(0, 40)}: invalid_request on ${field}, nothing sent`, () =>
        refused((u) => u.updateAddress({ ...ADDRESS, [field]: bad }), field));

  // REVIEW-AD AD-1: ZWNJ and ZWJ (Persian, Indic orthography) and emoji variation selectors between
  // visible characters are text; alone they are not (no letter or digit).
  it('sends text with ZWNJ, ZWJ or a variation selector between visible characters, as given', async () => {
    const { user } = signedIn(ctx.server);
    const body = { ...ADDRESS, street: 'Rua Mi\u200Chr 12', city: 'नित्\u200Dया', state: 'SP \u2764\uFE0F' };
    await user.updateAddress({ ...body, password_check: ctx.server.seed.plain.password });
    expect(ctx.server.requests.map((r) => r.body)).toEqual([
      { ...body, password_check: ctx.server.seed.plain.password },
    ]);
  });

  it('sends names with an ideographic or a Mongolian variation selector, as given (AD-1)', async () => {
    const { user } = signedIn(ctx.server);
    const body = { first_name: '葛\u{E0100}城', last_name: 'ᠮ\u180Bᠣ' };
    await user.updateProfile(ctx.server.seed.plain.id, body);
    expect(ctx.server.requests.map((r) => r.body)).toEqual([body]);
  });

  it('sends 255 characters, and text with a no-break space, as given', async () => {
    const { user } = signedIn(ctx.server);
    const body = { ...ADDRESS, street: 'a'.repeat(255), city: 'São\u00a0Paulo' };
    await user.updateAddress({ ...body, password_check: ctx.server.seed.plain.password });
    expect(ctx.server.requests.map((r) => r.body)).toEqual([
      { ...body, password_check: ctx.server.seed.plain.password },
    ]);
  });

  it('sends an address with accents, punctuation and inner spaces as given', async () => {
    const { user } = signedIn(ctx.server);
    const body = { ...ADDRESS, street: "  Av. Brig. Faria Lima, 3477 – 14º andar (bloco 'B') " };
    await user.updateAddress({ ...body, password_check: ctx.server.seed.plain.password });
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.server.requests[0]?.body).toMatchObject(body);
  });

  it('a field of another type is still invalid_type (not sent)', () =>
    refused((u) => u.updateAddress({ ...ADDRESS, city: 12 as Loose }), 'city'));
});

describe('updateProfile: the same contact fields, when sent, the same rules (and country)', () => {
  const id = () => ctx.server.seed.plain.id;
  for (const field of ['state', 'zipcode', 'city', 'address', 'country'] as const)
    for (const bad of ['  ', 'x\ny'])
      it(`refuses ${field} ${JSON.stringify(bad)}`, () =>
        refused((u) => u.updateProfile(id(), { [field]: bad }), field));
  for (const field of ['phone', 'ddi'] as const)
    for (const bad of ['  ', 'call me'])
      it(`refuses ${field} ${JSON.stringify(bad)}`, () =>
        refused((u) => u.updateProfile(id(), { [field]: bad }), field));

  // REVIEW-AC AC-1: the names, the language and the time zone are text as contact data is (a last
  // name of '' wiped it; a first name of blanks, a mother's name with a NUL, a language of '\n').
  for (const field of ['first_name', 'last_name', 'mother_name', 'language', 'timezone'] as const)
    for (const bad of ['', '   ', 'a\u0000', '\n', '\u200B', 'a'.repeat(256)])
      it(`refuses ${field} ${JSON.stringify(bad).slice(0, 40)}`, () =>
        refused((u) => u.updateProfile(id(), { [field]: bad }), field));

  it('the other text fields are as before (a first name is sent as given)', async () => {
    const { user } = signedIn(ctx.server);
    await user.updateProfile(id(), { first_name: 'Ana', language: 'pt-BR' });
    expect(ctx.server.requests.map((r) => r.body)).toEqual([{ first_name: 'Ana', language: 'pt-BR' }]);
  });
});
