// Review REV1 D6: the refresh cycle judged a TICK on its own clock (`isDue`, `isFlightLost` read
// `now()`), so the TICK the session forwards, judged by the session at its reading, was judged
// again at another time. A TICK may now carry the reading (`at`, on the cycle's clock): the guards
// decide by it and read no clock; a bare TICK (an app's) has the clock read by an action, then is
// taken as one with a reading, so the standalone machine works as before.
import { describe, expect, it, vi } from 'vitest';
import { createActor, getNextSnapshot, transition } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';

const H = 3_600_000;
const auth = { refreshToken: () => new Promise<never>(() => {}) };

function idleSince(savedAt: number, now: () => number) {
  const actor = createActor(tokenRefreshMachine, { input: { auth, now, intervalMs: H, savedAt } });
  return actor.getSnapshot();
}

describe('tokenRefreshMachine: a TICK judged at its reading (REV1 D6)', () => {
  it('a TICK whose reading is past the due time refreshes, whatever the clock says', () => {
    const now = vi.fn(() => 0);
    const idle = idleSince(0, now);
    expect(idle.value).toEqual({ active: 'idle' });
    now.mockClear();
    const due = getNextSnapshot(tokenRefreshMachine, idle, { type: 'TICK', at: 2 * H });
    expect(due.value).toEqual({ active: 'refreshing' });
    const early = getNextSnapshot(tokenRefreshMachine, idle, { type: 'TICK', at: H / 2 });
    expect(early.value).toEqual({ active: 'idle' });
  });

  it('deciding a TICK reads no clock: a bare one has an action read it', () => {
    const now = vi.fn(() => 2 * H);
    const idle = idleSince(0, now);
    now.mockClear();
    const [after, actions] = transition(tokenRefreshMachine, idle, { type: 'TICK' });
    expect(now).not.toHaveBeenCalled();
    expect(after.value).toEqual({ active: 'idle' });
    expect(actions.map((a) => a.type)).toContain('readClock');
  });

  it('a refresh in flight is lost at the reading a TICK carries', () => {
    const now = vi.fn(() => 0);
    const flying = getNextSnapshot(tokenRefreshMachine, idleSince(0, now), { type: 'REFRESH', at: 0 });
    expect(flying.value).toEqual({ active: 'refreshing' });
    now.mockClear();
    const lost = getNextSnapshot(tokenRefreshMachine, flying, { type: 'TICK', at: 61_000 });
    expect(lost.value).toEqual({ active: 'idle' });
    expect(lost.context.error?.code).toBe('timeout');
  });

  it('an app that sends a bare TICK still gets its refresh when it is due', async () => {
    let t = 0;
    let calls = 0;
    const counting = {
      refreshToken: () => {
        calls += 1;
        return new Promise<never>(() => {});
      },
    };
    const actor = createActor(tokenRefreshMachine, {
      input: { auth: counting, now: () => t, intervalMs: H, savedAt: 0 },
    }).start();
    t = 2 * H;
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    expect(calls).toBe(1);
    actor.stop();
  });
});
