// The chaos suite's fake world: one simulated clock for every timer, a wall clock that can jump
// without timers firing (a laptop lid), fake page signals and a fake BroadcastChannel hub. HTTP
// stays real, against the reference server; the test waits for it on the event loop, never on
// the clock.

import type { StoredSession, TokenStore } from 'pam-client';
import { createClock, sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import type { ReferenceServer, ReferenceServerOptions } from 'pam-client/testing';
import { afterEach, beforeEach, expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import { bufferedResponse } from './buffered-response';
import { turns } from './event-loop';
import { type FakeChannel, FakeChannelHub, takeStorm } from './fake-channel';
import { FakePage } from './fake-page';
import { type ServerFixture, useReferenceServer } from './server';

export const S = 1000;
export const MIN = 60 * S;
export const H = 60 * MIN;
/** A realistic start: the reference server's tokens and reports read this clock. */
export const T0 = Date.UTC(2030, 0, 1);

/** A tab: a client on the world's clock, page and channel hub. */
export interface Tab {
  client: PamClient;
  page: FakePage;
  channel: FakeChannel | null;
  state(): string;
  token(): Promise<string | null>;
  events: string[];
}

/** What {@link World.open} takes: the client's options, plus the tab's jitter and id. */
export type TabOptions = {
  random?: number;
  tabId?: string;
  /** `false`: a tab with no channel. */
  channel?: boolean;
  storage?: TokenStore;
  /**
   * The device's own clock (`createClock` over the world's wall clock and a monotonic clock that
   * runs with the timers): a {@link World.jump} is then a sleep as a browser sees it (the wall and
   * the server's clocks moved, the monotonic clock and the timers did not). Default: the world's
   * wall clock as the app's own base (`environment.now`: no jump detection).
   */
  deviceClock?: boolean;
} & Partial<PamClientOptions>;

/** Which answers {@link World.delayAnswers} holds, and for how long (simulated ms). */
export interface DelaySpec {
  method?: string;
  path: string | RegExp;
  ms: number;
  /** Default: every matching request. */
  times?: number;
}

/**
 * Simulated time for a test file: `advance` moves timers and the wall clock, `jump` only the wall
 * clock. Made once per file by {@link useWorld}, renewed before each test; the tabs it opened are
 * stopped after each test.
 *
 * @example
 * const world = useWorld();
 * it('…', async () => {
 *   const tab = world.open();
 *   await logIn(world, tab);
 *   await world.advance(6 * H, MIN);
 * });
 */
export class World {
  clock = new SimulatedClock();
  hub = new FakeChannelHub();
  /** Tabs opened with {@link World.open} (or pushed here): stopped after each test. */
  readonly tabs: Tab[] = [];
  private offset = T0;
  private readonly pending = new Set<Promise<unknown>>();
  private delays: DelaySpec[] = [];

  constructor(private readonly fixture: ServerFixture) {}

  get server(): ReferenceServer {
    return this.fixture.server;
  }

  /** A fresh clock, channel hub and wall clock (before each test). */
  renew(): void {
    this.clock = new SimulatedClock();
    this.hub = new FakeChannelHub();
    this.offset = T0;
    this.pending.clear();
    this.delays = [];
  }

  /** Stops every tab this test opened. */
  closeAll(): void {
    for (const tab of this.tabs.splice(0)) tab.client.stop();
  }

  now = (): number => this.clock.now() + this.offset;

  jump(ms: number): void {
    this.offset += ms;
  }

  /**
   * `fn()`'s value after `ms` of simulated time (a slow store, a slow app callback).
   *
   * @example
   * const slowStore = { get: () => world.later(20, () => held), … };
   */
  later<T>(ms: number, fn: () => T): Promise<T> {
    return new Promise((resolve) => this.clock.setTimeout(() => resolve(fn()), ms));
  }

  /** Requests in flight. */
  get inflight(): number {
    return this.pending.size;
  }

  /** Pending simulated timers (XState delays, claim jitter). */
  get timers(): number {
    return (this.clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size;
  }

  /**
   * Holds the answers to matching requests for `ms` of simulated time: the request reaches the
   * server at once (it is recorded and handled), the client sees the answer when the world's
   * clock has moved `ms` (a slow network on the test's time line, not a real wait). An abort of
   * the request while its answer is held rejects it, as `fetch` does.
   *
   * @example
   * world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 300, times: 1 });
   */
  delayAnswers(spec: DelaySpec): void {
    this.delays.push({ times: Number.POSITIVE_INFINITY, ...spec });
  }

  /**
   * The server never answers matching requests (a `hang` fault) and never handles them; `settle`
   * does not wait for them (only an abort, e.g. `client.stop()` or the adapter's timeout, ends them).
   *
   * @example
   * world.hangAnswers({ method: 'POST', path: '/users/refresh-token', times: 1 });
   */
  hangAnswers(spec: Omit<DelaySpec, 'ms'>): void {
    this.server.faults.add({ ...spec, hang: true });
    this.delays.push({ times: Number.POSITIVE_INFINITY, ...spec, ms: Number.POSITIVE_INFINITY });
  }

  private takeDelay(method: string, path: string): number | null {
    for (let i = this.delays.length - 1; i >= 0; i--) {
      const d = this.delays[i]!;
      if (d.method && d.method !== method) continue;
      if (typeof d.path === 'string' ? d.path !== path : !d.path.test(path)) continue;
      d.times = (d.times ?? 1) - 1;
      if (d.times <= 0) this.delays.splice(i, 1);
      return d.ms;
    }
    return null;
  }

  /** Tracks requests in flight, so `settle` knows when real I/O is done; applies `delayAnswers`. */
  fetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const delay = this.takeDelay(method, new URL(url).pathname);
    if (delay === Number.POSITIVE_INFINITY) return globalThis.fetch(input, init); // hangs, untracked
    // The real I/O: the request and its whole body, so `settle` never returns with a body still
    // on its way (under load that took more than a few turns of the event loop).
    const io = globalThis.fetch(input, init).then(bufferedResponse);
    const tracked: Promise<unknown> = io.then(
      () => this.pending.delete(tracked),
      () => this.pending.delete(tracked),
    );
    this.pending.add(tracked);
    if (delay === null) return io;
    return io.then(
      (response) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init?.signal;
          const onAbort = () => {
            this.clock.clearTimeout(timer);
            reject(signal?.reason ?? new DOMException('This operation was aborted', 'AbortError'));
          };
          const timer = this.clock.setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve(response);
          }, delay);
          if (signal?.aborted) onAbort();
          else signal?.addEventListener('abort', onAbort, { once: true });
        }),
    );
  };

  /**
   * Lets real I/O, microtasks and channel messages run until nothing moves for a few turns: waits
   * on the requests themselves, never on a timer.
   */
  async settle(): Promise<void> {
    const before = takeStorm();
    if (before) throw new Error(before);
    let quiet = 0;
    while (quiet < 5) {
      if (this.pending.size > 0) {
        await Promise.race(this.pending);
        quiet = 0;
      }
      // The body is read after the fetch settles: quiet turns let that (and what follows) finish.
      await turns(1);
      quiet = this.pending.size === 0 ? quiet + 1 : 0;
    }
    const stormed = takeStorm();
    if (stormed) throw new Error(stormed);
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

  /** Opens a tab ({@link openTab}) that is stopped after the test. */
  open(o: TabOptions = {}): Tab {
    const tab = openTab(this, o);
    this.tabs.push(tab);
    return tab;
  }
}

/**
 * The file's world: a reference server on the world's clock (`options` for the rest), a fresh
 * world before each test, its tabs stopped after it.
 *
 * @example
 * const world = useWorld({ tokenTtlSeconds: 6.5 * 3600 });
 */
export function useWorld(options: Omit<ReferenceServerOptions, 'now'> = {}): World {
  let world: World | undefined;
  const fixture = useReferenceServer({ ...options, now: () => (world ? world.now() : T0) });
  world = new World(fixture);
  const current = world;
  beforeEach(() => current.renew());
  afterEach(() => {
    current.closeAll();
    expect(takeStorm()).toBeNull();
  });
  return current;
}

/** A tab: a client on the world's clock, page and channel hub (`channel: false` for none). */
export function openTab(world: World, o: TabOptions = {}): Tab {
  const page = new FakePage();
  const channel = o.channel === false ? null : world.hub.channel();
  const { random, tabId, channel: _c, deviceClock, ...options } = o;
  const client = createPamClient({
    baseURL: world.server.url,
    // The adapter's timeout runs on real time (its own timer, not the world's clock): generous,
    // so a request on a loaded machine is never cut short; a test of a timeout sets its own
    // (and fakes setTimeout first).
    timeout: 10_000,
    fetch: world.fetch,
    ...options,
    environment: {
      now: world.now,
      ...(deviceClock && { clock: createClock({ wall: world.now, monotonic: () => world.clock.now() }) }),
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
    state: () => String(sessionActorOf(client).getSnapshot().value),
    token: async () => (await client.tokens.get())?.accessToken ?? null,
  };
}

/** Signs `tab` in as a seed account (the plain one unless named) and waits until the session says so. */
export async function logIn(
  world: World,
  tab: Tab,
  account: keyof ReferenceServer['seed'] = 'plain',
): Promise<void> {
  const { email, password } = world.server.seed[account];
  await world.settle();
  tab.client.login({ login: email, password });
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
  if (tab.state() !== 'signedIn') throw new Error(`login did not finish: ${tab.state()}`);
}

/**
 * Two tabs of one login, both free to bet: `tab-a` (random 0.3, and `a`'s options) signs in,
 * `tab-b` (random 0.6) takes the session from it; checked current with `canBet` in both.
 *
 * @example
 * const [a, b] = await twoFreeTabs(world, { retry: 0 });
 */
export async function twoFreeTabs(world: World, a: TabOptions = {}): Promise<[Tab, Tab]> {
  const tabA = world.open({ tabId: 'tab-a', random: 0.3, ...a });
  const tabB = world.open({ tabId: 'tab-b', random: 0.6 });
  await logIn(world, tabA);
  await world.advance(2 * S);
  for (const t of [tabA, tabB])
    expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  return [tabA, tabB];
}

/**
 * A stored session as a tab that logged in at `savedAt` would keep it.
 *
 * @example
 * await store.set(storedSession(token, world.now()));
 */
export function storedSession(token: string, savedAt: number, ttlMs: number | null = 8 * H): StoredSession {
  return {
    accessToken: token,
    tokenType: 'Bearer',
    expiresAt: ttlMs === null ? null : savedAt + ttlMs,
    savedAt,
  };
}
