// Review 149, holds: `client.register` against hostile or late registration answers. Real sockets
// against the reference server, time simulated (the world's SimulatedClock).
import { describe, expect, it } from 'vitest';
import { loginAnswer } from '../support/login-answer';
import { S, useWorld } from '../support/world';

const world = useWorld();
const REG = '/auth/register-simplified';
const PW = 'Str0ng!Passw0rd';
const CAP = 'captcha-tok-ZZZZ9876543210';
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PW,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
  ...extra,
});
const logouts = () => world.count('POST', '/auth/logout');

describe('client.register: answers', () => {
  it('2xx without an access token: failed invalid_response, nothing stored', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    const { access_token: _, ...rest } = loginAnswer(world.server);
    world.server.faults.add({ method: 'POST', path: REG, status: 201, times: 1, body: rest });
    tab.client.register(form('nt@example.com'));
    await world.advance(3 * S, 50);
    expect([tab.client.view.status, tab.client.view.error?.code]).toEqual(['failed', 'invalid_response']);
    expect(await tab.token()).toBeNull();
  });

  it('a granted session whose user is a cancelled account: cancelledAccount, token revoked', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    const body = loginAnswer(world.server, { userId: world.server.seed.cancelled.id });
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: { ...body, user: { ...body.user, cancelled_account: true } },
    });
    tab.client.register(form('cc@example.com'));
    await world.advance(3 * S, 50);
    expect(tab.client.view.status).toBe('cancelledAccount');
    expect(await tab.token()).toBeNull();
    expect(logouts()).toBe(1);
  });

  it('type cancelled_account with a token: cancelledAccount, token revoked', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    const body = loginAnswer(world.server, { userId: world.server.seed.cancelled.id });
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: { ...body, type: 'cancelled_account' },
    });
    tab.client.register(form('cc2@example.com'));
    await world.advance(3 * S, 50);
    expect(tab.client.view.status).toBe('cancelledAccount');
    expect(await tab.token()).toBeNull();
    expect(logouts()).toBe(1);
  });

  it('password and captcha token echoed in the answer: never in a view, event or inspection', async () => {
    const inspected: string[] = [];
    const tab = world.open({
      channel: false,
      inspect: (e) => {
        try {
          inspected.push(JSON.stringify(e));
        } catch {}
      },
    });
    await world.settle();
    const body = loginAnswer(world.server);
    world.server.faults.add({
      method: 'POST',
      path: REG,
      status: 200,
      times: 1,
      body: {
        ...body,
        user: { ...body.user, email: 'echo@example.com', name: `Ana ${PW}`, mother_name: CAP },
      },
    });
    const views: string[] = [];
    tab.client.subscribe(() => views.push(JSON.stringify(tab.client.view)));
    tab.client.register(form('echo@example.com', { captcha_token: CAP }));
    await world.advance(3 * S, 50);
    expect(tab.client.view.status).toBe('signedIn');
    const all = [...views, ...inspected, JSON.stringify(tab.events)].join('\n');
    expect(inspected.length).toBeGreaterThan(0);
    for (const s of [PW, CAP]) expect(all).not.toContain(s);
  });
});

describe('client.register: timing', () => {
  it('two register() in the same tick: one POST', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    tab.client.register(form('dd@example.com'));
    tab.client.register(form('dd@example.com'));
    await world.advance(3 * S, 50);
    expect(world.count('POST', REG)).toBe(1);
    expect(tab.client.view.status).toBe('signedIn');
  });

  it('logout() while the registration is in flight: signed out, the late grant revoked', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.delayAnswers({ method: 'POST', path: REG, ms: 500 });
    tab.client.register(form('lo@example.com'));
    await world.advance(100, 50);
    tab.client.logout();
    await world.advance(3 * S, 50);
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.token()).toBeNull();
    expect(logouts()).toBe(1);
  });

  it('control for the stop defect: a login in flight at stop() is left to answer and revoked', async () => {
    const tab = world.open({ channel: false });
    await world.settle();
    world.delayAnswers({ method: 'POST', path: '/auth/login', ms: 500 });
    tab.client.login({ login: 'player@example.com', password: 'Secret123!' });
    await world.advance(100, 50);
    tab.client.stop();
    await world.advance(3 * S, 50);
    expect(logouts()).toBe(1);
  });
});
