import { describe, expect, it } from 'vitest';
import { createLocalStoragePlayClock } from '../../machines/play-time/stores';
import { countingStorage } from '../support/counting-storage';
import { logIn, S, useWorld } from '../support/world';

// REVIEW-AB AB-3 (flood): any same-origin page can post `play` messages on the cross-tab channel.
// Each one heard ran a whole play-clock beat and wrote the store twice (500 messages a second: 1,000
// `localStorage` writes a second); a malformed one (a plain object but no play clock) ran a beat as
// this tab's own, written and told on to every tab. Now a heard play clock is taken in memory, the
// store written at the tab's own beats; a malformed one is nothing.

const world = useWorld();

type Sent = { type?: string; from?: string; play?: Record<string, unknown> };

describe('a flood of play messages', () => {
  it('writes the store at the tab’s own beats only, tells nothing on, and lowers nothing', async () => {
    const storage = countingStorage();
    const a = world.open({
      tabId: 'tab-a',
      random: 0.3,
      playClock: (userId) => createLocalStoragePlayClock(`play:${userId}`, storage),
    });
    await logIn(world, a, 'timeLimit');
    await world.advance(20 * S, S);
    const sent = world.hub.sent as Sent[];
    const own = sent.filter((m) => m.type === 'play' && m.from === 'tab-a').at(-1)!;
    expect(own.play).toBeDefined();
    const used = a.client.view.playTime!.usedMs;
    // Another page: 500 copies of the tab's own play clock, then 100 malformed ones, at once.
    const evil = world.hub.channel();
    const writes = storage.writes;
    const told = sent.length;
    for (let i = 0; i < 500; i++) evil.postMessage({ ...own, from: 'evil' });
    for (let i = 0; i < 100; i++) evil.postMessage({ ...own, from: 'evil', play: { usedMs: 'x' } });
    await world.settle();
    expect(storage.writes - writes).toBe(0);
    expect(sent.slice(told + 600).filter((m) => m.from === 'tab-a')).toEqual([]);
    // Its next own beat (within 15 s) writes once; nothing lowered.
    await world.advance(15 * S, S);
    expect(storage.writes - writes).toBeGreaterThanOrEqual(1);
    expect(storage.writes - writes).toBeLessThanOrEqual(2);
    expect(a.client.view.playTime!.usedMs).toBeGreaterThanOrEqual(used);
    expect(a.state()).toBe('signedIn');
  });
});
