// CI's run of 01845174 (sixty-second pass): review125's sanity check failed with "timers left 5 min
// after every client stopped: 4", two armed by the profile flow's clock `look` (re-armed from a fake
// timer) and two by a promise actor's answer. Not its clients': `finish` counted every timer on the
// process-wide fake clock, and the files of a worker share one process (`isolate: false`). A client
// an earlier file left running (signed in, never stopped) looks at its clock every 5 s through
// `globalThis.setTimeout` read at each look: once LiveWorld's fake timers are on, its next look (and
// the profile reads it starts) land on LiveWorld's clock and stay there. Deterministic here: the
// leaked client is made as work of no world (`outsideWorld`), after the fake timers are on. It failed
// while `finish` counted timers armed outside its world's own work (now `LiveWorld.foreign`).
import { createWebStorageTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { finish } from './commands';
import { LiveWorld, MIN, outsideWorld, PLAYER } from './world';

it("a client an earlier file left running is not counted as a LiveWorld client's", async () => {
  const w = new LiveWorld();
  const leaked = outsideWorld(() =>
    createPamClient({
      baseURL: w.kit.baseURL,
      fetch: (input, init) => w.kit(input, init),
      storage: createWebStorageTokenStore({ storage: memoryStorage() }),
    }),
  );
  try {
    w.open(0);
    await outsideWorld(() => leaked.login({ login: PLAYER.plain.email, password: PLAYER.plain.password }));
    w.tabs[0]!.client.login({ login: PLAYER.twoFactor.email, password: PLAYER.twoFactor.password });
    await w.settle();
    expect(w.tabs[0]!.client.view.status).toBe('twoFactorRequired');
    w.tabs[0]!.client.submitCode(PLAYER.twoFactor.twoFactorCode!);
    await w.settle();
    await w.advance(MIN);
    expect(w.tabs[0]!.client.view.status).toBe('signedIn');
    // (The control: tab 0's own timers, its clock's look among them, are counted while it runs.)
    expect(vi.getTimerCount() - w.ownTimers - w.foreign.size).toBeGreaterThan(0);
    expect(leaked.view.status).toBe('signedIn');
    // Its clock's looks (and its session's timers) are on this fake clock: pending, none of tab 0's.
    expect(w.foreign.size).toBeGreaterThan(0);
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(w.foreign.size);
    await finish(w); // counts tab 0's timers only (it failed: "expected 2 to be +0")
  } finally {
    leaked.stop();
    w.dispose();
  }
}, 60_000);
