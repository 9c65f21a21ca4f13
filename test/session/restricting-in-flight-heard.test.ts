import { afterEach, describe, expect, it, vi } from 'vitest';
import { S, type Tab, twoFreeTabs, useWorld } from '../support/world';
import { changesOf } from './in-flight-changes';

// REVIEW-AJ, on real sockets and simulated time: a change that bars betting while it is on its way
// (AI-3) is released only by its own word.
// AJ-1: a `settled` forged on the channel (a same-origin script) with the SENDING tab's own change
// id lifted the sender's bar and the other tabs' while the server had already applied the pause.
// Now a heard release drops only what was heard from the same tab; a tab's own change only by its
// own release.
// AJ-2: a tab opened (or reloaded) while a change was in flight was never told of it (the
// `inflight` message went out before it existed; the sync answer carried none): it showed `canBet`
// true until the answer came. Now the sync answer carries the changes in flight of the tab that
// answers (kind, id, how long it may still bar), held by the joining tab as heard ones.

const world = useWorld();

afterEach(() => {
  vi.useRealTimers();
});

const CHANGES = changesOf(world);

/** Every signed-in view of `tabs` in which betting is allowed, from now on (by name). */
function watchBreaches(tabs: Record<string, Tab>, breaches: string[] = []) {
  for (const [name, t] of Object.entries(tabs))
    t.client.subscribe((v) => {
      if (v.status === 'signedIn' && v.restrictions?.canBet) breaches.push(`tab ${name} at ${world.now()}`);
    });
  return breaches;
}

/** The `inflight` messages posted on the channel so far (as sent: envelope included). */
const inflightSent = () =>
  world.hub.sent.filter((m) => (m as { type?: string }).type === 'inflight') as Array<
    Record<string, unknown>
  >;

/**
 * Tab A's fetch: its next request to `path` reaches the server `ms` later (a slow upload, or a
 * server that commits at the end of the call), and is answered then.
 */
const slowUpload = (path: string, ms: number): typeof fetch => {
  let times = 1;
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith(path) || times-- <= 0) return world.fetch(input, init);
    return world.later(ms, () => world.fetch(input, init)).then((r) => r);
  };
};

const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (e: { status?: number; code?: string }) => e.status ?? e.code,
  );

describe.each(Object.entries(CHANGES))('a %s in flight (REVIEW-AJ)', (_kind, change) => {
  it("AJ-1: a forged settle with the sender's own change id lifts nothing, in any tab", async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ path: change.path, ms: 20 * S, times: 1 });
    const breaches = watchBreaches({ a, b });
    const call = outcome(change.send(a));
    await world.settle();
    const [sent] = inflightSent();
    expect(sent).toMatchObject({ from: 'tab-a', settled: false });
    await world.advance(3 * S, 250);
    // A same-origin script replays it as settled.
    const script = world.hub.channel();
    script.postMessage({ ...sent, from: 'forged', settled: true });
    await world.advance(3 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    await world.advance(10 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(await world.during(call)).toBe('ok');
    await world.advance(10 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(breaches).toEqual([]);
  });

  it('AJ-1: a settle heard from another tab than the sender lifts nothing; the real one does', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
    world.delayAnswers({ path: change.path, ms: 10 * S, times: 1 });
    const breaches = watchBreaches({ a, b });
    const call = outcome(change.send(a));
    await world.settle();
    const [sent] = inflightSent();
    // Tab B's own end of the channel says it (a script in tab B's page).
    b.channel!.postMessage({ ...sent, from: 'tab-b', settled: true });
    await world.advance(3 * S, 250);
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(breaches).toEqual([]);
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });

  it('AJ-2: a tab opened while it is in flight is barred from its first view; accepted: the restriction', async () => {
    // (The server applies it only when it reaches it, 10 s after the send.)
    const [a, b] = await twoFreeTabs(world, { fetch: slowUpload(change.path, 10 * S) });
    const call = outcome(change.send(a));
    await world.settle();
    await world.advance(2 * S, 250);
    const c = world.open({ tabId: 'tab-c', random: 0.9 });
    const breaches = watchBreaches({ a, b, c });
    const views: string[] = [];
    c.client.subscribe((v) => views.push(`${v.status}/${v.restrictions?.canBet}`));
    await world.advance(1 * S, 250);
    expect(c.client.view.status).toBe('signedIn');
    expect(views).toContain('signedIn/false');
    await world.advance(5 * S, 250);
    for (const t of [a, b, c]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(await world.during(call)).toBe('ok');
    await world.advance(60 * S, 500);
    for (const t of [a, b, c])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    expect(breaches).toEqual([]);
  });

  it('AJ-2: a tab opened while it is in flight is barred until it is refused, then free', async () => {
    const [a, b] = await twoFreeTabs(world, { fetch: slowUpload(change.path, 10 * S) });
    world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
    const call = outcome(change.send(a));
    await world.settle();
    await world.advance(2 * S, 250);
    const c = world.open({ tabId: 'tab-c', random: 0.9 });
    const breaches = watchBreaches({ a, b, c });
    await world.advance(6 * S, 250);
    expect(c.client.view.status).toBe('signedIn');
    for (const t of [a, b, c]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(breaches).toEqual([]);
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    for (const t of [a, b, c])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });
});

describe('a tab opened while a change is in flight whose release is lost (AJ-2)', () => {
  it("is free again at the bar's end (request timeout + 30 s from the answer it joined by), not before", async () => {
    const change = CHANGES.pause;
    const [a] = await twoFreeTabs(world);
    world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
    world.delayAnswers({ path: change.path, ms: 8 * S, times: 1 });
    const call = outcome(change.send(a));
    await world.settle();
    await world.advance(2 * S, 250);
    const c = world.open({ tabId: 'tab-c', random: 0.9 });
    await world.advance(1 * S, 250);
    expect(c.client.view.status).toBe('signedIn');
    expect(c.client.view.restrictions!.canBet).toBe(false);
    // Every message from now on is lost (the release among them).
    world.hub.held = [];
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    expect(a.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    // Joined ~3 s after the send; its bar lapses 10 s + 30 s after it joined.
    await world.advance(25 * S, 250);
    expect(c.client.view.restrictions!.canBet).toBe(false);
    await world.advance(20 * S, 250);
    expect(c.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });
});

describe('a tab opened while the sender cannot be heard (AJ-2)', () => {
  it('is told by another tab that heard it, and its bar lapses with that tab’s, never renewed', async () => {
    const change = CHANGES.pause;
    const [a, b] = await twoFreeTabs(world, { fetch: slowUpload(change.path, 60 * S) });
    const call = outcome(change.send(a));
    await world.settle();
    expect(b.client.view.restrictions!.canBet).toBe(false);
    // Tab A is cut off the channel (frozen; or it reloaded, its call lost with the page).
    world.hub.open.delete(a.channel!);
    await world.advance(5 * S, 250);
    const c = world.open({ tabId: 'tab-c', random: 0.9 });
    const breaches = watchBreaches({ b, c });
    await world.advance(1 * S, 250);
    expect(c.client.view.status).toBe('signedIn');
    expect(c.client.view.restrictions!.canBet).toBe(false);
    // Tab B heard it at the send: its bar ends 10 s + 30 s after; tab C's with it (6 s later it
    // joined, 34 s left), not 40 s after it joined.
    await world.advance(32 * S, 250);
    for (const t of [b, c]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(breaches).toEqual([]);
    await world.advance(5 * S, 250);
    for (const t of [b, c])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    void call;
  });
});
