// Review 123, HOLDS: no "Event … was sent to stopped actor" (XState's dev console.warn, which prints
// the event as JSON: a LOGIN's password with it) when an app drives a stopped client, nor when
// stop and logout race with another tab acting and reads in flight.
import { sessionActorOf } from 'pam-client/devtools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
let warn: { mock: { calls: unknown[][] } };
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());
const printed = () => warn.mock.calls.map((c: unknown[]) => String(c[0]));

describe('review 123: nothing is sent to a stopped actor', () => {
  it('every command after stop(), through the client, its session and devtools', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    const other = world.open({ tabId: 'tab-b' });
    await logIn(world, tab);
    tab.client.stop();
    tab.client.login({ login: 'x@example.com', password: 'SuperSecret-123' });
    tab.client.submitCode('654321', 'captcha-TOKEN-xyz');
    tab.client.logout();
    tab.client.cancel();
    tab.client.state.send({ type: 'REFRESH' } as never);
    tab.client.session.send({ type: 'LOGIN', login: 'x@example.com', password: 'SuperSecret-456' } as never);
    sessionActorOf(tab.client).send({
      type: 'LOGIN',
      login: 'x@example.com',
      password: 'Secret-789',
    } as never);
    other.client.logout(); // the other tab's word reaches a stopped tab's channel
    await world.advance(5 * S, 250);
    await logIn(world, other);
    await world.advance(H, MIN);
    expect(printed()).toEqual([]);
  });

  it('logout and stop racing, with another tab acting and reads in flight', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    const other = world.open({ tabId: 'tab-b' });
    await logIn(world, tab, 'timeLimit');
    await world.advance(2 * S, 250);
    world.delayAnswers({ path: '/auth/logout', ms: 2 * S, times: 2 });
    tab.client.logout();
    await world.advance(100, 50);
    tab.client.stop();
    other.client.logout();
    await world.advance(10 * S, 250);
    await logIn(world, other, 'timeLimit');
    world.delayAnswers({ path: /^\/(bff|users)\//, ms: 3 * S, times: 5 });
    other.client.state.send({ type: 'REFRESH' } as never);
    await world.advance(100, 50);
    other.client.logout();
    other.client.stop();
    await world.advance(10 * S, 250);
    expect(printed()).toEqual([]);
  });
});
