import { readFileSync } from 'node:fs';
import { createReferenceFetch, SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';

// REVIEW-AA's LOW findings on the reference server: AA-6 (setSpaBarred of an invalid CPF), AA-10
// (a fault body JSON cannot write), AA-11 (`__proto__` passed the unknown-key rule), AA-12 (the
// createReferenceFetch example's import), AA-5 (the profile update stored a minor's or unreadable
// birth date and an empty country).

const { plain } = SEED_ACCOUNTS;

async function send(
  kit: ReturnType<typeof createReferenceFetch>,
  method: string,
  path: string,
  body: string,
) {
  const res = await kit(`${kit.baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${kit.issueToken(plain.id)}`, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, json: await res.json() };
}

describe('reference server: REVIEW-AA LOWs', () => {
  it('AA-6: setSpaBarred refuses 11 digits that are no CPF (check digits, all equal)', () => {
    const kit = createReferenceFetch();
    for (const cpf of ['111.111.111-11', '529.982.247-24', '00000000000'])
      expect(() => kit.setSpaBarred(cpf), cpf).toThrow(TypeError);
    expect(() => kit.setSpaBarred('529.982.247-25')).not.toThrow();
  });

  it('AA-10: faults.add refuses a body JSON writes as nothing (a function, a Symbol)', () => {
    const kit = createReferenceFetch();
    for (const body of [() => 1, Symbol('x')]) {
      expect(() => kit.faults.add({ path: '/auth/login', status: 200, body })).toThrow(TypeError);
      expect(() => kit.faults.add({ path: '/auth/login', status: 200, body })).toThrow(/`body`/);
    }
    expect(() => kit.faults.add({ path: '/auth/login', status: 200, body: null })).not.toThrow();
  });

  it('AA-11: a `__proto__` key is an unknown key like any other: 422 naming it, nothing done', async () => {
    const kit = createReferenceFetch();
    const res = await send(
      kit,
      'POST',
      '/auth/login',
      `{"login":"${plain.email}","password":"${plain.password}","__proto__":{"x":1}}`,
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(['__proto__']);
    expect(kit.requests.filter((r) => r.path === '/auth/login')).toHaveLength(1);
  });

  it("AA-12: createReferenceFetch's example imports createPamClient from 'pam-client/machines'", () => {
    const source = readFileSync(new URL('../../src/testing/fetch.ts', import.meta.url), 'utf8');
    expect(source).toContain(" * import { createPamClient } from 'pam-client/machines';");
    expect(source).not.toContain("import { createPamClient } from 'pam-client';");
  });

  it.each([
    ['birth_date', '2015-06-01'], // a minor
    ['birth_date', 'not a date'],
    ['birth_date', '1899-12-31'],
    ['country', ''],
  ])(
    'AA-5: the profile update refuses %s %j as registration does: 422 on it, nothing changed',
    async (field, value) => {
      const kit = createReferenceFetch();
      const profile = async () =>
        (
          await (
            await kit(`${kit.baseURL}/auth/user-profile`, {
              headers: { authorization: `Bearer ${kit.issueToken(plain.id)}` },
            })
          ).json()
        ).user;
      const { token: _token, ...before } = await profile(); // the token is new with each issueToken
      const res = await send(kit, 'POST', `/users/update/${plain.id}`, JSON.stringify({ [field]: value }));
      expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, [field]]);
      const { token: _after, ...after } = await profile();
      expect(after).toEqual(before);
      const adult = await send(
        kit,
        'POST',
        `/users/update/${plain.id}`,
        JSON.stringify({ birth_date: '1990-02-03' }),
      );
      expect(adult.status).toBe(200);
    },
  );
});
