import { createMemoryTokenStore, type PamError, type TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: 500 });
const YEARS = '/income-report/available-years';
const outcome = (p: Promise<unknown>) => {
  const o = { v: 'pending' };
  p.then(
    () => {
      o.v = 'resolved';
    },
    (e: PamError) => {
      o.v = `rejected ${e.code}`;
    },
  );
  return o;
};
/** A store whose first read takes `ms`, then as memory. */
const slowStore = (ms: number): TokenStore => {
  const memory = createMemoryTokenStore();
  let reads = 0;
  return {
    get: () => (reads++ === 0 ? world.later(ms, () => memory.get()) : memory.get()),
    set: (s) => memory.set(s),
    clear: () => memory.clear(),
  };
};

// REVIEW-28B R28B-3, R28B-4: a user call made while a token-mode tab restores waits for the restore
// (FIXREST28); an app's abort meanwhile was ignored and the call then rejected `unauthorized`, as
// was one pending at `stop()`. Both reject `aborted` at once now (the call judged again).
describe('a user call waiting for the restore', () => {
  it('an app abort during the restore wait ends the call at once', async () => {
    const b = world.open({ tabId: 'tab-b', storage: slowStore(2_500), channel: false });
    const ac = new AbortController();
    const call = outcome(b.client.user.getAvailableYears({ signal: ac.signal }));
    await world.advance(100, 50);
    expect(b.state()).toBe('restoring');
    ac.abort();
    await world.advance(100, 50);
    const at200 = call.v;
    await world.advance(3 * S, 100);
    const after = call.v;
    expect({ at200, after }).toEqual({ at200: 'rejected aborted', after: 'rejected aborted' });
  });

  it('stop() during the restore wait: aborted (the one rule: stop(): aborted)', async () => {
    const b = world.open({ tabId: 'tab-b', storage: slowStore(2_500), channel: false });
    const call = outcome(b.client.user.getAvailableYears());
    await world.advance(100, 50);
    expect(b.state()).toBe('restoring');
    b.client.stop();
    await world.advance(100, 50);
    expect(call.v).toBe('rejected aborted');
  });

  it('waits no longer than the restore: a stored session needing the server check, the check hanging', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3, channel: false });
    await logIn(world, a);
    const stored = await a.client.tokens.get();
    const memory = createMemoryTokenStore();
    // An expiry in the past: the server's word is asked for.
    await memory.set({ ...stored!, expiresAt: world.now() - 1, savedAt: world.now() - 10 * S });
    world.hangAnswers({ method: 'GET', path: /profile|user/ });
    const b = world.open({ tabId: 'tab-b', storage: memory, channel: false });
    const call = outcome(b.client.user.getAvailableYears({ timeout: 1000 } as never));
    let t = 0;
    for (; t < 120 && call.v === 'pending'; t++) await world.advance(S, 250);
    expect(t).toBeLessThan(20);
  });
});
