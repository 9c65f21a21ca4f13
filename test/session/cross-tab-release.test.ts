import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCrossTab } from '../../machines/cross-tab';
import type { BroadcastChannelLike } from '../../machines/environment';

// A tab that holds the refresh claim and goes away (the page leaves or freezes, or the tab closes)
// tells the others at once, once: they need not wait out the claim's life.

function setUp() {
  const posted: Record<string, unknown>[] = [];
  const channel: BroadcastChannelLike = {
    postMessage: (m) => posted.push(m as Record<string, unknown>),
    addEventListener: () => {},
    removeEventListener: () => {},
    close: () => {},
  };
  const leave = new Set<() => void>();
  const tab = createCrossTab(channel, {
    tabId: 'tab-a',
    random: () => 0,
    now: () => Date.now(),
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
    lifecycle: {
      onLeave: (fn) => {
        leave.add(fn);
        return () => leave.delete(fn);
      },
    },
  });
  const released = () => posted.filter((m) => m.type === 'refreshFailed');
  const claim = async () => {
    const outcome = tab.claimRefresh(new AbortController().signal);
    await vi.advanceTimersByTimeAsync(200);
    return outcome;
  };
  return { tab, leave, released, claim, posted };
}

describe('cross-tab: a claim held is released when the tab goes away', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the page leaving while holding the claim tells the others once', async () => {
    const { leave, released, claim } = setUp();
    expect(await claim()).toBe('go');
    expect(released()).toEqual([]);
    for (const fn of [...leave]) fn();
    expect(released()).toEqual([
      { app: 'pam-client', v: 1, from: 'tab-a', type: 'refreshFailed', expired: false },
    ]);
    for (const fn of [...leave]) fn();
    expect(released()).toHaveLength(1);
  });

  it('the page leaving without a claim says nothing', () => {
    const { leave, posted } = setUp();
    for (const fn of [...leave]) fn();
    expect(posted).toEqual([]);
  });

  it('closing while holding the claim tells the others once, and stops listening to the page', async () => {
    const { tab, leave, released, claim } = setUp();
    expect(await claim()).toBe('go');
    tab.close();
    expect(released()).toHaveLength(1);
    expect(leave.size).toBe(0);
    tab.close();
    expect(released()).toHaveLength(1);
  });

  it('closing without a claim says nothing', () => {
    const { tab, posted } = setUp();
    tab.close();
    expect(posted).toEqual([]);
  });
});
