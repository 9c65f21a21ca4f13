// The chaos suite's fake world: one simulated clock for every timer, a wall clock that can jump
// without timers firing (a laptop lid), fake page signals, and a fake BroadcastChannel hub. HTTP
// stays real, against the reference server.

import type { StoredSession, TokenStore } from 'pam-client';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import type { ReferenceServer } from 'pam-client/testing';
import { SimulatedClock } from 'xstate';
import type { BroadcastChannelLike, PamEnvironment } from '../../machines/environment';

export const S = 1000;
export const MIN = 60 * S;
export const H = 60 * MIN;
/** A realistic start: the reference server's tokens and reports read this clock. */
export const T0 = Date.UTC(2030, 0, 1);

/** Delivers each message to every other open channel on a later microtask, like a browser. */
export class FakeChannelHub {
  readonly open = new Set<FakeChannel>();
  readonly sent: unknown[] = [];
  /** While set, messages queue here instead of being delivered (a frozen or slow tab). */
  held: Array<() => void> | null = null;

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

export class FakeChannel implements BroadcastChannelLike {
  private listeners = new Set<(event: { data: unknown }) => void>();
  constructor(private hub: FakeChannelHub) {}

  postMessage(message: unknown): void {
    const data = structuredClone(message);
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

/** A page: visibility, focus and network that a test flips, with the listeners the client added. */
export class FakePage {
  hidden = false;
  online = true;
  private visibility = new Set<(hidden: boolean) => void>();
  private focus = new Set<() => void>();
  private network = new Set<(online: boolean) => void>();

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const fn of [...this.visibility]) fn(hidden);
  }

  setOnline(online: boolean): void {
    this.online = online;
    for (const fn of [...this.network]) fn(online);
  }

  fireFocus(): void {
    for (const fn of [...this.focus]) fn();
  }

  get listenerCount(): number {
    return this.visibility.size + this.focus.size + this.network.size;
  }

  signals(): Pick<PamEnvironment, 'visibility' | 'focus' | 'online'> {
    const sub =
      <T extends unknown[]>(set: Set<(...args: T) => void>) =>
      (fn: (...args: T) => void) => {
        set.add(fn);
        return () => set.delete(fn);
      };
    return {
      visibility: { isHidden: () => this.hidden, onChange: sub(this.visibility) },
      focus: { onFocus: sub(this.focus) },
      online: { isOnline: () => this.online, onChange: sub(this.network) },
    };
  }
}

/** Simulated time: `advance` moves timers and the wall clock; `jump` moves only the wall clock. */
export class World {
  readonly clock = new SimulatedClock();
  readonly hub = new FakeChannelHub();
  private offset = T0;
  inflight = 0;

  constructor(readonly server: ReferenceServer) {}

  now = (): number => this.clock.now() + this.offset;

  jump(ms: number): void {
    this.offset += ms;
  }

  /** Pending simulated timers (XState delays, claim jitter). */
  get timers(): number {
    return (this.clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size;
  }

  /** Counts requests in flight, so `settle` knows when real I/O is done. */
  fetch: typeof fetch = (input, init) => {
    this.inflight += 1;
    return globalThis.fetch(input, init).finally(() => {
      // The body is read after this; `settle` gives it a few more turns.
      this.inflight -= 1;
    });
  };

  /** Lets real I/O, microtasks and channel messages run until nothing moves for a few turns. */
  async settle(maxMs = 5000): Promise<void> {
    const until = Date.now() + maxMs;
    let quiet = 0;
    while (quiet < 5 && Date.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
      quiet = this.inflight === 0 ? quiet + 1 : 0;
      if (this.inflight > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Moves simulated time forward in steps, letting real I/O finish after each step. */
  async advance(ms: number, step = 50): Promise<void> {
    for (let left = ms; left > 0; left -= step) {
      this.clock.increment(Math.min(step, left));
      await this.settle();
    }
  }

  /** Awaits `promise` while simulated time runs (a call that waits on a claim jitter or a backoff). */
  async during<T>(promise: Promise<T>, step = 50): Promise<T> {
    let done = false;
    const settled = promise.finally(() => {
      done = true;
    });
    settled.catch(() => {});
    for (let i = 0; i < 10_000 && !done; i++) {
      this.clock.increment(step);
      await this.settle();
    }
    return settled;
  }

  count(method: string, path: string | RegExp): number {
    return this.server.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    ).length;
  }
}

export interface Tab {
  client: PamClient;
  page: FakePage;
  channel: FakeChannel | null;
  state(): string;
  token(): Promise<string | null>;
  events: string[];
}

/** A tab: a client on the world's clock, page and channel hub (`channel: false` for none). */
export function openTab(
  world: World,
  o: {
    random?: number;
    tabId?: string;
    channel?: boolean;
    storage?: TokenStore;
  } & Partial<PamClientOptions> = {},
): Tab {
  const page = new FakePage();
  const channel = o.channel === false ? null : world.hub.channel();
  const { random, tabId, channel: _c, ...options } = o;
  const client = createPamClient({
    baseURL: world.server.url,
    timeout: 2000,
    fetch: world.fetch,
    ...options,
    environment: {
      now: world.now,
      random: () => random ?? 0.5,
      timers: world.clock,
      channel,
      tabId: tabId ?? `tab-${Math.random().toString(36).slice(2, 8)}`,
      ...page.signals(),
      ...options.environment,
    },
  });
  const events: string[] = [];
  for (const type of [
    'signedIn',
    'signedOut',
    'tokenRefreshed',
    'sessionExpired',
    'refreshFailed',
  ] as const) {
    client.on(type, () => events.push(type));
  }
  return {
    client,
    page,
    channel,
    events,
    state: () => String(client.session.getSnapshot().value),
    token: async () => (await client.tokens.get())?.accessToken ?? null,
  };
}

export async function logIn(world: World, tab: Tab): Promise<void> {
  const { email, password } = world.server.seed.plain;
  await world.settle();
  tab.client.login({ login: email, password });
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
  if (tab.state() !== 'signedIn') throw new Error(`login did not finish: ${tab.state()}`);
}

/** A stored session as a tab that logged in at `savedAt` would keep it. */
export function storedSession(token: string, savedAt: number, ttlMs: number | null = 8 * H): StoredSession {
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expiresAt: ttlMs === null ? null : savedAt + ttlMs,
    savedAt,
  };
}

/** A Web Storage stand-in; several tabs given the same one share it like `localStorage`. */
export function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}
