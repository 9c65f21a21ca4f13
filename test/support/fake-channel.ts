// A fake BroadcastChannel hub for tabs of one simulated origin.

import { createCrossTab } from '../../machines/cross-tab';
import type { BroadcastChannelLike } from '../../machines/environment';

/** Messages posted within one turn of the event loop beyond which the tabs are in a storm. */
const STORM = 5_000;
// Taken at import: a test's fake timers must not stop the turn from ending.
const nextTurn = globalThis.setImmediate;
let storm: string | null = null;

/**
 * A storm seen since the last call, and cleared: tabs that answer each other's messages without
 * end (a ping-pong on microtasks starves the event loop, so no timer or test timeout ever fires and
 * the worker runs out of memory). `World.settle` throws it.
 */
export function takeStorm(): string | null {
  const seen = storm;
  storm = null;
  return seen;
}

/**
 * Delivers each message to every other open channel on a later microtask, like a browser. More
 * than `STORM` messages within one turn of the event loop are a storm: the hub stops delivering
 * and `takeStorm` says what was sent last.
 *
 * @example
 * const hub = new FakeChannelHub();
 * const a = hub.channel();
 * const b = hub.channel();
 * a.postMessage({ type: 'hello' }); // b's listeners get it on a microtask
 */
export class FakeChannelHub {
  readonly open = new Set<FakeChannel>();
  readonly sent: unknown[] = [];
  /** While set, messages queue here instead of being delivered (a frozen or slow tab). */
  held: Array<() => void> | null = null;
  private burst = 0;

  /** Counts a message posted; false in a storm (it is dropped, and the storm recorded). */
  admit(data: unknown): boolean {
    if (this.burst === 0) nextTurn(() => (this.burst = 0));
    if (++this.burst <= STORM) return true;
    storm ??=
      `a storm: ${STORM} channel messages in one turn, the last: ${JSON.stringify([...this.sent.slice(-3), data])}`.slice(
        0,
        4000,
      );
    return false;
  }

  channel(): FakeChannel {
    const channel = new FakeChannel(this);
    this.open.add(channel);
    return channel;
  }

  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const queued = this.held ?? [];
    this.held = null;
    for (const deliver of queued) deliver();
  }
}

/** One tab's end of a {@link FakeChannelHub}. */
export class FakeChannel implements BroadcastChannelLike {
  private listeners = new Set<(event: { data: unknown }) => void>();
  constructor(private hub: FakeChannelHub) {}

  postMessage(message: unknown): void {
    const data = structuredClone(message);
    if (!this.hub.admit(data)) return;
    this.hub.sent.push(data);
    for (const other of this.hub.open) {
      if (other === this) continue;
      const deliver = () => queueMicrotask(() => other.deliver(data));
      if (this.hub.held) this.hub.held.push(deliver);
      else deliver();
    }
  }

  deliver(data: unknown): void {
    for (const listener of [...this.listeners]) listener({ data });
  }

  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.listeners.delete(listener);
  }

  close(): void {
    this.hub.open.delete(this);
    this.listeners.clear();
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

/**
 * A tabs channel of one tab on `hub`, on real timers and the real clock, its random draws 0 (the
 * session tests' tab).
 *
 * @example
 * const a = crossTabOn(hub, 'A');
 */
export const crossTabOn = (hub: FakeChannelHub, tabId: string) =>
  createCrossTab(hub.channel(), {
    tabId,
    random: () => 0,
    timers: { setTimeout, clearTimeout } as never,
    now: Date.now,
  });
