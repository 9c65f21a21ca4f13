import { describe, expect, it } from 'vitest';
import { funnelTab, typesOf } from '../funnel/record';
import { S, useWorld } from '../support/world';

// Listeners that re-enter the client from inside an event: a logout from `signIn.signedIn`, a new
// login (by CPF) from `session.signedOut`, a cancel from `signIn.codeAsked`, and a listener that
// unsubscribes another of the same event mid-round. Each sign-in run is closed exactly once, in
// order, nothing is sent twice, and the other listeners still hear every event.

const world = useWorld();
const LOGIN = '/auth/login';

async function until(cond: () => boolean) {
  for (let i = 0; i < 300 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('re-entrant client.on listeners (review 139)', () => {
  it('logout inside signedIn, login inside signedOut, cancel inside codeAsked', async () => {
    const tab = funnelTab(world);
    const { plain, twoFactor } = world.server.seed;
    let relogins = 0;
    tab.client.on('signIn.signedIn', () => tab.client.logout());
    tab.client.on('session.signedOut', () => {
      if (relogins++ === 0) tab.client.login({ login: twoFactor.email, password: twoFactor.password });
    });
    tab.client.on('signIn.codeAsked', () => tab.client.cancel());
    // One listener removes the next one of the same event during the round; a third still hears.
    const heard: string[] = [];
    let offLate = () => {};
    tab.client.on('signIn.started', () => offLate());
    offLate = tab.client.on('signIn.started', () => heard.push('late'));
    tab.client.on('signIn.started', () => heard.push('third'));
    await world.settle();
    tab.client.login({ login: plain.email, password: plain.password });
    await until(() => relogins === 1 && tab.funnel.some((e) => e.type === 'signIn.abandoned'));
    await world.advance(2 * S);
    const signIn = tab.funnel.filter((e) => e.type.startsWith('signIn.'));
    expect(typesOf(signIn)).toEqual([
      'signIn.started',
      'signIn.signedIn',
      'signIn.started',
      'signIn.codeAsked',
      'signIn.abandoned',
    ]);
    expect(signIn.map((e) => (e as { run: number }).run)).toEqual([1, 1, 2, 2, 2]);
    expect(signIn[4]).toMatchObject({ reason: 'cancelled' });
    for (const e of signIn) if ('durationMs' in e) expect(e.durationMs).toBeGreaterThanOrEqual(0);
    expect(world.count('POST', LOGIN)).toBe(2);
    expect(world.count('POST', '/auth/logout')).toBe(1);
    expect(heard).toEqual(['third', 'third']);
    expect(tab.client.view.status).toBe('signedOut');
  });
});
