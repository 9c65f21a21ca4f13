// The model test's BroadcastChannel hub: delivers on a microtask like a browser, or holds every
// message until the test releases them (in order, senders reversed, or replayed), and lets the
// test post forged messages.

import type { BroadcastChannelLike } from '../../machines/environment';

type Listener = (event: { data: unknown }) => void;

interface Queued {
  from: ModelChannel | null;
  to: ModelChannel;
  data: unknown;
}

/**
 * How held messages are released: in order; the senders' turns reversed (each sender's own
 * messages stay in order: a BroadcastChannel never reorders one sender's messages); or in order
 * and then all again (a replay).
 */
export type Release = 'inOrder' | 'reversed' | 'duplicated';

export class ModelHub {
  readonly open = new Set<ModelChannel>();
  /** Messages held while the hub holds. */
  queue: Queued[] = [];
  holding = false;

  channel(): ModelChannel {
    const channel = new ModelChannel(this);
    this.open.add(channel);
    return channel;
  }

  send(from: ModelChannel | null, message: unknown): void {
    const data = structuredClone(message);
    for (const to of this.open) {
      if (to === from) continue;
      if (this.holding) this.queue.push({ from, to, data });
      else queueMicrotask(() => to.deliver(data));
    }
  }

  /** Releases what is held (to the tabs still open); stops holding. */
  release(how: Release = 'inOrder'): void {
    this.holding = false;
    const ready = this.queue.filter((q) => this.open.has(q.to));
    this.queue = [];
    const out =
      how === 'reversed' ? sendersReversed(ready) : how === 'duplicated' ? [...ready, ...ready] : ready;
    for (const q of out) queueMicrotask(() => q.to.deliver(q.data));
  }

  /** Messages still held. */
  get pending(): number {
    return this.queue.length;
  }
}

/** The senders' turns in reverse order of their first message; each sender's messages in order. */
function sendersReversed(queue: Queued[]): Queued[] {
  const senders = [...new Set(queue.map((q) => q.from))].reverse();
  return senders.flatMap((from) => queue.filter((q) => q.from === from));
}

/** One tab's end of a {@link ModelHub}. */
export class ModelChannel implements BroadcastChannelLike {
  private listeners = new Set<Listener>();
  constructor(private hub: ModelHub) {}

  postMessage(message: unknown): void {
    if (this.hub.open.has(this)) this.hub.send(this, message);
  }

  deliver(data: unknown): void {
    for (const listener of [...this.listeners]) listener({ data });
  }

  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  close(): void {
    this.hub.open.delete(this);
    this.hub.queue = this.hub.queue.filter((q) => q.to !== this);
    this.listeners.clear();
  }
}
