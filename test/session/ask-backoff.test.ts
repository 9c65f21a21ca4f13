import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, type Tab, type TabOptions, useWorld } from '../support/world';

// TICK24: a token whose expiry the clock cannot judge (`verdictAt` says `ask`: past its expiry on a clock
// that is not trusted) is put to the server by the session: a
// refresh. That ask was a REFRESH, which ignores the failure backoff: while the server failed with
// no verdict (503), every app TICK (an app may tick every second) and every wake-up sent another
// refresh request, a retry storm. Now the session's own ask is a check that is due at once unless
// the cycle is backing off after a failure: the requests follow the backoff (30 s doubling, API.md).

const world = useWorld();
const REFRESH = '/users/refresh-token';

/**
 * A signed-in tab whose clock (the world's, with its server time) is then stepped 9 h ahead and not
 * trusted: the token (8 h of life) looks past its expiry, which the clock cannot judge. Every
 * refresh answers 503 until `heal()`.
 */
async function askingTab(): Promise<{ tab: Tab; start: number; heal: () => void }> {
  const clock = { skew: 0, trusted: true };
  const base = createClock({ wall: world.now, monotonic: () => world.clock.now() });
  const environment = {
    clock: {
      ...base,
      serverNow: () => base.serverNow() + clock.skew,
      trusted: () => clock.trusted && base.trusted(),
    },
  };
  const tab = world.open({ channel: false, retry: 0, environment } as TabOptions);
  await logIn(world, tab);
  await world.advance(2 * S, S);
  expect(world.count('POST', REFRESH)).toBe(0);
  const heal = world.server.faults.add({ method: 'POST', path: REFRESH, status: 503 });
  Object.assign(clock, { skew: 9 * H, trusted: false });
  return { tab, start: world.now(), heal };
}

/** Seconds (from `start`) of every refresh request over `ms`, `poke` called each second. */
async function requestTimes(start: number, ms: number, poke: (i: number) => void): Promise<number[]> {
  const times: number[] = [];
  const seen = () => world.server.requests.filter((r) => r.method === 'POST' && r.path === REFRESH).length;
  let n = 0;
  const note = () => {
    for (const m = seen(); n < m; n++) times.push(Math.round((world.now() - start) / S));
  };
  note();
  for (let i = 1; i * S <= ms; i++) {
    poke(i);
    await world.settle();
    note();
    await world.advance(S, S);
    note();
  }
  return times;
}

describe('the session asking the server about an expiry it cannot judge, on a failing server (TICK24)', () => {
  it('an app TICK every second for 10 min: the requests follow the backoff, not one per TICK', async () => {
    const { tab, start } = await askingTab();
    const times = await requestTimes(start, 10 * MIN, () => tab.client.state.send({ type: 'TICK' }));
    // At once (fail closed: the server is asked), then 30 s, 60 s, 120 s, 240 s after each failure.
    expect(times).toEqual([0, 30, 90, 210, 450]);
    expect(tab.client.view.status).toBe('signedIn');
    expect(tab.events).toContain('refreshFailed');
  }, 120_000);

  it('a wake-up (visible, focus) every second for 10 min: the requests follow the backoff', async () => {
    const { tab, start } = await askingTab();
    const times = await requestTimes(start, 10 * MIN, (i) => {
      if (i % 2) tab.page.fireFocus();
      else {
        tab.page.setHidden(true);
        tab.page.setHidden(false);
      }
    });
    expect(times).toEqual([0, 30, 90, 210, 450]);
    expect(tab.client.view.status).toBe('signedIn');
  }, 120_000);

  it('an ask while backing off waits for the backoff; a 401 then signs out as expired', async () => {
    const { tab, start, heal } = await askingTab();
    tab.client.state.send({ type: 'TICK' });
    await world.advance(40 * S, S);
    // Two failures (at 0 and 30 s): the next try is due at 90 s.
    expect(world.count('POST', REFRESH)).toBe(2);
    heal();
    world.server.expireTokens();
    const n = world.count('POST', REFRESH);
    tab.client.state.send({ type: 'TICK' });
    await world.advance(S, S);
    // Backing off: the TICK's ask waits.
    expect(world.count('POST', REFRESH)).toBe(n);
    await world.advance(90 * S - (world.now() - start), S);
    await world.advance(2 * S, S);
    expect(world.count('POST', REFRESH)).toBe(n + 1);
    expect(tab.client.view.status).toBe('signedOut');
    expect(tab.client.view.signedOutReason).toBe('expired');
  }, 120_000);
});
