import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { logIn, MIN, S, useWorld } from '../support/world';

// Review X (seeds 5017, 5110, 5279): without `localStorage` (site data blocked; Node has none) the
// play clock is a copy per tab, and a tab opened later counted the day's play time only from its
// own opening: the `timeLimit` seed account (1 minute a day), over its limit in one tab, was shown
// free to bet in a new one. The tabs now tell each other their play clocks (a sync answer carries
// it, and each beat is told), and each takes the larger count of every period.

const world = useWorld();

describe('play time across tabs without localStorage', () => {
  it('a tab opened later counts the time the other tab counted: barred at once', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a, 'timeLimit');
    await world.advance(3 * MIN, S);
    expect(a.client.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    // Every second from its opening: never free to bet.
    for (let i = 0; i < 10; i++) {
      await world.advance(S, S);
      expect(b.client.view.restrictions?.canBet).not.toBe(true);
    }
    expect(b.state()).toBe('signedIn');
    expect(b.client.view.playTime?.usedMs).toBeGreaterThanOrEqual(3 * MIN - 15 * S);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
  });

  it('a tab that missed the sync answer takes the other tab’s count from its next beat', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a, 'timeLimit');
    await world.advance(3 * MIN, S);
    // Tab b opens while the channel drops what tab a says (its sync answer is lost), and takes the
    // session from the store they share.
    const b = world.open({ tabId: 'tab-b', random: 0.6, storage: a.client.tokens });
    world.hub.hold();
    await world.advance(2 * S, S);
    world.hub.held = null;
    await world.advance(20 * S, S);
    expect(b.state()).toBe('signedIn');
    expect(b.client.view.playTime?.usedMs).toBeGreaterThanOrEqual(3 * MIN);
    expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
  });

  it('a malformed play clock in a sync answer is ignored, the session still taken', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a, 'timeLimit');
    // Every session message tab a sends carries garbage for a play clock.
    const post = a.channel!.postMessage.bind(a.channel);
    a.channel!.postMessage = (m: unknown) =>
      post((m as { type?: string }).type === 'session' ? { ...(m as object), play: { usedMs: 'x' } } : m);
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await world.advance(3 * S, S);
    expect(b.state()).toBe('signedIn');
  });

  it('the schema takes a play clock as data; a malformed one is refused, never half-read', () => {
    const env = { app: 'pam-client', v: 1, from: 'tab-a' };
    const play = { periodKey: 'daily:2030-01-01', usedMs: 90_000, lastBeat: 1 };
    expect(parseMessage({ ...env, type: 'play', play, userId: 8 })).toEqual({
      type: 'play',
      from: 'tab-a',
      play,
      userId: 8,
    });
    for (const bad of [
      { play: 'x', userId: 8 },
      { play, userId: 'x' },
      { play: JSON.parse('{"__proto__":1}'), userId: 8 },
    ])
      expect(parseMessage({ ...env, type: 'play', ...bad })).toEqual({ refused: 'bad play' });
  });
});
