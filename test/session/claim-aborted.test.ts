import { describe, expect, it } from 'vitest';
import { createCrossTab } from '../../machines/cross-tab';
import { claimOrGiveWay, type GuardedRefreshOptions } from '../../machines/session/refresh';
import { FakeChannelHub } from '../support/fake-channel';
import { manualTimers } from '../support/manual-timers';

// A claim whose refresh call was stopped already (its actor's signal aborted, e.g. while the claim
// waited) gives way at once: it never waits out `waitMs` on an abort listener added after the abort
// (which never fires), holding a channel subscription and a timer for a stopped actor.

describe('a claim of a stopped refresh call', () => {
  it('gives way at once, aborted, with nothing left waiting', async () => {
    const t = { now: 0 };
    const { timers, pending } = manualTimers(t);
    const crossTab = createCrossTab(new FakeChannelHub().channel(), {
      tabId: 'tab-b',
      random: () => 0.6,
      timers,
      now: () => t.now,
    });
    const stopped = new AbortController();
    stopped.abort();
    const o = {
      crossTab,
      timers,
      waitMs: 60_000,
      owner: { userId: 1, sid: 1 },
    } as unknown as GuardedRefreshOptions;
    let outcome: unknown = 'pending';
    claimOrGiveWay(o, stopped.signal).then(
      () => (outcome = 'sent'),
      (error: { code?: string }) => (outcome = error.code),
    );
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(outcome).toBe('aborted');
    expect(pending.size).toBe(0);
  });

  it('aborted in the turn its jitter ended (timers firing late together): posts no claim', async () => {
    const t = { now: 0 };
    const { timers, advance } = manualTimers(t);
    const hub = new FakeChannelHub();
    const crossTab = createCrossTab(hub.channel(), {
      tabId: 'tab-b',
      random: () => 0.6,
      timers,
      now: () => t.now,
    });
    const stopped = new AbortController();
    const outcome = crossTab.claimRefresh(stopped.signal);
    // The jitter's timer and the one that stops the call fire in one turn, before the claim goes on.
    advance(60_000);
    stopped.abort();
    expect(await outcome).toBe('yield');
    expect(hub.sent).toEqual([]);
  });
});
