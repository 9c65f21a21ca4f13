import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// Issue 34: the sign-in funnel, one event per moment in its documented order (docs/events.md),
// against the reference server over real sockets, on simulated time.

const world = useWorld();

/** Lets simulated time run in small steps until `cond` holds (fails the test if it never does). */
async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('funnelEvents(): sign-in', () => {
  it('tells started (e-mail, a listed app source), signedIn with its duration, then the restrictions read', async () => {
    const tab = funnelTab(world, { funnel: { appSources: ['web'] } });
    await world.settle();
    const { email, password } = world.server.seed.plain;
    world.delayAnswers({ method: 'POST', path: '/auth/login', ms: 300, times: 1 });
    tab.client.login({ login: email, password, appSource: 'web' });
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    expect(typesOf(tab.funnel)).toEqual(['signIn.started', 'signIn.signedIn', 'rg.restrictionsRead']);
    const [started, signedIn, read] = tab.funnel;
    expect(started).toEqual({
      type: 'signIn.started',
      run: 1,
      method: 'email',
      appSource: 'web',
      at: expect.any(Number),
    });
    expect(signedIn).toMatchObject({ type: 'signIn.signedIn', run: 1, codeAsked: false });
    expect((signedIn as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(300);
    expect(read).toMatchObject({ status: 'current', inForce: [], canBet: true, code: null });
  });

  it('says cpf for a CPF login, and other for an app source the app did not list', async () => {
    const tab = funnelTab(world, { funnel: { appSources: ['web'] } });
    await world.settle();
    const { cpf, password } = world.server.seed.plain;
    tab.client.login({ login: cpf, password, appSource: 'kiosk-42' });
    await settleUntil(() => tab.state() === 'signedIn');
    expect(tab.funnel[0]).toMatchObject({ type: 'signIn.started', method: 'cpf', appSource: 'other' });
  });

  it('tells codeAsked once, each rejected code with its attempt number, then signedIn with codeAsked', async () => {
    const tab = funnelTab(world);
    await world.settle();
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    for (const attempt of [1, 2]) {
      tab.client.submitCode('000000');
      await settleUntil(() =>
        tab.funnel.some((e) => e.type === 'signIn.codeRejected' && e.attempt === attempt),
      );
    }
    tab.client.submitCode(twoFactorCode!);
    await settleUntil(() => tab.client.view.status === 'signedIn');
    expect(typesOf(tab.funnel).slice(0, 5)).toEqual([
      'signIn.started',
      'signIn.codeAsked',
      'signIn.codeRejected',
      'signIn.codeRejected',
      'signIn.signedIn',
    ]);
    expect(
      tab.funnel
        .filter((e) => e.type === 'signIn.codeRejected')
        .map((e) => (e as { attempt: number }).attempt),
    ).toEqual([1, 2]);
    expect(tab.funnel[4]).toMatchObject({ codeAsked: true, run: 1 });
  });

  it('after five rejected codes tells the fifth, then failed with its code', async () => {
    const tab = funnelTab(world);
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    for (let attempt = 1; attempt <= 5; attempt++) {
      tab.client.submitCode('000000');
      await settleUntil(() =>
        tab.funnel.some((e) => e.type === 'signIn.codeRejected' && e.attempt === attempt),
      );
    }
    await settleUntil(() => tab.client.view.status === 'failed');
    expect(typesOf(tab.funnel)).toEqual([
      'signIn.started',
      'signIn.codeAsked',
      ...Array(5).fill('signIn.codeRejected'),
      'signIn.failed',
    ]);
    expect(tab.funnel.at(-1)).toMatchObject({ type: 'signIn.failed', code: expect.any(String) });
  });

  it('a wrong password: failed with the error code and HTTP status, never the message', async () => {
    const tab = funnelTab(world);
    await world.settle();
    tab.client.login({ login: world.server.seed.plain.email, password: 'not-the-password' });
    await settleUntil(() => tab.client.view.status === 'failed');
    expect(typesOf(tab.funnel)).toEqual(['signIn.started', 'signIn.failed']);
    const failed = tab.funnel[1] as unknown as Record<string, unknown>;
    expect(Object.keys(failed).sort()).toEqual(['at', 'code', 'durationMs', 'run', 'status', 'type']);
    expect(failed.status).toBe(
      tab.client.view.error && (tab.client.view.error as { status?: number }).status,
    );
  });

  it('a cancelled account: cancelledAccount', async () => {
    const tab = funnelTab(world);
    await world.settle();
    const { email, password } = world.server.seed.cancelled;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'cancelledAccount');
    expect(typesOf(tab.funnel)).toEqual(['signIn.started', 'signIn.cancelledAccount']);
  });

  it('abandoned: cancelled at the code step, restarted by new credentials, logged out, stopped', async () => {
    const tab = funnelTab(world);
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.cancel();
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.logout();
    world.hangAnswers({ method: 'POST', path: '/auth/login', times: 1 });
    tab.client.login({ login: email, password });
    await world.settle();
    await world.advance(5 * S);
    tab.client.stop();
    const abandoned = tab.funnel.filter((e) => e.type === 'signIn.abandoned');
    expect(abandoned.map((e) => [e.run, (e as { reason: string }).reason])).toEqual([
      [1, 'cancelled'],
      [2, 'restarted'],
      [3, 'loggedOut'],
      [4, 'stopped'],
    ]);
    expect(typesOf(tab.funnel)).toEqual([
      'signIn.started',
      'signIn.codeAsked',
      'signIn.abandoned',
      'signIn.started',
      'signIn.codeAsked',
      'signIn.abandoned',
      'signIn.started',
      'signIn.codeAsked',
      'signIn.abandoned',
      'signIn.started',
      'signIn.abandoned',
      'session.stopped',
    ]);
    expect((abandoned[3] as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(5 * S);
  });
});
