import { funnelEvents, operatorPreset, profile, tabs } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, openTab, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// Issue 34: how the funnel attaches with no code of its own in the client. `funnelEvents(flows)`
// wraps the user flow's set-up (it holds the module the client hands out as `client.user`, and
// wraps its methods in place) and adds its own flow, which answers its events on the session
// actor's `on` (which `client.on` asks); the client's own events and members stay as they were.

const world = useWorld();

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('funnelEvents(): attached through the flow, not the client', () => {
  it("a funnel listener stops at the function client.on returned; the session's own events still come", async () => {
    const tab = funnelTab(world);
    await world.settle();
    const kept: string[] = [];
    const dropped: string[] = [];
    const off = tab.client.on('signIn.started', (e) => dropped.push(e.type));
    tab.client.on('signIn.signedIn', (e) => kept.push(e.type));
    tab.client.on('signedIn', (e) => kept.push(e.type));
    off();
    await logIn(world, tab);
    await settleUntil(() => kept.length === 2);
    expect(typesOf(tab.funnel).slice(0, 2)).toEqual(['signIn.started', 'signIn.signedIn']);
    expect(dropped).toEqual([]);
    expect(kept.sort()).toEqual(['signIn.signedIn', 'signedIn']);
  });

  it('client.user (the user flow’s module) reports its calls; a client without the funnel tells none', async () => {
    const tab = funnelTab(world, { channel: false });
    const plain = openTab(world, { flows: operatorPreset(), channel: false });
    world.tabs.push(plain);
    await world.settle();
    expect(Object.keys(tab.client.user).sort()).toEqual(Object.keys(plain.client.user).sort());
    const plainHeard: string[] = [];
    plain.client.on('signIn.started', (e) => plainHeard.push(e.type));
    plain.client.on('incomeReport.requested', (e) => plainHeard.push(e.type));
    for (const t of [tab, plain]) {
      await logIn(world, t);
      await world.during(t.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }));
    }
    expect(typesOf(tab.funnel)).toContain('incomeReport.requested');
    expect(plainHeard).toEqual([]);
  });

  it('two clients with the funnel keep their listeners apart', async () => {
    const a = funnelTab(world, { channel: false });
    const b = openTab(world, { flows: funnelEvents(operatorPreset()), channel: false });
    world.tabs.push(b);
    const heardByB: string[] = [];
    b.client.on('signIn.started', (e) => heardByB.push(e.type));
    await world.settle();
    await logIn(world, a);
    await settleUntil(() => a.funnel.some((e) => e.type === 'signIn.signedIn'));
    expect(typesOf(a.funnel).slice(0, 2)).toEqual(['signIn.started', 'signIn.signedIn']);
    expect(heardByB).toEqual([]);
  });

  it('funnelEvents(flows) keeps the flows given, in order, the funnel last; only the user flow is wrapped', () => {
    const given = operatorPreset();
    const flows = funnelEvents(given);
    expect(flows.map((f) => f.name)).toEqual([
      'tabs',
      'profile',
      'playTime',
      'user',
      'registration',
      'funnel',
    ]);
    expect(flows.slice(0, 3)).toEqual(given.slice(0, 3));
    expect(flows[0]).toBe(given[0]);
    expect(flows[3]).not.toBe(given[3]);
    expect(flows[3].setup).not.toBe(given[3].setup);
    expect(flows[4]).toBe(given[4]);
  });

  it('one flows list, two clients: each client’s own user module tells its own calls', async () => {
    const flows = funnelEvents(operatorPreset());
    const a = openTab(world, { flows, channel: false });
    const b = openTab(world, { flows, channel: false });
    world.tabs.push(a, b);
    const heard = { a: [] as string[], b: [] as string[] };
    a.client.on('incomeReport.requested', (e) => heard.a.push(e.type));
    b.client.on('incomeReport.requested', (e) => heard.b.push(e.type));
    await world.settle();
    await logIn(world, b);
    await world.during(b.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }));
    expect(heard).toEqual({ a: [], b: ['incomeReport.requested'] });
    await logIn(world, a);
    await world.during(a.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }));
    expect(heard).toEqual({ a: ['incomeReport.requested'], b: ['incomeReport.requested'] });
  });

  it('without the user flow, the funnel still tells the session (and the client has no user)', async () => {
    const tab = openTab(world, { flows: funnelEvents([tabs(), profile()]), channel: false });
    world.tabs.push(tab);
    const heard: string[] = [];
    tab.client.on('signIn.signedIn', (e) => heard.push(e.type));
    await world.settle();
    await logIn(world, tab);
    await settleUntil(() => heard.length === 1);
    expect(tab.client.user).toBeUndefined();
  });
});
