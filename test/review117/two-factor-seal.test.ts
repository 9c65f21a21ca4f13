// Review 117: breaking review 115's two-factor player check (loginMachine `otherPlayer`,
// machines/session/login.ts `sealedAuth`'s `challenged` map, persistence's RESTORED table).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { loginAnswer, PLAIN_USER_INFO } from '../support/login-answer';
import { useWorld } from '../support/world';

const world = useWorld();
const LOGIN = '/auth/login';
const REG = '/auth/register-simplified';
const PW = 'Str0ng!Passw0rd';
const form = (email: string) => ({
  email,
  password: PW,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
});
const run = async () => {
  for (let i = 0; i < 10; i++) await world.advance(250, 50);
};
const revoked = () =>
  world.server.requests
    .filter((r) => r.method === 'POST' && r.path === '/auth/logout')
    .map((r) => (r.headers.authorization ?? '').split(' ')[1]);
const challenge = (id: number, email: string) => ({
  type: 'two_factor_code',
  user: { id, email },
  userInfo: { ...PLAIN_USER_INFO, two_factor_enabled: true },
});

describe('a registration followed by two-factor', () => {
  it('the code answer names another player: refused and its token revoked at the API', async () => {
    const tf = world.server.seed.twoFactor;
    const tab = world.open({ channel: false });
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: challenge(tf.id, 'new1@example.com'),
    });
    tab.client.register(form('new1@example.com'));
    await run();
    expect(tab.client.view.status).toBe('twoFactorRequired');
    const other = loginAnswer(world.server, { userId: world.server.seed.plain.id });
    world.server.faults.add({ method: 'POST', path: LOGIN, status: 200, times: 1, body: other });
    tab.client.submitCode('123456');
    await run();
    expect(tab.client.view.status).not.toBe('signedIn');
    expect(await tab.token()).toBeNull();
    // The seal keyed the challenge by `payload.login`: a registration has `email`, none.
    expect(revoked()).toContain(other.access_token);
  });

  it('a first registration challenged, then another one that completes: signed in as that player', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: challenge(777, 'a1@example.com'),
    });
    tab.client.register(form('a1@example.com'));
    await run();
    expect(tab.client.view.status).toBe('twoFactorRequired');
    tab.client.cancel();
    await run();
    tab.client.register(form('b2@example.com'));
    await run();
    expect([tab.client.view.status, tab.client.view.user?.email]).toEqual(['signedIn', 'b2@example.com']);
    expect(await tab.token()).not.toBeNull();
  });

  it('a login challenged, cancelled, then the same login answers its player: signed in (probe)', async () => {
    const plain = world.server.seed.plain;
    const tab = world.open({ channel: false });
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: LOGIN,
      status: 200,
      times: 1,
      body: challenge(plain.id, plain.email),
    });
    tab.client.login({ login: plain.email, password: plain.password });
    await run();
    expect(tab.client.view.status).toBe('twoFactorRequired');
    tab.client.cancel();
    await run();
    tab.client.login({ login: plain.email, password: plain.password });
    await run();
    expect([tab.client.view.status, tab.client.view.user?.id]).toEqual(['signedIn', plain.id]);
  });
});

describe('loginMachine restored mid-challenge', () => {
  const challenger = (answers: unknown[]) => ({ login: async () => answers.shift() }) as never;

  it('keeps the challenged player: a code answer naming another player is refused after restore', async () => {
    const auth = challenger([
      { type: 'two_factor_code', user: { id: 2, email: 'two@example.com' } },
      {
        access_token: 'y'.repeat(40),
        expires_in: 3600,
        token_type: 'Bearer',
        user: { id: 1, email: 'one@example.com' },
        userInfo: PLAIN_USER_INFO,
      },
    ]);
    const a = createActor(loginMachine, { input: { auth } }).start();
    a.send({ type: 'SUBMIT', login: 'two@example.com', password: PW });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(a.getSnapshot().value).toBe('twoFactorRequired');
    expect(a.getSnapshot().context.challenged).toBe(2);
    const stored = persistedData(a); // kept in memory: the password's Secret with it
    a.stop();
    const r = restoreActor(loginMachine, stored, { auth });
    r.start();
    expect(r.getSnapshot().value).toBe('twoFactorRequired');
    // (challenged: RESTORED lists no fresh-null `challenged`: it comes back null)
    r.send({ type: 'SUBMIT_CODE', code: '123456' });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(r.getSnapshot().value).toBe('failed'); // (authenticated: player 1 signed in)
    expect(r.getSnapshot().output).toBeUndefined();
  });

  it('a stored `challenged` of another type (a string) does not come back as that (probe)', () => {
    const auth = challenger([]);
    const a = createActor(loginMachine, { input: { auth } }).start();
    const stored = JSON.parse(JSON.stringify(persistedData(a)));
    a.stop();
    stored.context.challenged = '2';
    const r = restoreActor(loginMachine, stored, { auth });
    expect(r.getSnapshot().context.challenged).not.toBe('2');
  });
});
