// Registration off the lean login (issue 33): a client without the `registration()` flow runs a
// login child that has no registration request at all (`loginCore`). A REGISTER, through any door,
// fails at once with a `ConfigurationError` naming the flow: nothing sent, the password in no
// snapshot, and the session takes the next login. `loginMachine` and `sessionMachine` /
// `sessionCore` still register (their behaviour is kept).
import type { AuthModule, LoginSuccess, RegistrationModule } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createCustomPamClient, type PamClientBase } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loginCore, loginMachine } from '../../machines/loginMachine';
import { sessionCore, sessionMachine } from '../../machines/sessionMachine';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const PASSWORD = 'Refused-Pw-41c2!';
const form = (email: string) => ({
  email,
  password: PASSWORD,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
});

const answer: LoginSuccess = {
  access_token: 'tok-registered',
  expires_in: 3600,
  token_type: 'Bearer',
  user: { id: 7 },
  userInfo: {},
} as unknown as LoginSuccess;

describe('loginCore: the login child without registration', () => {
  it('fails a REGISTER at once with a ConfigurationError, calling nothing and keeping no password', () => {
    const registerSimplified = vi.fn(async () => answer);
    const login = vi.fn(async () => answer);
    const actor = createActor(loginCore, {
      input: { auth: { login, registerSimplified } as unknown as AuthModule },
    }).start();
    actor.send({ type: 'REGISTER', payload: form('core@example.com') });
    const s = actor.getSnapshot();
    expect(s.value).toBe('failed');
    expect(s.context.error).toMatchObject({ name: 'ConfigurationError', code: 'configuration' });
    expect(s.context.error?.message).toContain('registration()');
    expect(s.context.password).toBeNull();
    expect(registerSimplified).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(PASSWORD);
    actor.stop();
  });

  it('loginMachine still registers (REGISTER enters registering and sends it)', async () => {
    const registerSimplified = vi.fn(async () => answer);
    const actor = createActor(loginMachine, {
      input: { auth: { login: vi.fn(), registerSimplified } as unknown as AuthModule & RegistrationModule },
    }).start();
    actor.send({ type: 'REGISTER', payload: form('full@example.com') });
    expect(actor.getSnapshot().value).toBe('registering');
    await until(() => actor.getSnapshot().status === 'done', 'registered');
    expect(registerSimplified).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe('a client without the registration flow', () => {
  it('refuses a REGISTER sent through client.state and the developer door alike, then signs in', async () => {
    const c = createCustomPamClient({ baseURL: ctx.server.url, flows: [], environment: { channel: null } });
    clients.push(c);
    await until(() => c.view.status === 'signedOut', 'signed out');
    c.state.send({ type: 'REGISTER', payload: form(`state-${Date.now()}@example.com`) });
    await until(() => c.view.status === 'failed', `failed (now ${c.view.status})`);
    expect(c.view.error).toMatchObject({ name: 'ConfigurationError', code: 'configuration' });
    sessionActorOf(c).send({ type: 'REGISTER', payload: form(`door-${Date.now()}@example.com`) });
    await until(() => c.view.status === 'failed', `failed again (now ${c.view.status})`);
    const actor = sessionActorOf(c);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(PASSWORD);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(PASSWORD);
    expect(ctx.server.requests.filter((r) => r.url.includes('register'))).toEqual([]);
    // The session is not stuck: the next login signs in.
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(() => c.view.status === 'signedIn', `signed in (now ${c.view.status})`);
    expect(c.view.error).toBeNull();
  });
});

describe('the sessions built by the machines entry keep registering', () => {
  it.each([
    ['sessionMachine', sessionMachine],
    ['sessionCore', sessionCore],
  ] as const)('%s: REGISTER calls registerSimplified', async (_name, machine) => {
    const registerSimplified = vi.fn(() => new Promise<LoginSuccess>(() => {}));
    const auth = { login: vi.fn(), registerSimplified, getUserProfile: vi.fn() } as unknown as AuthModule &
      RegistrationModule;
    const tokens = { get: () => null, set: () => {}, clear: () => {} };
    const actor = createActor(machine as typeof sessionMachine, {
      input: { auth, tokens, environment: { channel: null } },
    }).start();
    await until(() => actor.getSnapshot().hasTag('signedOut'), 'signed out');
    actor.send({ type: 'REGISTER', payload: form('machine@example.com') });
    await until(() => registerSimplified.mock.calls.length === 1, 'registerSimplified called');
    expect(actor.getSnapshot().hasTag('registering')).toBe(true);
    actor.stop();
  });
});
