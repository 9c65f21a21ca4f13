// A lagging channel between tabs, link by link: a FakeChannelHub (./fake-channel.ts) whose every
// link (one tab's channel to another's) can be held and let go on its own, as a real
// BroadcastChannel may deliver one sender's messages in its order but interleave senders freely.
// It also records what each tab heard: the highest logout counter delivered to it.

import { type FakeChannel, FakeChannelHub } from './fake-channel';
import type { World } from './world';

/** A hub whose links (by channel index, in the order opened) lag independently. */
export class LinkHub extends FakeChannelHub {
  readonly channels: FakeChannel[] = [];
  /** Queued deliveries per held link `from>to`. */
  readonly links = new Map<string, Array<() => void>>();
  /** Per channel index: the highest `seq` of a logout delivered to it (-1: none). */
  readonly logoutHeard: number[] = [];

  override channel(): FakeChannel {
    const ch = super.channel();
    const from = this.channels.push(ch) - 1;
    this.logoutHeard[from] = -1;
    ch.postMessage = (message: unknown) => {
      const data = structuredClone(message) as { type?: string; reason?: string; seq?: number | null };
      if (!this.admit(data)) return;
      this.sent.push(data);
      this.channels.forEach((other, to) => {
        if (other === ch || !this.open.has(other)) return;
        const deliver = () =>
          queueMicrotask(() => {
            if (data.type === 'signedOut' && data.reason === 'logout' && typeof data.seq === 'number')
              this.logoutHeard[to] = Math.max(this.logoutHeard[to]!, data.seq);
            other.deliver(data);
          });
        const queue = this.links.get(`${from}>${to}`) ?? this.held;
        if (queue) queue.push(deliver);
        else deliver();
      });
    };
    return ch;
  }

  /** Holds the link `from` -> `to` (its messages queue, in order). */
  holdLink(from: number, to: number): void {
    if (!this.links.has(`${from}>${to}`)) this.links.set(`${from}>${to}`, []);
  }

  /** Delivers the first `n` held messages of the link (all: Infinity); `let go`: the link lags no more. */
  deliverLink(from: number, to: number, n = Number.POSITIVE_INFINITY, letGo = false): void {
    const queue = this.links.get(`${from}>${to}`);
    if (!queue) return;
    for (const deliver of queue.splice(0, n)) deliver();
    if (letGo) this.links.delete(`${from}>${to}`);
  }

  /** Every link let go, in the order held (and the hub's own hold). */
  releaseAll(): void {
    for (const key of [...this.links.keys()]) {
      const [from, to] = key.split('>').map(Number) as [number, number];
      this.deliverLink(from, to, Number.POSITIVE_INFINITY, true);
    }
    this.release();
  }
}

/**
 * A run of its own on `world`: its tabs closed, the world renewed (a fresh clock) and its server
 * reset, then a new LinkHub (`make`'s: a subclass of a test's own) as its channel hub (returned)
 * for the tabs the run opens.
 */
export function renewWithLinkHub<H extends LinkHub = LinkHub>(
  world: World,
  make: () => H = () => new LinkHub() as H,
): H {
  world.closeAll();
  world.renew();
  world.server.reset();
  const hub = make();
  world.hub = hub;
  return hub;
}
