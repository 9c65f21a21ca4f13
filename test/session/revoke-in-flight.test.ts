import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { grantsOf, runFor, signIn } from './revoke-support';

// REVIEW-H H3: a logout while a refresh or a login is in flight left the token that call was
// granted live at the API. Signing out stopped the call's actor, whose abort cancelled the HTTP
// call; the server had already granted the token, and the client, no longer reading the answer,
// never revoked it (only an answer that had arrived before the abort was). Now the call runs to its
// end (bounded by the adapter's timeout) detached from the actor that gave up on it, and the token
// it brings is revoked when it comes. Real sockets against the reference server; the answers are
// held on the world's simulated clock.

const world = useWorld();

describe('a logout while a call that grants a token is in flight (H3)', () => {
  it('one tab: its own refresh, answered after the logout: the rotated token is revoked', async () => {
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', channel: false });
    await signIn(world, a);
    g.hold('/users/refresh-token', 2 * S);
    a.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, S / 2);
    expect(g.issued).toHaveLength(2); // the server rotated; its answer is on its way
    a.client.logout();
    await runFor(world);
    expect(a.client.view.status).toBe('signedOut');
    expect(await g.live()).toEqual([]);
  });

  it("two tabs: the other tab's logout during this tab's refresh: the rotated token is revoked", async () => {
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', random: 0.3 });
    const b = g.open({ tabId: 'tab-b', random: 0.6 });
    await signIn(world, a);
    await runFor(world, 2 * S);
    expect(b.client.view.status).toBe('signedIn');
    g.hold('/users/refresh-token', 2 * S);
    b.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, S / 2);
    expect(g.issued).toHaveLength(2);
    a.client.logout();
    await runFor(world);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedOut', 'signedOut']);
    expect(await g.live()).toEqual([]);
  });

  it("a logout during the login: the abandoned login's token is revoked", async () => {
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', channel: false });
    g.hold('/auth/login', 2 * S);
    const { email, password } = world.server.seed.plain;
    a.client.login({ login: email, password });
    await runFor(world, S / 2);
    expect(g.issued).toHaveLength(1);
    a.client.logout();
    await runFor(world);
    expect(a.client.view.status).toBe('signedOut');
    expect(await g.live()).toEqual([]);
  });

  it("another tab's login taken during this tab's login: this tab's login token is revoked", async () => {
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', random: 0.3 });
    const b = g.open({ tabId: 'tab-b', random: 0.6 });
    const { email, password } = world.server.seed.plain;
    g.hold('/auth/login', 3 * S);
    b.client.login({ login: email, password });
    await runFor(world, S / 2);
    await signIn(world, a);
    await runFor(world);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
    expect(g.issued).toHaveLength(2);
    const used = await a.token();
    expect(await b.token()).toBe(used);
    expect(await g.live()).toEqual([used]);
  });
});
