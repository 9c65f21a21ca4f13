// Review 123, DEFECT: ~20 concurrent calls of a signed-in client make Node print
// "MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 abort listeners added
// to [AbortSignal]" (process 'warning', on stderr): every call hangs a listener on ONE signal, the
// client's `stop` signal (createPamClient.ts `stop.signal`), for as long as it is in flight:
// - `client.http` and the user module's calls: `stoppable` (client/stoppable.ts) hands `stopped` to
//   the adapter as the call's signal, and `attemptSignal` (src/http/waiting.ts) adds
//   `onCallerAbort` to it per attempt;
// - `client.auth`: `stoppable` adds its own `cut` listener to `stopped` per call.
// They are removed when each call settles (./abort-listeners.holds.test.ts): no leak, but a page
// that loads its lobby (profile, address, limits, history, years…) at once prints a "memory leak"
// warning, which an app's monitoring reports. Node's own fetch raises the limit on the signals it
// is given (undici: setMaxListeners(1500, signal)); the client's own shared signal is never raised.
import { afterEach, describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();
const seen: string[] = [];
const onWarning = (w: Error) => seen.push(`${w.name}: ${w.message}`);
afterEach(() => {
  process.off('warning', onWarning);
  seen.length = 0;
});
const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e as { code?: string }).code ?? 'raw',
  );
/** Warnings are emitted on a later tick: one real macrotask hop. */
const hop = () => new Promise((resolve) => setImmediate(resolve));
const MAX_LISTENERS = /MaxListenersExceededWarning/;

describe('review 123: 20 concurrent calls print no MaxListenersExceededWarning', () => {
  it.each([
    ['client.user.getAddress', (c: Client) => c.user!.getAddress()],
    ['client.http.get', (c: Client) => c.http.get('/bff/users/address-by-user')],
    ['client.auth.getUserProfile', (c: Client) => c.auth.getUserProfile()],
  ])('%s ×20 at once', async (_name, call) => {
    const tab = world.open({ tabId: 'tab-a' });
    await logIn(world, tab);
    await world.advance(2 * S, 250);
    process.on('warning', onWarning);
    const calls = Array.from({ length: 20 }, () => settled(call(tab.client)));
    const results = await world.during(Promise.all(calls));
    await hop();
    expect(results.filter((r) => r !== 'ok')).toEqual([]); // the control: all answered
    expect(seen.filter((w) => MAX_LISTENERS.test(w))).toEqual([]);
  });
});

type Client = ReturnType<typeof world.open>['client'];
