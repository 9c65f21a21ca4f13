import { describe, expect, it } from 'vitest';
import type { RegistrationModule } from '../../src/index';
import { RegisterSimplifiedPayload, ValidateDocumentPayload } from '../../src/schemas/auth';
import { NEW_PLAYER } from '../support/new-player';
import { refusedPaths } from '../support/refused';
import { clientsFor, useReferenceServer } from '../support/server';

// REVIEW-AA AA-13 reached registration: `country`, `ddi` and `phone` are contact data there too
// (blank or control-character text refused; a phone or DDI digits with spaces, `( ) . -` and a
// leading `+`), and validateDocument's `number` a CPF as typed (digits with `.`, `-` and spaces):
// refused before sending, a RequestValidationError naming the field, nothing sent. Before, any
// string went out (`country: '   '`, `number: '\n'`) and the reference server took it.
const ctx = useReferenceServer();

const PAYLOAD = NEW_PLAYER;

async function refused(run: (auth: RegistrationModule) => Promise<unknown>, field: string) {
  const { auth } = clientsFor(ctx.server);
  expect(await refusedPaths(run(auth), ctx.server)).toEqual([field]);
}

const BAD_TEXT = ['   ', ' ', '\t', '\n', 'B\nR', 'BR\u0000', 'x\u007f', 'x\u0085'];
const BAD_PHONE = ['   ', 'call me\nmaybe', 'call me maybe', '11 9876\t5432', '+', '()-', '55a', '١١'];
// (A line break inside a number is white space the number is read without: REVIEW-AF AF-1.)
const BAD_NUMBER = ['', '   ', '\n', '\t\n', 'abc', '529 982 247 2x', '+52998224725', '(529)', '529/982'];

describe('registerSimplified: country, ddi and phone as contact data', () => {
  // REVIEW-AC AC-1: the player's name as contact text too.
  for (const bad of [...BAD_TEXT, '\u200B', 'a'.repeat(256)])
    it(`refuses name ${JSON.stringify(bad).slice(0, 40)}: invalid_request on name, nothing sent`, () =>
      refused((a) => a.registerSimplified({ ...PAYLOAD, name: bad }), 'name'));
  for (const bad of BAD_TEXT)
    it(`refuses country ${JSON.stringify(bad)}: invalid_request on country, nothing sent`, () =>
      refused((a) => a.registerSimplified({ ...PAYLOAD, country: bad }), 'country'));

  for (const field of ['phone', 'ddi'] as const)
    for (const bad of BAD_PHONE)
      it(`refuses ${field} ${JSON.stringify(bad)}: invalid_request on ${field}, nothing sent`, () =>
        refused(
          (a) => a.registerSimplified({ ...PAYLOAD, phone: '11987654321', ddi: '55', [field]: bad }),
          field,
        ));

  it('sends a formatted phone and DDI, and a country with accents, as given', async () => {
    const { auth } = clientsFor(ctx.server);
    const body = { ...PAYLOAD, country: 'Brasil – São Paulo', phone: '(11) 98765-4321', ddi: '+55' };
    await auth.registerSimplified(body);
    expect(ctx.server.requests.map((r) => r.body)).toEqual([body]);
  });

  it('the schema pattern is the contact data one: refusals are invalid_format', () => {
    const r = RegisterSimplifiedPayload.safeParse({ ...PAYLOAD, country: ' ', phone: 'x', ddi: '\n' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['country', 'invalid_format'],
      ['ddi', 'invalid_format'],
      ['phone', 'invalid_format'],
    ]);
  });
});

// REVIEW-AD AD-4: a sign-up form sends '' for an optional field left blank (v-model, controlled
// inputs): the registration's optional `name`, `ddi` and `phone` take '' as before AA-13 reached
// them (a new account: nothing is wiped); blanks and control characters stay refused.
describe("registerSimplified: '' for an optional name, ddi or phone (a form's untouched input)", () => {
  it("sends '' for name, ddi and phone, and the account is made", async () => {
    const { auth } = clientsFor(ctx.server);
    const body = { ...PAYLOAD, email: 'blank.fields@example.com', name: '', ddi: '', phone: '' };
    const answer = await auth.registerSimplified(body);
    expect(answer.access_token ?? answer.type).toBeTruthy();
    expect(ctx.server.requests.map((r) => r.path)).toEqual(['/auth/register-simplified']);
    expect(ctx.server.requests[0]?.body).toMatchObject({ name: '', ddi: '', phone: '' });
  });

  it("the schema agrees, and '   ' is still refused", () => {
    expect(RegisterSimplifiedPayload.safeParse({ ...PAYLOAD, name: '', ddi: '', phone: '' }).success).toBe(
      true,
    );
    expect(RegisterSimplifiedPayload.safeParse({ ...PAYLOAD, phone: '   ' }).success).toBe(false);
  });
});

describe("validateDocument: number is a CPF as typed (digits, '.', '-', spaces)", () => {
  for (const bad of BAD_NUMBER)
    it(`refuses number ${JSON.stringify(bad)}: invalid_request on number, nothing sent`, () =>
      refused((a) => a.validateDocument({ number: bad }), 'number'));

  // What the registry decides stays the registry's: a number of digits is asked, valid or not.
  for (const number of ['529.982.247-25', '529 982 247 25', '52998224725', '12345678900', '1'])
    it(`asks the registry about ${JSON.stringify(number)}`, async () => {
      const { auth } = clientsFor(ctx.server);
      const answer = await auth.validateDocument({ number });
      expect(answer.docnumber_valid).toBe(number.replace(/\D/g, '') === '52998224725');
      // Sent as its digits, as registration sends a number (REVIEW-AF AF-1).
      expect(ctx.server.requests.map((r) => r.body)).toEqual([{ number: number.replace(/\D/g, '') }]);
    });

  // REVIEW-AD AD-2: a number pasted with a newline or tab around it, or typed in full-width digits,
  // is sent as its NFKC form, trimmed (it was refused; before the rule, sent as typed); since
  // REVIEW-AF AF-1 as its digits.
  for (const [typed, sent] of [
    ['529.982.247-25\n', '52998224725'],
    ['\t52998224725', '52998224725'],
    ['５２９９８２２４７２５', '52998224725'],
  ] as const)
    it(`sends ${JSON.stringify(typed)} as ${JSON.stringify(sent)}`, async () => {
      const { auth } = clientsFor(ctx.server);
      const answer = await auth.validateDocument({ number: typed });
      expect(answer.docnumber_valid).toBe(true);
      expect(ctx.server.requests.map((r) => r.body)).toEqual([{ number: sent }]);
    });

  it('the schema agrees (invalid_format)', () => {
    const r = ValidateDocumentPayload.safeParse({ number: 'abc' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([['number', 'invalid_format']]);
  });
});
