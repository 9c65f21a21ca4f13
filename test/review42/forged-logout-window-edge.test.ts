// Review 42 (c): a forged logout at a counter just inside COUNTER_WINDOW of one tab's clock and
// just outside another's (tabs' clocks differ by one: a refresh word still on its way). Tab A takes
// it (ends its login, floor = clock + 2^20); tab B drops it as foreign (`isPlausible`). Every later
// honest login made in B is counted far below A's floor and A refuses it (`canAdopt`), while A's own
// next login, counted past the floor, is foreign to B: the tabs never agree again (until 2^20
// logins), and A refuses honest later logins because of one forged message.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { COUNTER_WINDOW } from '../../machines/session/order';
import { forge, GateHub, look } from '../review41/support';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

// Left open (thirty-eighth pass): each case fails on the current code (`it.fails`); the fix is a
// design change (a sign-out, which carries no token, moves a tab's clock or floor only a small step
// past counters it has held or taken; a new tab takes counters from the answers to its own sync).
// Turn each back into `it` when it is fixed.

describe('review42: a forged logout at the edge of COUNTER_WINDOW', () => {
  // (Passes since the fifty-second pass, by a side effect, not the design change: tab B reads the
  // profile with the refresh it takes from A (review 82's identity read), finds A's token ended by
  // the forged logout at once, and its later login is counted so that A takes it. The class stays
  // open: the next case, of the same floor, still fails.)
  it('does not leave one tab refusing the later honest logins of another', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    expect(look(b)).toMatchObject({ status: 'signedIn', seq: 1 });
    // A's refresh word to B lags (A at 2, B at 1).
    hub.cut([0, 1]);
    a.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, 3 * S);
    expect([look(a).clock, look(b).clock]).toEqual([2, 1]);
    // The forger: a logout at A's clock + COUNTER_WINDOW (inside A's reach, outside B's).
    forge(hub, { type: 'signedOut', at: world.now(), seq: 2 + COUNTER_WINDOW, sid: 12345, reason: 'logout' });
    await runFor(world, 2 * S);
    hub.heal([0, 1]);
    await runFor(world, 5 * S);
    // Whatever happened to L1, the player now logs in again in tab B: tab A takes it.
    b.client.logout();
    await runFor(world, 3 * S);
    await logIn(world, b);
    await runFor(world, 5 * S);
    expect(b.client.view.status).toBe('signedIn');
    expect(
      { a: a.client.view.status, b: b.client.view.status, la: look(a), lb: look(b) },
      'tab A refuses the honest later login of tab B',
    ).toMatchObject({ a: 'signedIn', b: 'signedIn' });
    expect(await a.token()).toBe(await b.token());
  }, 60_000);

  it.fails('(a forged expiry at the edge: the tab it reached makes logins no other tab takes)', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    hub.cut([0, 1]);
    a.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, 3 * S);
    expect([look(a).clock, look(b).clock]).toEqual([2, 1]);
    // A forged expiry of no login held (ends nothing): only A's clock moves, to 2 + 2^20.
    forge(hub, {
      type: 'signedOut',
      at: world.now(),
      seq: 2 + COUNTER_WINDOW,
      sid: 12345,
      reason: 'expired',
    });
    await runFor(world, 2 * S);
    hub.heal([0, 1]);
    await runFor(world, 5 * S);
    expect([a, b].map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn']);
    // The player logs out and in again in tab A: tab B never takes that login.
    a.client.logout();
    await runFor(world, 3 * S);
    await logIn(world, a);
    await runFor(world, 5 * S);
    expect(
      { a: a.client.view.status, b: b.client.view.status, la: look(a), lb: look(b) },
      "tab B drops tab A's honest login as foreign",
    ).toMatchObject({ a: 'signedIn', b: 'signedIn' });
  }, 60_000);

  it.fails('(a forged expiry heard by every tab, no link cut: a tab opened later is never taken)', async () => {
    const g = grantsOf(world);
    const storage = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    // One forged expiry of no login held, just inside every open tab's reach: clocks jump 2^20.
    forge(world.hub, {
      type: 'signedOut',
      at: world.now(),
      seq: 1 + COUNTER_WINDOW,
      sid: 12345,
      reason: 'expired',
    });
    await runFor(world, 2 * S);
    expect([a, b].map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn']);
    // The player logs out and in and out again (honest logout floor: 2^20 + 2); the store is empty.
    a.client.logout();
    await runFor(world, 3 * S);
    await logIn(world, a);
    await runFor(world, 3 * S);
    a.client.logout();
    await runFor(world, 3 * S);
    expect(await storage.get()).toBeNull();
    // A new tab opens (its counter from the empty store) and the player logs in there.
    const c = g.open({ tabId: 'tab-c', storage, environment: { random: draws(0.9) } });

    await runFor(world, 2 * S);
    await logIn(world, c);
    await runFor(world, 5 * S);
    expect(
      [a, b, c].map((t) => ({ status: t.client.view.status, seq: look(t).seq, clock: look(t).clock })),
      `the older tabs refuse the new tab's honest login: ${JSON.stringify([a, b, c].map((t) => look(t)))}`,
    ).toMatchObject([{ status: 'signedIn' }, { status: 'signedIn' }, { status: 'signedIn' }]);
  }, 60_000);
});
