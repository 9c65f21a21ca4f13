import fc from 'fast-check';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { RegisterSimplifiedPayload, ValidateDocumentPayload } from '../../src/schemas/auth';
import { NEW_PLAYER } from '../support/new-player';

// REVIEW-AA AA-13 on the reference server's registration: `country`, `ddi` and `phone` are checked
// as the profile's contact data, validateDocument's `number` as a CPF as typed (digits, `.`, `-`,
// spaces): 422 naming the field, no account made, as the client refuses them before sending.
// Before, any string was taken (an account with `country: '   '`).

function kitOf() {
  const kit = createReferenceFetch();
  const call = async (path: string, body: unknown) => {
    const res = await kit(`${kit.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  return { call };
}

const PAYLOAD = NEW_PLAYER;

describe('reference server: registration contact data and the document number', () => {
  it.each([
    [{ country: '   ' }, ['country']],
    [{ country: 'B\nR' }, ['country']],
    [{ phone: '   ', ddi: ' ' }, ['ddi', 'phone']],
    [{ phone: 'call me maybe' }, ['phone']],
    [{ ddi: 'BR' }, ['ddi']],
    // REVIEW-AC AC-1: the player's name as contact text.
    [{ name: '   ' }, ['name']],
    [{ name: 'Ana\u0000' }, ['name']],
  ])('POST register-simplified %j: 422 on %j, no account', async (change, fields) => {
    const { call } = kitOf();
    const res = await call('/auth/register-simplified', { ...PAYLOAD, ...change });
    expect([res.status, Object.keys(res.json.errors ?? {}).sort()]).toEqual([422, fields]);
    // No account was made: the e-mail is still free.
    expect((await call('/auth/register-simplified', PAYLOAD)).status).toBe(200);
  });

  it.each(['', ' ', '\t', 'abc', '529/982', '+52998224725', '1'.repeat(21)])(
    'POST validate-document %j: 422 on number',
    async (number) => {
      const { call } = kitOf();
      const res = await call('/auth/validate-document', { number });
      expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, ['number']]);
    },
  );

  it("AD-4: '' for an optional name, ddi or phone is taken (a form's untouched input)", async () => {
    const { call } = kitOf();
    const res = await call('/auth/register-simplified', { ...PAYLOAD, name: '', ddi: '', phone: '' });
    expect(res.status).toBe(200);
  });

  it('control: a formatted phone, a country with accents and a punctuated CPF are taken', async () => {
    const { call } = kitOf();
    const body = { ...PAYLOAD, country: 'Brasil – São Paulo', phone: '(11) 98765-4321', ddi: '+55' };
    expect((await call('/auth/register-simplified', body)).status).toBe(200);
    const doc = await call('/auth/validate-document', { number: '529.982.247-25' });
    expect([doc.status, doc.json.docnumber_valid]).toEqual([200, true]);
  });

  // The server's checks are its own (src/testing shares nothing with the client's schemas): the
  // two readings agree on every generated value, refused or accepted alike.
  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom(...' \t\n\u0000\u007f\u0085\u009f\u00a0\u2028\ufeff\u200ba1ã'),
    }),
    fc.string({ unit: fc.constantFrom(' ', '1', '9', '+', '(', ')', '-', '.', 'x', '\n') }),
    fc.string(),
  );
  it('property: the server refuses exactly what the client schemas refuse', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('country', 'ddi', 'phone', 'name', 'number'), async (v, f) => {
        const { call } = kitOf();
        if (f === 'number') {
          const client = ValidateDocumentPayload.safeParse({ number: v }).success;
          const res = await call('/auth/validate-document', { number: v });
          expect(res.status).toBe(client ? 200 : 422);
          return;
        }
        const body = { ...PAYLOAD, [f]: v };
        const client = RegisterSimplifiedPayload.safeParse(body).success;
        const res = await call('/auth/register-simplified', body);
        expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual(client ? [200, []] : [422, [f]]);
      }),
      // (CI's seed 1764098182, sixty-second pass: a doubled space, refused by the client's rule
      // first; the server's now too.)
      { numRuns: 300, examples: [['  9', 'phone']] },
    );
  });
});
