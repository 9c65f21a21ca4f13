// Registration against the reference server over real HTTP: REGISTER in the login machine (the
// same outcomes as a login) and the registration machine's document step.
import {
  type AuthModule,
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  type HttpError,
  type RegistrationModule,
  type RequestValidationError,
  secret,
} from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine, type RegistrationPayload } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { registrationMachine } from '../../machines/registrationMachine';
import { isSecret } from '../../src/secrets/index';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

const PASSWORD = 'Canary-Pw-7f3a9!';
const KNOWN_CPF = '12345678909'; // in the reference server's document table: João da Silva

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const auth = (baseURL = server.url): AuthModule & RegistrationModule => {
  const http = createOfetchAdapter({ baseURL, timeout: REAL_TIME_TIMEOUT_MS, retry: 0 });
  return { ...createAuthModule(http), ...createRegistrationModule(http) };
};

const payload = (over: Partial<RegistrationPayload> = {}): RegistrationPayload => ({
  email: 'new.player@example.com',
  password: PASSWORD,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
  ...over,
});

/** Everything a reviewer could look at: the snapshot, the persisted snapshot, the error. */
function exposed(actor: { getSnapshot(): unknown; getPersistedSnapshot(): unknown }): string {
  const s = actor.getSnapshot() as { context: { error: unknown } };
  return [JSON.stringify(s), JSON.stringify(actor.getPersistedSnapshot()), String(s.context.error)].join(
    '\n',
  );
}

describe('loginMachine REGISTER (spec 5.3)', () => {
  it('registers and is signed in; the account logs in again with the same password', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'REGISTER', payload: payload() });
    expect(actor.getSnapshot().value).toBe('registering');
    expect(isSecret(actor.getSnapshot().context.password)).toBe(true);
    expect(exposed(actor)).not.toContain(PASSWORD);
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
    expect(typeof done.output?.access_token).toBe('string');
    expect(JSON.stringify(done.output)).not.toContain(PASSWORD);

    const again = createActor(loginMachine, { input: { auth: auth() } }).start();
    again.send({ type: 'SUBMIT', login: 'new.player@example.com', password: secret(PASSWORD) });
    expect((await waitFor(again, (s) => s.status === 'done', { timeout: 10_000 })).value).toBe(
      'authenticated',
    );
  });

  it('asks for a code after registering, then logs in with the e-mail, the password and the code', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'REGISTER', payload: payload({ email: 'two@2fa.example.com', app_source: 'web' }) });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'), { timeout: 10_000 });
    expect(exposed(actor)).not.toContain(PASSWORD);
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 });
    expect(done.value).toBe('authenticated');
    const logins = server.requests.filter((r) => r.path === '/auth/login').map((r) => r.body);
    expect(logins).toEqual([
      { login: 'two@2fa.example.com', password: PASSWORD, app_source: 'web', two_factor_code: '123456' },
    ]);
  });

  it('fails with the field errors of a 422 (e-mail already taken), the password nowhere', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'REGISTER', payload: payload({ email: server.seed.plain.email }) });
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
    const error = failed.context.error as HttpError;
    expect(error.code).toBe('http');
    expect(error.status).toBe(422);
    expect(error.fieldErrors?.email?.length).toBeGreaterThan(0);
    expect(failed.context.password).toBeNull();
    expect(exposed(actor)).not.toContain(PASSWORD);
  });

  it('refuses an invalid payload before sending (nationalities must be a JSON string)', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'REGISTER', payload: payload({ nationalities: 'BR' }) });
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
    const error = failed.context.error as RequestValidationError;
    expect(error.code).toBe('invalid_request');
    expect(error.issues.map((i) => i.path[0])).toContain('nationalities');
    expect(server.requests.filter((r) => r.path === '/auth/register-simplified')).toHaveLength(0);
  });

  it('REGISTER is accepted again from failed, and RESET aborts a registration in flight', async () => {
    const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'REGISTER', payload: payload({ email: server.seed.plain.email }) });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
    const removeHang = server.faults.add({ path: '/auth/register-simplified', hang: true });
    actor.send({ type: 'REGISTER', payload: payload() });
    expect(actor.getSnapshot().value).toBe('registering');
    const inFlight = actor.getSnapshot().children.submitRegistration;
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(inFlight?.getSnapshot().status).toBe('stopped');
    removeHang();
    actor.send({ type: 'REGISTER', payload: payload() });
    expect((await waitFor(actor, (s) => s.status === 'done', { timeout: 10_000 })).value).toBe(
      'authenticated',
    );
  });

  it('a registration in flight when persisted is not sent again on restore', async () => {
    server.faults.add({ path: '/auth/register-simplified', hang: true, times: 1 });
    const first = createActor(loginMachine, { input: { auth: auth() } }).start();
    first.send({ type: 'REGISTER', payload: payload() });
    const persisted = persistedData(first);
    first.stop();
    expect(JSON.stringify(persisted)).not.toContain(PASSWORD);
    // The form's fields are not persisted either (only the login, as for a login).
    expect(JSON.stringify(persisted)).not.toContain('nationalities');

    const restored = restoreActor(loginMachine, persisted, { auth: auth() }).start();
    const failed = await waitFor(restored, (s) => s.matches('failed'), { timeout: 10_000 });
    // Refused before sending: the restored request had no form to send.
    expect(failed.context.error?.code).toBe('invalid_request');
    expect((failed.context.error as RequestValidationError).issues[0]?.path).toEqual(['payload']);
    expect(server.requests.filter((r) => r.path === '/auth/register-simplified').length).toBeLessThanOrEqual(
      1,
    );
  });
});

describe('registrationMachine (document step)', () => {
  it('checks a known CPF and offers its holder for prefilling', async () => {
    const actor = createActor(registrationMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: '123.456.789-09' });
    expect(actor.getSnapshot().value).toBe('checkingDocument');
    const s = await waitFor(actor, (x) => x.matches('editing'), { timeout: 10_000 });
    expect(s.context.documentCheck).toBe('valid');
    expect(s.context.prefill).toEqual({
      docnumber_valid: true,
      name: 'João da Silva',
      birth_date: '1988-07-21',
      mother_name: 'Maria da Silva',
    });
    expect(s.context.error).toBeNull();
  });

  it('stops at a document the server says is invalid, with a field error on number', async () => {
    const actor = createActor(registrationMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: '12345678900' });
    const s = await waitFor(actor, (x) => x.matches('documentInvalid'), { timeout: 10_000 });
    expect(s.context.documentCheck).toBe('invalid');
    expect(s.context.error?.code).toBe('invalid_request');
    expect((s.context.error as RequestValidationError).issues[0]?.path).toEqual(['number']);
    // Stopped: SUBMIT is not accepted until another number checks or RESET.
    actor.send({ type: 'SUBMIT', payload: payload() });
    expect(actor.getSnapshot().value).toBe('documentInvalid');
    actor.send({ type: 'CHECK_DOCUMENT', number: KNOWN_CPF });
    await waitFor(actor, (x) => x.matches('editing') && x.context.documentCheck === 'valid', {
      timeout: 10_000,
    });
  });

  it('does not block when the check is unavailable: a 503', async () => {
    server.faults.add({ path: '/auth/validate-document', status: 503, body: { message: 'down' } });
    const actor = createActor(registrationMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: KNOWN_CPF });
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.documentCheck !== 'unchecked', {
      timeout: 10_000,
    });
    expect(s.context.documentCheck).toBe('unavailable');
    expect(s.context.error?.code).toBe('http');
    // (The check a payload carries is its own number's: review 149.)
    actor.send({ type: 'SUBMIT', payload: payload({ number: '123.456.789-09' }) });
    expect(actor.getSnapshot().output?.documentCheck).toBe('unavailable');
  });

  it('does not block when the check is unavailable: no answer at all', async () => {
    const closed = await startReferenceServer();
    const url = closed.url;
    await closed.close();
    const actor = createActor(registrationMachine, { input: { auth: auth(url) } }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: KNOWN_CPF });
    const s = await waitFor(actor, (x) => x.matches('editing') && x.context.documentCheck !== 'unchecked', {
      timeout: 10_000,
    });
    expect(s.context.documentCheck).toBe('unavailable');
    expect(s.context.error?.code).toBe('network');
  });

  it('submits without the optional step; the payload leaves boxed and registers the player', async () => {
    const actor = createActor(registrationMachine, { input: { auth: auth() } }).start();
    const heard: unknown[] = [];
    actor.on('submitted', (e) => heard.push(e));
    actor.send({ type: 'SUBMIT', payload: payload({ captcha_token: 'captcha-canary' }) });
    const done = actor.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.output?.documentCheck).toBe('unchecked');
    expect(isSecret(done.output?.payload.password)).toBe(true);
    expect(isSecret(done.output?.payload.captcha_token)).toBe(true);
    expect(heard).toHaveLength(1);
    const text = JSON.stringify(done) + JSON.stringify(actor.getPersistedSnapshot()) + JSON.stringify(heard);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('captcha-canary');

    const login = createActor(loginMachine, { input: { auth: auth() } }).start();
    login.send({ type: 'REGISTER', payload: done.output!.payload });
    expect((await waitFor(login, (s) => s.status === 'done', { timeout: 10_000 })).value).toBe(
      'authenticated',
    );
    const sent = server.requests.find((r) => r.path === '/auth/register-simplified')?.body as Record<
      string,
      unknown
    >;
    expect(sent.password).toBe(PASSWORD);
  });

  it('persists data only, and restores with fresh input', async () => {
    const actor = createActor(registrationMachine, { input: { auth: auth() } }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: KNOWN_CPF });
    await waitFor(actor, (x) => x.matches('editing') && x.context.documentCheck === 'valid', {
      timeout: 10_000,
    });
    const persisted = JSON.parse(JSON.stringify(persistedData(actor)));
    expect(Object.keys(persisted.context)).not.toContain('auth');
    const restored = restoreActor(registrationMachine, persisted, { auth: auth() }).start();
    expect(restored.getSnapshot().context.prefill?.name).toBe('João da Silva');
    restored.send({ type: 'CHECK_DOCUMENT', number: '13579246828' });
    const s = await waitFor(
      restored,
      (x) => x.matches('editing') && x.context.prefill?.name === 'Beatriz Costa',
      {
        timeout: 10_000,
      },
    );
    expect(s.context.document).toBe('13579246828');
  });
});
