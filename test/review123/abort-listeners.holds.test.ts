// Review 123, HOLDS: every abort listener the client hangs on a signal for a call (the client's
// `stop` signal, an app's long-lived signal, the adapter's per-attempt signals) is taken off when
// the call settles: over a long session (40 calls here, answered, refused and aborted) none is left.
// Counted with node:events `getEventListeners` on every signal the client's own code (src/,
// machines/) added abort listeners to for several calls (the client's `stop` signal, the app's);
// fetch's own (undici's) are not the client's. (A refresh's `detached` listener,
// machines/session/refresh.ts, stays on its promise actor's per-run signal, dropped with it.)
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
afterEach(() => vi.restoreAllMocks());

/** The (signal, listener) pairs the client's own code added, from now on. */
function trackClientListeners() {
  const added: [AbortSignal, unknown][] = [];
  const add = EventTarget.prototype.addEventListener;
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    ...a: Parameters<EventTarget['addEventListener']>
  ) {
    // The frame that called addEventListener (past this spy's own frames).
    const caller = (new Error().stack ?? '')
      .split('\n')
      .slice(1)
      .find((l) => !/@vitest|abort-listeners\.holds|addEventListener \(|node:internal/.test(l));
    if (this instanceof AbortSignal && a[0] === 'abort' && /\/(src|machines)\//.test(caller ?? ''))
      added.push([this, a[1]]);
    return add.apply(this, a);
  });
  return {
    added,
    /** Listeners left on a signal that many calls shared (5+: the client's `stop`, the app's; a per-call or per-run signal goes with its call). */
    left: () => {
      const uses = new Map<AbortSignal, number>();
      for (const [s] of added) uses.set(s, (uses.get(s) ?? 0) + 1);
      return added.filter(([s, l]) => uses.get(s)! >= 5 && getEventListeners(s, 'abort').includes(l as never))
        .length;
    },
  };
}
const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e as { code?: string }).code ?? 'raw',
  );

describe('review 123: no abort listener is left after calls settle', () => {
  it('40 calls (user, http, auth; answered, 401-refreshed, aborted): none left on any signal', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    await logIn(world, tab);
    await world.advance(2 * S, 250);
    const track = trackClientListeners();
    const app = new AbortController(); // one signal for the page's lifetime, as apps pass one
    const c = tab.client;
    world.server.faults.add({ method: 'GET', path: '/bff/users/address-by-user', status: 401, times: 3 });
    const calls = [
      ...Array.from({ length: 10 }, () => c.user!.getAddress()),
      ...Array.from({ length: 10 }, () => c.user!.getAddress({ signal: app.signal })),
      ...Array.from({ length: 10 }, () => c.http.get('/bff/users/address-by-user')),
      ...Array.from({ length: 5 }, () => c.auth.getUserProfile()),
      ...Array.from({ length: 5 }, () => c.user!.getAddress({ signal: AbortSignal.abort() })),
    ].map(settled);
    const results = await world.during(Promise.all(calls));
    expect(results.filter((r) => r === 'ok')).toHaveLength(35); // the control
    expect(track.added.length).toBeGreaterThan(0); // the control: listeners were added
    expect(track.left()).toBe(0);
    expect(getEventListeners(app.signal, 'abort')).toHaveLength(0);
  });

  it('calls in flight at client.stop(): all end aborted, none left', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    await logIn(world, tab);
    await world.advance(2 * S, 250);
    const track = trackClientListeners();
    world.hangAnswers({ path: '/bff/users/address-by-user', times: 10 });
    const c = tab.client;
    const calls = [
      ...Array.from({ length: 5 }, () => c.user!.getAddress()),
      ...Array.from({ length: 5 }, () => c.http.get('/bff/users/address-by-user')),
    ].map(settled);
    await world.settle();
    c.stop();
    expect(await Promise.all(calls)).toEqual(Array(10).fill('aborted'));
    expect(track.left()).toBe(0);
  });
});
