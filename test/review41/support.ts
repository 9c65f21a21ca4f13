// Review 41 support: a channel hub whose links (tab i -> tab j, by the order the channels were
// opened) can each be closed and opened again; a closed link queues its messages, in order (one
// sender's messages reach one tab in order, senders interleave freely, as in a browser). And a
// forger's end of the channel (anything the schema accepts, posted as another tab would).

import type { StoredSession, TokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import type { SessionContext } from '../../machines/session/types';
import { type FakeChannel, FakeChannelHub } from '../support/fake-channel';
import type { Tab } from '../support/world';

export class GateHub extends FakeChannelHub {
  readonly channels: FakeChannel[] = [];
  private readonly closed = new Set<string>();
  private readonly queued = new Map<string, Array<() => void>>();

  override channel(): FakeChannel {
    const ch = super.channel();
    const from = this.channels.push(ch) - 1;
    ch.postMessage = (message: unknown) => {
      const data = structuredClone(message);
      if (!this.admit(data)) return;
      this.sent.push(data);
      this.channels.forEach((other, to) => {
        if (other === ch || !this.open.has(other)) return;
        const key = `${from}>${to}`;
        const deliver = () => queueMicrotask(() => this.open.has(other) && other.deliver(data));
        if (this.closed.has(key)) this.queued.set(key, [...(this.queued.get(key) ?? []), deliver]);
        else deliver();
      });
    };
    return ch;
  }

  /** Closes the links `from -> to` (a list of [from, to]). */
  cut(...links: Array<[number, number]>): void {
    for (const [f, t] of links) this.closed.add(`${f}>${t}`);
  }

  /** Opens the links again, delivering what they queued (in order). */
  heal(...links: Array<[number, number]>): void {
    for (const [f, t] of links) {
      const key = `${f}>${t}`;
      this.closed.delete(key);
      const q = this.queued.get(key) ?? [];
      this.queued.delete(key);
      for (const d of q) d();
    }
  }

  /** Every link into and out of tab `i` closed. */
  isolate(i: number, n = 8): void {
    for (let j = 0; j < n; j++) if (j !== i) this.cut([i, j], [j, i]);
  }
}

/** A forger's end of the channel: posts `message` (with the app's envelope) to every tab. */
export const forge = (hub: FakeChannelHub, message: Record<string, unknown>) =>
  hub.channel().postMessage({ app: 'pam-client', v: 1, from: 'tab-zz-forger', ...message });

export const ctx = (t: Tab) => sessionActorOf(t.client).getSnapshot().context as unknown as SessionContext;

export const look = (t: Tab) => {
  const c = ctx(t);
  return { status: t.client.view.status, sid: c.sid, seq: c.seq, signedOut: c.signedOut, clock: c.clock };
};

/** A store that answers every call on a later turn of the event loop, in the order made. */
export function laterStore(): TokenStore {
  let value: StoredSession | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const op = <T>(f: () => T): Promise<T> => {
    const p = chain.then(() => new Promise<void>((r) => setImmediate(r))).then(f);
    chain = p.catch(() => {});
    return p;
  };
  return {
    get: () => op(() => (value ? structuredClone(value) : null)),
    set: (s) =>
      op(() => {
        value = structuredClone(s);
      }),
    clear: () =>
      op(() => {
        value = null;
      }),
  };
}
