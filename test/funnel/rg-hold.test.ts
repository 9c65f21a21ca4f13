import { type ClientFlow, type FunnelEvent, funnelEvents, profile } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { logIn, S, type Tab, useWorld } from '../support/world';
import { recordFunnel } from './record';

// REVIEW-Z Z-4: the funnel holds the restrictions' events while a change asked through `client.user`
// waits for its answer (Y-10: they follow its `rg.changeAccepted` / `rg.changeFailed`). It held them
// (a) for as long as the call stayed open (an open step-up prompt, a hung call), and told them with
// the time of their release; (b) for good once its `rg.changeAccepted` threw (an app clock that
// throws); (c) released them early when an answer of a login that ended came in a later login.
// The user module here is the test's: its answers come when the test says.

const world = useWorld({ reportStepMs: 2 * S });
const PROFILE = '/auth/user-profile';
/** The bound of a hold (session-steps.ts `HOLD_MS`). */
const HOLD_MS = 30 * S;

type Read = Extract<FunnelEvent, { type: 'rg.restrictionsRead' }>;
interface Call {
  resolve(): void;
  reject(): void;
}

/** A tab with the profile flow and a user module whose `setTimeoutLimits` answers when told. */
function tabWithCalls(o: { serverNow?: () => number } = {}) {
  const calls: Call[] = [];
  const setTimeoutLimits = () =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ resolve: () => resolve({}), reject: () => reject(new Error('refused')) });
    });
  const user: ClientFlow = { name: 'user', setup: () => ({ user: { setTimeoutLimits } as never }) };
  const tab = world.open({
    flows: funnelEvents([profile(), user]),
    ...(o.serverNow && { environment: { serverNow: o.serverNow } as never }),
  }) as Tab & { client: { user: { setTimeoutLimits(p: unknown): Promise<unknown> } } };
  const funnel = recordFunnel(tab.client);
  const ask = () => {
    const p = tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1 });
    p.catch(() => {});
    return p;
  };
  return { tab, funnel, calls, ask };
}

const reads = (events: FunnelEvent[]) => events.filter((e): e is Read => e.type === 'rg.restrictionsRead');

describe('funnel: the restrictions held while a change waits (REVIEW-Z Z-4)', () => {
  it('(a) a call that never answers holds a reading no longer than the bound', async () => {
    const { tab, funnel, ask } = tabWithCalls();
    // The login's first read answers 2 s after it is sent: after the change is asked.
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 2 * S, times: 1 });
    await logIn(world, tab);
    const askedAt = world.now();
    ask();
    await world.advance(3 * S, 100);
    expect(reads(funnel)).toEqual([]);
    await world.advance(HOLD_MS, 100);
    // Told by the bound, with the time it was read (not of its release).
    const [read] = reads(funnel);
    expect(read).toBeDefined();
    expect(read!.at).toBeGreaterThanOrEqual(askedAt);
    expect(read!.at).toBeLessThan(askedAt + 4 * S);
  });

  it('(a) a reading held until the answer is told with the time it was read', async () => {
    const { tab, funnel, calls, ask } = tabWithCalls();
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 2 * S, times: 1 });
    await logIn(world, tab);
    const askedAt = world.now();
    ask();
    await world.advance(20 * S, 100);
    expect(reads(funnel)).toEqual([]);
    calls[0]!.resolve();
    await world.advance(100);
    const types = funnel.map((e) => e.type).filter((t) => t.startsWith('rg.'));
    expect(types).toEqual(['rg.changeRequested', 'rg.changeAccepted', 'rg.restrictionsRead']);
    expect(reads(funnel)[0]!.at).toBeLessThan(askedAt + 4 * S);
  });

  it('(b) an answer whose own event throws (the app clock) still ends its hold', async () => {
    let boom = false;
    const { tab, funnel, calls, ask } = tabWithCalls({
      serverNow: () => {
        if (boom) throw new Error('app clock');
        return world.now();
      },
    });
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 3 * S, times: 1 });
    await logIn(world, tab);
    const call = ask();
    await world.advance(1 * S, 100);
    boom = true;
    calls[0]!.resolve();
    await call.catch(() => {});
    boom = false;
    // The login's first read answers now: told, not held for the rest of the login.
    await world.advance(5 * S, 100);
    expect(reads(funnel).length).toBeGreaterThan(0);
  });

  it('(c) an answer of a login that ended does not release the next login\u2019s hold', async () => {
    const { tab, funnel, calls, ask } = tabWithCalls();
    await logIn(world, tab);
    await world.advance(2 * S);
    ask(); // login 1's, never answered before the login ends
    tab.client.logout();
    await world.advance(1 * S);
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 2 * S, times: 1 });
    await logIn(world, tab);
    const from = funnel.length;
    ask(); // login 2's
    await world.advance(1 * S, 100);
    calls[0]!.resolve(); // login 1's answer, late
    await world.advance(3 * S, 100);
    calls[1]!.resolve();
    await world.advance(1 * S, 100);
    const types = funnel
      .slice(from)
      .map((e) => e.type)
      .filter((t) => t.startsWith('rg.'));
    // Login 2's first reading follows the answer of the change asked before it was read.
    const second = types.lastIndexOf('rg.changeAccepted');
    expect(types.indexOf('rg.restrictionsRead')).toBeGreaterThan(second);
  });
});
