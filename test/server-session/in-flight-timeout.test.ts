import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { free, NOON, S, seedOf, startSeeded } from './seeded-client';

// REVIEW-25 R25-7 (second half): another tab's change in flight barred here for 45 s at most
// whatever the client's `timeout`, and a tab told 15 s + 30 s at most to a tab that asked. With
// `timeout: 60_000` a pause sent may still apply 60 s after its send: the bar now lasts the
// request's timeout and the 30 s margin (90 s), and is told as such; never longer (a forged `ms`
// bars no longer than the sender could).

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const seed = seedOf({ readAt: NOON });
const answer = (path: string) =>
  path.endsWith('/session')
    ? { status: 200, body: seed }
    : path.includes('/auth/user-profile')
      ? { status: 200, body: { user: seed.user, userInfo: answeredUserInfo() } }
      : ('hang' as const);

async function world(timeout?: number) {
  const hub = new FakeChannelHub();
  const other = hub.channel();
  const told: Array<{ ms?: number; id?: string }> = [];
  other.addEventListener('message', (e: { data: unknown }) => {
    const m = e.data as { type?: string; ms?: number; id?: string };
    if (m.type === 'inflight') told.push(m);
  });
  const s = startSeeded(seed, { at: NOON, channel: hub.channel(), answer, timeout });
  clients.push(s.client);
  const step = async (ms: number) => {
    for (let done = 0; done < ms; done += S) {
      s.advance(S);
      await turns(3);
    }
  };
  await turns(10);
  await step(S);
  expect(free(s.client.view)).toBe(true);
  return { ...s, other, told, step };
}

const inflight = (m: Record<string, unknown> = {}) =>
  forged({ type: 'inflight', loginId: 'login-1', kind: 'pause', id: 'p1', settled: false, ...m });

describe('server-session: a change in flight heard bars for the client timeout and the margin', () => {
  it('timeout 60 s: still barred 85 s after, free past 90 s', async () => {
    const w = await world(60_000);
    w.other.postMessage(inflight());
    await turns(10);
    expect(free(w.client.view)).toBe(false);
    await w.step(85 * S);
    expect(free(w.client.view)).toBe(false);
    await w.step(6 * S);
    expect(free(w.client.view)).toBe(true);
  });

  it('timeout 60 s: a tab that asks 10 s after is told the rest (80 s), never more than 90 s', async () => {
    const w = await world(60_000);
    w.other.postMessage(inflight());
    w.other.postMessage(inflight({ id: 'p2', from: 'forged-2', ms: 10 * 60 * S }));
    await turns(10);
    await w.step(10 * S);
    w.other.postMessage(forged({ type: 'ask', from: 'tab-c' }));
    await turns(10);
    const ms = Object.fromEntries(w.told.map((m) => [m.id, m.ms]));
    expect(ms.p1).toBeGreaterThanOrEqual(79 * S);
    expect(ms.p1).toBeLessThanOrEqual(80 * S);
    expect(ms.p2).toBeLessThanOrEqual(80 * S);
  });

  it('the default timeout (15 s): 45 s as before', async () => {
    const w = await world();
    w.other.postMessage(inflight());
    await turns(10);
    await w.step(40 * S);
    expect(free(w.client.view)).toBe(false);
    await w.step(6 * S);
    expect(free(w.client.view)).toBe(true);
  });
});
