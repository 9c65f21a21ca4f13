// Review 111: restoring a tokenRefreshMachine snapshot with hostile settings. The context factory
// checks `intervalMs` (at least 1 s: "a refresh loop must never spin"), `tickMs` and `flightMs`;
// `restoreActor` (machines/persistence.ts) copies the stored ones over the fresh input's unchecked.
// A stored `intervalMs: 0` makes every completed refresh due again at once: the restored cycle
// refreshes in a loop (a request storm on the operator). Simulated time; the auth module counts
// calls (the cycle's timing is under test, not HTTP). A token planted in the stored context never
// shows (held probe).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { turns } from '../support/event-loop';

const T0 = 1_700_000_000_000;
const PLANTED = 'planted-refresh-ACCESS-token-rev111';

function cycle() {
  const clock = new SimulatedClock();
  clock.set(T0);
  let calls = 0;
  const auth = {
    refreshToken: async () => {
      calls += 1;
      return { access_token: `fresh-${calls}`, token_type: 'bearer', expires_in: 21_600 } as never;
    },
  };
  const input = () => ({ auth, now: () => clock.now() });
  return { clock, input, calls: () => calls };
}

/** A cycle whose token was saved at T0, persisted as JSON 1 s later. */
function persisted(c: ReturnType<typeof cycle>) {
  const actor = createActor(tokenRefreshMachine, { clock: c.clock, input: c.input() }).start();
  actor.send({ type: 'TOKEN_SAVED', accessToken: 'x', at: T0 });
  c.clock.increment(1000);
  const data = JSON.parse(JSON.stringify(persistedData(actor)));
  actor.stop();
  return data;
}

/** Steps `ms` of simulated time, 100 ms at a time, letting promises settle between steps. */
async function run(c: ReturnType<typeof cycle>, ms: number) {
  for (let t = 0; t < ms; t += 100) {
    c.clock.increment(100);
    await turns(3);
  }
}

describe('review 111: a restored refresh cycle with hostile stored settings', () => {
  it('a stored intervalMs of 0: at most one refresh a second (never a loop)', async () => {
    const c = cycle();
    const stored = persisted(c);
    stored.context.intervalMs = 0;
    const restored = restoreActor(tokenRefreshMachine, stored, c.input(), { clock: c.clock }).start();
    await run(c, 10_000);
    // The factory's floor (1 s): 10 s of simulated time allow some 10 refreshes, never dozens.
    expect(c.calls()).toBeLessThanOrEqual(11);
    restored.stop();
  });

  it('a stored intervalMs of 1e300: the refresh is still due within the input interval (6 h default)', async () => {
    const c = cycle();
    const stored = persisted(c);
    stored.context.intervalMs = 1e300;
    const restored = restoreActor(tokenRefreshMachine, stored, c.input(), { clock: c.clock }).start();
    // 6 h and a minute later, in 1-minute steps.
    for (let m = 0; m < 361; m++) {
      c.clock.increment(60_000);
      await turns(3);
    }
    expect(c.calls()).toBeGreaterThanOrEqual(1);
    restored.stop();
  });

  it('held: planted tokens, wrong types and prototype keys neither crash it nor show a token', async () => {
    const c = cycle();
    const stored = JSON.parse(
      JSON.stringify(persisted(c)).replace(
        '"context":{',
        `"context":{"__proto__":{"polluted":true},"accessToken":"${PLANTED}","token":"${PLANTED}","refreshToken":"${PLANTED}",`,
      ),
    );
    stored.context.refresh = { ...stored.context.refresh, failures: 'many', lastFailureAt: 'x' };
    stored.context.error = { code: 'http', message: PLANTED };
    stored.context.lifeMs = -5;
    const frames: string[] = [];
    const errors: unknown[] = [];
    const restored = restoreActor(tokenRefreshMachine, stored, c.input(), {
      clock: c.clock,
      inspect: (e) => frames.push(JSON.stringify((e as { snapshot?: unknown }).snapshot ?? null)),
    });
    restored.subscribe({ next: (s) => frames.push(JSON.stringify(s)), error: (e) => errors.push(e) });
    restored.start();
    await run(c, 5_000);
    frames.push(JSON.stringify(restored.getSnapshot()));
    expect(errors).toEqual([]);
    expect(restored.getSnapshot().status).toBe('active');
    expect(frames.filter((f) => f.includes(PLANTED))).toEqual([]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    restored.stop();
  });
});
