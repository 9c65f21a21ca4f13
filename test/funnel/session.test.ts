import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, storedSession, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// Issue 34: the session's moments outside a sign-in (restored, adopted from another tab,
// refreshed, refresh failed, expired, signed out), against the reference server on simulated time.

const world = useWorld();
const REFRESH = '/users/refresh-token';
const sessionOnly = (events: readonly { type: string }[]) =>
  typesOf(events).filter((t) => t.startsWith('session.'));

/** Six hours on (the refresh interval), the last minutes in small steps so the refresh is answered. */
async function untilRefreshDue() {
  await world.advance(6 * H - MIN, 10 * MIN);
  await world.advance(2 * MIN, 5 * S);
}

describe('funnelEvents(): the session', () => {
  it('restored at start from the store, then signed out by a logout', async () => {
    const tokens = createMemoryTokenStore();
    const token = world.server.issueToken(world.server.seed.plain.id);
    await tokens.set({
      ...storedSession(token, world.now()),
      userId: world.server.seed.plain.id,
      seq: 1,
      sid: 1,
    });
    const tab = funnelTab(world, { storage: tokens });
    await world.settle();
    expect(tab.client.view.status).toBe('signedIn');
    tab.client.logout();
    await world.settle();
    expect(sessionOnly(tab.funnel)).toEqual(['session.restored', 'session.signedOut']);
    expect(tab.funnel.find((e) => e.type === 'session.signedOut')).toMatchObject({
      reason: 'logout',
      remote: false,
    });
  });

  it('refreshed on the cycle; a refresh that fails says its code and status; a refresh answering 401 expires the session', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    await untilRefreshDue();
    expect(sessionOnly(tab.funnel)).toEqual(['session.refreshed']);
    world.server.faults.add({ method: 'POST', path: REFRESH, status: 503, times: 1 });
    await untilRefreshDue();
    // The backoff's retry (33 s) refreshes.
    await world.advance(MIN, 5 * S);
    expect(sessionOnly(tab.funnel)).toEqual([
      'session.refreshed',
      'session.refreshFailed',
      'session.refreshed',
    ]);
    expect(tab.funnel.find((e) => e.type === 'session.refreshFailed')).toMatchObject({
      code: 'http',
      status: 503,
    });
    world.server.expireTokens();
    await world.during(tab.client.user.getLoginHistory().catch(() => {}));
    await world.settle();
    expect(sessionOnly(tab.funnel).slice(-2)).toEqual(['session.expired', 'session.signedOut']);
    expect(tab.funnel.at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'expired', remote: false });
  });

  it("another tab's login is adopted (no sign-in of this tab), its logout ends this tab's session (remote)", async () => {
    const a = funnelTab(world, { tabId: 'a' });
    const b = funnelTab(world, { tabId: 'b' });
    await logIn(world, a);
    await world.advance(5 * S);
    expect(b.client.view.status).toBe('signedIn');
    a.client.logout();
    await world.advance(5 * S);
    expect(typesOf(b.funnel).filter((t) => !t.startsWith('rg.'))).toEqual([
      'session.adopted',
      'session.signedOut',
    ]);
    expect(b.funnel.find((e) => e.type === 'session.signedOut')).toMatchObject({
      reason: 'logout',
      remote: true,
    });
    expect(typesOf(a.funnel).filter((t) => !t.startsWith('rg.'))).toEqual([
      'signIn.started',
      'signIn.signedIn',
      'session.signedOut',
    ]);
  });

  it('a sign-in in progress when another tab signs in is abandoned (otherTab), the session adopted', async () => {
    const a = funnelTab(world, { tabId: 'a' });
    const b = funnelTab(world, { tabId: 'b' });
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    b.client.login({ login: email, password });
    await world.advance(S);
    expect(b.client.view.status).toBe('twoFactorRequired');
    await logIn(world, a);
    await world.advance(5 * S);
    expect(typesOf(b.funnel).filter((t) => !t.startsWith('rg.'))).toEqual([
      'signIn.started',
      'signIn.codeAsked',
      'signIn.abandoned',
      'session.adopted',
    ]);
    expect(b.funnel[2]).toMatchObject({ reason: 'otherTab', run: 1 });
  });

  it('gives the pseudonym the app computes, on the events of a signed-in session only', async () => {
    const tab = funnelTab(world, { funnel: { pseudonym: (id) => `p-${id * 7}` } });
    await logIn(world, tab);
    await untilRefreshDue();
    tab.client.logout();
    await world.settle();
    const player = Object.fromEntries(tab.funnel.map((e) => [e.type, e.player]));
    expect(player['signIn.started']).toBeUndefined();
    expect(player['signIn.signedIn']).toBe(`p-${world.server.seed.plain.id * 7}`);
    expect(player['session.refreshed']).toBe(`p-${world.server.seed.plain.id * 7}`);
    expect(player['session.signedOut']).toBeUndefined();
  });
});
