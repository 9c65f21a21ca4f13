import { afterEach, describe, expect, it, vi } from 'vitest';
import { S, type Tab, twoFreeTabs, useWorld } from '../support/world';
import { changesOf } from './in-flight-changes';

// REVIEW-AI AI-3, on real sockets: while a pause or a self-exclusion is on its way, the server may
// already have applied it (the reference server applies it on receipt); the view showed
// `canBet: true` until the call settled (up to the request's timeout, plus the re-read). Now the
// change bars betting from the moment it is sent, in the tab that sent it and in the other tabs of
// its login; an answer that accepts it (or leaves its outcome unknown) keeps it barred as before
// (docs/responsible-gaming.md: the release rule); a refusal (a 4xx) releases the bar of that
// change, and only of that one.

const world = useWorld();

afterEach(() => {
  vi.useRealTimers();
});

const CHANGES = changesOf(world);

/** Every view of `tabs` in which betting is allowed, from now on (by tab). */
function watchBreaches(tabs: Tab[]) {
  const breaches: string[] = [];
  for (const [i, t] of tabs.entries())
    t.client.subscribe((v) => {
      if (v.restrictions?.canBet) breaches.push(`tab ${i} at ${world.now()}`);
    });
  return breaches;
}

describe.each(Object.entries(CHANGES))('a %s whose answer is slow (AI-3)', (kind, change) => {
  it('accepted: barred from the send, through the wait, and after, in both tabs', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ path: change.path, ms: 10 * S, times: 1 });
    const breaches = watchBreaches([a, b]);
    const call = change.send(a).then(
      () => 'ok',
      (e: { status?: number; code?: string }) => e.status ?? e.code,
    );
    await world.settle();
    // Sent (the server holds it: it applied it on receipt), not answered yet.
    expect(world.count('PATCH', change.path) + world.count('POST', change.path)).toBe(1);
    expect(a.client.view.restrictions!.canBet).toBe(false);
    expect(b.client.view.restrictions!.canBet).toBe(false);
    await world.advance(9 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(await world.during(call)).toBe('ok');
    await world.advance(60 * S, 500);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    expect(t(a).some((r) => r === kind)).toBe(true);
    expect(breaches).toEqual([]);
  });

  it('refused (422): barred while in flight, free again once refused', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
    world.delayAnswers({ path: change.path, ms: 5 * S, times: 1 });
    const breaches = watchBreaches([a, b]);
    const call = change.send(a).then(
      () => 'ok',
      (e: { status?: number }) => e.status,
    );
    await world.settle();
    expect(a.client.view.restrictions!.canBet).toBe(false);
    expect(b.client.view.restrictions!.canBet).toBe(false);
    await world.advance(4 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(breaches).toEqual([]);
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true, inForce: [] });
  });
});

describe('a release lost (AI-3)', () => {
  it("another tab that never hears the refusal is free again at the bar's end, not before", async () => {
    const change = CHANGES.pause;
    const [a, b] = await twoFreeTabs(world);
    world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
    world.delayAnswers({ path: change.path, ms: 5 * S, times: 1 });
    const call = change.send(a).catch((e: { status?: number }) => e.status);
    await world.settle();
    expect(b.client.view.restrictions!.canBet).toBe(false);
    // Every message from now on is lost (the release among them).
    world.hub.held = [];
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    expect(a.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    // Tab B's bar ends by itself: the request's timeout (10 s here) and 30 s after it heard it.
    await world.advance(25 * S, 250);
    expect(b.client.view.restrictions!.canBet).toBe(false);
    await world.advance(20 * S, 250);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });
});

const t = (tab: Tab) => tab.client.view.restrictions!.inForce.map((r) => r.kind);
