// Review 95, probes that hold: a short secret an EARLIER call sent (a wrong login password, a 2FA
// code) quoted by a LATER call's error, in the forms back ends write it, is scrubbed (held for
// errors 10 minutes, `src/http/held-secrets.ts`); what it must leave alone is left alone.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { client, failure, holding } from './helpers';

const ctx = useReferenceServer();
/** A wrong password (not the seed's), sent by a failed login before the call that fails. */
const PW = 'Hunter#2026';

async function laterError(body: unknown, contentType?: string) {
  const c = client(ctx.server);
  await failure(c.auth.login({ login: ctx.server.seed.plain.email, password: PW }));
  ctx.server.faults.add({ path: '/any/change', status: 422, body, contentType, times: 1 });
  return failure(c.http.post('/any/change', { user_pause: 7 }));
}

const forms: Record<string, unknown> = {
  'as typed': { message: `rejected for ${PW}` },
  'URL-encoded': { message: `rejected for ${encodeURIComponent(PW)}` },
  'HTML entities': { message: `rejected for ${[...PW].map((c) => `&#${c.charCodeAt(0)};`).join('')}` },
  'JSON \\u escapes': {
    message: `rejected for ${[...PW].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join('')}`,
  },
  base64: { message: `rejected for ${Buffer.from(PW).toString('base64')}` },
  'a field error': { errors: { password: [`${PW} is wrong`] } },
  'deep in the body': { a: { b: [{ c: `x ${PW}` }] } },
};

describe("an earlier call's password in a later error", () => {
  for (const [name, body] of Object.entries(forms))
    it(`${name}: not in the error, its body, toJSON or inspect`, async () => {
      expect(holding(await laterError(body), PW)).toEqual([]);
    });

  it('a text (HTML) error body', async () => {
    expect(holding(await laterError(`<p>rejected ${PW}</p>`, 'text/html'), PW)).toEqual([]);
  });

  it("a later error's field names, step-up code and numbers are left as they are", async () => {
    const c = client(ctx.server);
    await failure(c.auth.login({ login: ctx.server.seed.plain.email, password: 'password' }));
    ctx.server.faults.add({
      path: '/any/change',
      status: 422,
      body: { code: 'password_check_required', errors: { password: ['required'] }, n: 7 },
      times: 1,
    });
    const error = await failure(c.http.post('/any/change', { user_pause: 7 }));
    expect(error).toMatchObject({
      code: 'step_up_required',
      fieldErrors: { password: ['required'] },
      body: { code: 'password_check_required', n: 7 },
    });
  });

  it("an earlier 2FA code quoted as a word of a later error's message and field error", async () => {
    const c = client(ctx.server);
    const { email, password } = ctx.server.seed.twoFactor;
    await c.auth.login({ login: email, password });
    await failure(c.auth.login({ login: email, password, two_factor_code: '482913' }));
    ctx.server.faults.add({
      path: '/any/change',
      status: 422,
      body: { message: 'Código 482913 inválido', errors: { code: ['482913 expirou'] } },
      times: 1,
    });
    const error = await failure(c.http.post('/any/change', { x: 1 }));
    expect(holding(error, '482913')).toEqual([]);
  });

  it('a 2xx profile holding the wrong password typed (the e-mail) is intact', async () => {
    const c = client(ctx.server);
    const { email, password } = ctx.server.seed.plain;
    await failure(c.auth.login({ login: email, password: email }));
    const answer = await c.auth.login({ login: email, password });
    c.store.token = answer.access_token ?? null;
    const profile = await c.auth.getUserProfile();
    expect(JSON.stringify(profile)).toContain(email);
  });
});
