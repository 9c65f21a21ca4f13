// Review 100, holds: registration through `client.register` (double submit, cancel mid-flight, an
// answer carrying other token fields, bad CPFs typed and unsent, a 422 echoing the password).
// Real sockets against the reference server, time simulated.
import { createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';

const world = useWorld();
const REG = '/auth/register-simplified';
const PW = 'Str0ng!Passw0rd';
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PW,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
  ...extra,
});

describe('client.register', () => {
  it('double submit while registering: one POST, signed in', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.delayAnswers({ method: 'POST', path: REG, ms: 500 });
    tab.client.register(form('dbl@example.com'));
    await world.advance(100, 50);
    tab.client.register(form('dbl@example.com'));
    await world.advance(3 * S, 50);
    expect(world.count('POST', REG)).toBe(1);
    expect(tab.client.view.status).toBe('signedIn');
  });

  it('cancel mid-flight: signed out, the late grant revoked, no token kept', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.delayAnswers({ method: 'POST', path: REG, ms: 500 });
    tab.client.register(form('cxl@example.com'));
    await world.advance(100, 50);
    tab.client.cancel();
    await world.advance(3 * S, 50);
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.token()).toBeNull();
    expect(world.count('POST', '/auth/logout')).toBe(1);
  });

  it('an answer with other token fields: none of them in any view', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: {
        access_token: 'tok-AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        refresh_token: 'ref-BBBBBBBBBBBBBBBBBBBBBBBBBBB',
        expires_in: 3600,
        token_type: 'Bearer',
        user: {
          id: 4242,
          email: 'x@example.com',
          name: 'X',
          token: 'tok-AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          api_token: 'api-CCCCCCCCCCCCCCCCCCCCCCCCCCCC',
          remember_token: 'rem-DDDDDDDDDDDDDDDDDDDDDDD',
          password: PW,
        },
        userInfo: {
          validate_email_at: null,
          login_at: '2030-01-01 00:00:00',
          login_attempt_qty: 0,
          seven_days_since_last_login: false,
          strong_password: true,
          force_request_kyc: false,
          two_factor_enabled: false,
          session_token: 'ses-EEEEEEEEEEEEEEEEEEEEEEEEEEE',
        },
      },
    });
    const views: string[] = [];
    tab.client.subscribe(() => views.push(JSON.stringify(tab.client.view)));
    tab.client.register(form('x@example.com'));
    await world.advance(2 * S, 50);
    expect(views.some((v) => v.includes('4242'))).toBe(true);
    for (const secret of ['tok-A', 'ref-B', 'api-C', 'rem-D', 'ses-E', PW])
      expect(views.join('\n')).not.toContain(secret);
  });

  for (const number of [
    '111.111.111-11',
    '123.456.789-00',
    '529.982.247-2',
    '529982247250',
    '５２９.９８２.２４７-２６',
  ]) {
    it(`CPF ${number}: typed invalid_request at number, nothing sent`, async () => {
      const tab = world.open({ channel: false });
      await world.settle();
      tab.client.register(form('cpf@example.com', { number }));
      await world.advance(S, 50);
      expect(world.count('POST', REG)).toBe(0);
      expect(tab.client.view.error?.code).toBe('invalid_request');
      expect(JSON.stringify(tab.client.view)).not.toContain(PW);
    });
  }

  it('a unicode-digit CPF with spaces is sent as its ASCII digits', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    tab.client.register(form('arabic@example.com', { number: ' ٥٢٩ ٩٨٢ ٢٤٧ ٢٥ ' }));
    await world.advance(2 * S, 50);
    const sent = world.server.requests.filter((r) => r.path === REG);
    expect(sent.map((r) => (r.body as { number?: string }).number)).toEqual(['52998224725']);
  });
});

describe('registerSimplified: a 422 echoing the password', () => {
  it('the password is redacted from message, fieldErrors, body and toJSON', async () => {
    const http = createOfetchAdapter({ baseURL: world.server.url, retry: 0 });
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 422,
      body: { message: `bad ${PW}`, errors: { password: [PW] }, input: { password: PW } },
    });
    const error = (await createRegistrationModule(http)
      .registerSimplified(form('a@example.com'))
      .catch((e: unknown) => e)) as Record<string, unknown>;
    const seen = JSON.stringify([error, error.body, error.message, error.fieldErrors, String(error)]);
    expect(error.code).toBe('http');
    expect(seen).not.toContain(PW);
  });
});
