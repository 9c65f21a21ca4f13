// Review 115: the client's commands in the wrong state, at once, and from inside its listeners.
import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const LOGIN = '/auth/login';
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (isPamError(e) ? (e as { code: string }).code : `raw:${String(e)}`),
  );
const settleAll = async () => {
  for (let i = 0; i < 20; i++) await world.advance(S, 250);
};

describe('wrong state', () => {
  it('submitCode with no challenge: nothing sent, still signedOut, no error', async () => {
    const tab = world.open();
    await world.settle();
    tab.client.submitCode('123456');
    await settleAll();
    expect(world.count('POST', LOGIN)).toBe(0);
    expect(tab.client.view.status).toBe('signedOut');
  });

  it('submitCode while signed in: nothing sent, still signedIn with its token', async () => {
    const tab = world.open();
    await logIn(world, tab);
    const before = world.count('POST', LOGIN);
    tab.client.submitCode('123456');
    await settleAll();
    expect(world.count('POST', LOGIN)).toBe(before);
    expect(tab.client.view.status).toBe('signedIn');
    expect(await tab.token()).not.toBeNull();
  });

  it('logout while signing in: ends signed out, no token kept, the late grant revoked', async () => {
    const tab = world.open();
    await world.settle();
    world.delayAnswers({ method: 'POST', path: LOGIN, ms: 2 * S, times: 1 });
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await world.settle();
    expect(tab.client.view.status).toBe('signingIn');
    tab.client.logout();
    await settleAll();
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.token()).toBeNull();
    expect(world.count('POST', '/auth/logout')).toBe(1);
  });

  it('login while signed in: a defined outcome, never a signed-in view without a token', async () => {
    const tab = world.open();
    await logIn(world, tab);
    const { email, password } = world.server.seed.paused;
    tab.client.login({ login: email, password });
    await settleAll();
    const v = tab.client.view;
    expect(['signedIn', 'signedOut', 'failed']).toContain(v.status);
    expect(v.status === 'signedIn' ? (await tab.token()) !== null : true).toBe(true);
  });

  it('two logins at once: one request, signed in once', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    tab.client.login({ login: email, password });
    await settleAll();
    expect(world.count('POST', LOGIN)).toBe(1);
    expect(tab.client.view.status).toBe('signedIn');
    expect(tab.events.filter((e) => e === 'signedIn')).toHaveLength(1);
  });

  it('login + logout at once: signed out, nothing kept', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    tab.client.logout();
    await settleAll();
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.token()).toBeNull();
    expect(tab.client.view.user).toBeNull();
  });

  it('a user call signed out is unauthorized; after stop() aborted; nothing sent', async () => {
    const tab = world.open();
    await world.settle();
    expect(await outcome(tab.client.user.getAddress())).toBe('unauthorized');
    tab.client.stop();
    expect(await outcome(tab.client.user.getAddress())).toBe('aborted');
    expect(await outcome(tab.client.auth.logout())).toBe('aborted');
    expect(world.count('GET', '/bff/users/address-by-user')).toBe(0);
    // Commands after stop are no-ops, never throws.
    expect(() => {
      tab.client.login({ login: 'a@example.com', password: 'x' });
      tab.client.submitCode('1');
      tab.client.logout();
      tab.client.cancel();
    }).not.toThrow();
  });

  it('20 user calls on an expired token: one refresh, all answered', async () => {
    const tab = world.open();
    await logIn(world, tab);
    await world.advance(2 * S);
    world.server.faults.add({ method: 'GET', path: '/bff/users/address-by-user', status: 401, times: 20 });
    const refreshesBefore = world.count('POST', '/users/refresh-token');
    const calls = Array.from({ length: 20 }, () => outcome(tab.client.user.getAddress()));
    const results = await world.during(Promise.all(calls));
    expect(results.filter((r) => r !== 'resolved')).toEqual([]);
    expect(world.count('POST', '/users/refresh-token') - refreshesBefore).toBe(1);
    expect(tab.client.view.status).toBe('signedIn');
  });

  it('20 user calls when the refresh itself answers 401: all typed unauthorized, signed out, none hung', async () => {
    const tab = world.open();
    await logIn(world, tab);
    await world.advance(2 * S);
    world.server.expireTokens();
    const calls = Array.from({ length: 20 }, () => outcome(tab.client.user.getAddress()));
    const results = await world.during(Promise.all(calls));
    expect(new Set(results)).toEqual(new Set(['unauthorized']));
    expect(tab.client.view.status).toBe('signedOut');
    expect(tab.client.view.signedOutReason).toBe('expired');
  });

  it('a user call during a refresh in flight waits for it, then goes with the new token', async () => {
    const tab = world.open();
    await logIn(world, tab);
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 3 * S, times: 1 });
    tab.client.state.send({ type: 'REFRESH' });
    await world.settle();
    expect(await world.during(outcome(tab.client.user.getAddress()))).toBe('resolved');
    expect(tab.client.view.status).toBe('signedIn');
  });
});

describe('re-entrancy', () => {
  it('logout from a signedIn listener: ends signed out, not crashed', async () => {
    const tab = world.open();
    tab.client.on('signedIn', () => tab.client.logout());
    const { email, password } = world.server.seed.plain;
    await world.settle();
    tab.client.login({ login: email, password });
    await settleAll();
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.token()).toBeNull();
    expect(tab.client.state.getSnapshot().status).toBe('signedOut');
  });

  it('login again from a signedOut listener, stop from a subscribe listener: no throw, defined end', async () => {
    const tab = world.open();
    await logIn(world, tab);
    const { email, password } = world.server.seed.plain;
    let again = 0;
    tab.client.on('signedOut', () => {
      if (again++ === 0) tab.client.login({ login: email, password });
    });
    tab.client.logout();
    await settleAll();
    expect(tab.client.view.status).toBe('signedIn');
    expect(await tab.token()).not.toBeNull();
    const seen: string[] = [];
    tab.client.subscribe((v) => {
      seen.push(v.status);
      tab.client.stop();
    });
    tab.client.logout();
    await settleAll();
    expect(tab.client.view.status).not.toBe('signedIn');
    expect(await outcome(tab.client.user.getAddress())).toBe('aborted');
  });

  it('submitCode from a subscribe listener on twoFactorRequired: signs in', async () => {
    const tab = world.open();
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    tab.client.subscribe((v) => {
      if (v.status === 'twoFactorRequired') tab.client.submitCode(twoFactorCode!);
    });
    await world.settle();
    tab.client.login({ login: email, password });
    await settleAll();
    expect(tab.client.view.status).toBe('signedIn');
    expect(await tab.token()).not.toBeNull();
  });
});
