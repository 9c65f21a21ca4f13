// Review 125: a world for LIVENESS and cleanup of the whole `createPamClient` session: two tabs
// (the repo's ModelHub channel, one shared localStorage store), the in-process reference server
// (test/model's stated exception to sockets: vitest's fake timers drive every timer, which
// `vi.getTimerCount()` then counts), and a fault layer that spoils the NEXT call of any path:
// late (after the adapter's timeout), 5xx, 401, a closed socket after the server handled it, a
// hang. Every request sent is logged with its sender and true time.

import { AsyncLocalStorage } from 'node:async_hooks';
import { createWebStorageTokenStore } from 'pam-client';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { createReferenceFetch, SEED_ACCOUNTS } from 'pam-client/testing';
import { vi } from 'vitest';
import { type ModelChannel, ModelHub } from '../model/channel';
import { turns } from '../support/event-loop';
import { FakePage } from '../support/fake-page';
import { memoryStorage } from '../support/memory-storage';

export const S = 1000;
export const MIN = 60 * S;
export const H = 60 * MIN;
export const T0 = Date.UTC(2030, 0, 1, 15);
export const TIMEOUT = 10_000;
export const REFRESH = '/users/refresh-token';
export const LOGOUT = '/auth/logout';

export type Fault = 'late' | 'slow' | '5xx' | '401' | 'drop' | 'hang';

export interface Sent {
  key: number;
  method: string;
  path: string;
  at: number;
  /** The sender had been stopped when it sent. */
  afterStop: boolean;
  /** What it got: an HTTP status, 'net' (no answer) or 'pending'. */
  got: number | 'net' | 'pending';
  /** Its answer, as the client saw it, carried an access token. */
  token?: boolean;
  /** Its signal was already aborted when it was sent (no signal: undefined). */
  aborted?: boolean;
}

export interface LTab {
  index: number;
  key: number;
  client: PamClient;
  page: FakePage;
  channel: ModelChannel;
  stopped: boolean;
  calls: { settled: boolean; label: string }[];
}

/** The world whose work is running (`AsyncLocalStorage`: follows its promises and timers). */
const WORLD = new AsyncLocalStorage<LiveWorld | undefined>();

/** Runs `fn` as work of no world (a test's stand-in for a client an earlier file left running). */
export const outsideWorld = <T>(fn: () => T): T => WORLD.run(undefined, fn);

export class LiveWorld {
  readonly hub = new ModelHub();
  readonly storage = memoryStorage();
  readonly tabs: LTab[] = [];
  readonly sent: Sent[] = [];
  readonly faults: Fault[] = [];
  offline = false;
  /** Timers this world's fault layer holds (a late answer): not the client's. */
  ownTimers = 0;
  /**
   * Timers armed on this world's fake clock by code none of its clients runs: `pam-client/server`'s
   * (no BFF here), left running by an earlier file of the worker (a revoke's detached resend, whose
   * upstream deadline lands on the fake clock): not the clients' (the flake of a CI run, helper 489).
   * And any armed outside this world's own work (`WORLD`, below): a client an earlier file left
   * running (its profile flow's 5-s clock look reads `globalThis.setTimeout` at each look: once this
   * world's fake timers are on, its next look and the reads it starts land on this clock; CI's run
   * of 01845174 counted 4 such, sixty-second pass).
   */
  readonly foreign = new Set<unknown>();
  /** Every other timer armed by `setTimeout` and still pending, with where it was armed (a failure names them). */
  readonly armed = new Map<unknown, string>();
  /** Where the pending timers not foreign were armed: the first frames outside node_modules, one line each. */
  armedAt(): string {
    return [...this.armed.values()]
      .map((stack) =>
        stack
          .split('\n')
          .slice(2)
          .filter((l) => !l.includes('node_modules') && !l.includes('review125/world.ts'))
          .slice(0, 6)
          .map((l) => l.trim())
          .join(' < '),
      )
      .join('\n');
  }
  readonly kit;
  private readonly inflight = new Set<Promise<unknown>>();
  private slept = 0;
  private keys = 0;
  private readonly mono0: number;

  /** The real timers, put back at `dispose` (over the fake ones' wrapper below, which `useRealTimers` leaves). */
  private readonly real = [globalThis.setTimeout, globalThis.clearTimeout] as const;

  constructor() {
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
    const [set, clear] = [globalThis.setTimeout, globalThis.clearTimeout];
    // From here, this test's work (and all it schedules) runs as this world's.
    WORLD.enterWith(this);
    globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      // (Whose: the work that armed it; its callback runs as that work again, so a chain armed
      // outside this world stays outside it through the fake clock, which calls it from here.)
      const whose = WORLD.getStore();
      // (Deep enough to name the client code behind a leftover timer: a failure prints them.)
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 30;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      const foreign = whose !== this || /[\\/]src[\\/]server[\\/]/.test(stack);
      const timer = set(
        (...a: unknown[]) => {
          this.foreign.delete(timer);
          this.armed.delete(timer);
          WORLD.run(whose, () => fn(...a));
        },
        ms,
        ...args,
      );
      if (foreign) this.foreign.add(timer);
      else this.armed.set(timer, stack);
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      this.foreign.delete(timer);
      this.armed.delete(timer);
      clear(timer);
    }) as typeof clearTimeout;
    vi.stubGlobal('localStorage', this.storage);
    this.mono0 = performance.now();
    this.kit = createReferenceFetch({ now: () => this.trueNow() });
  }

  trueNow(): number {
    return T0 + (performance.now() - this.mono0) + this.slept;
  }

  open(index: number): LTab {
    const page = new FakePage();
    const channel = this.hub.channel();
    const key = ++this.keys;
    const tab: LTab = { index, key, page, channel, stopped: false, calls: [], client: undefined as never };
    tab.client = createPamClient({
      baseURL: this.kit.baseURL,
      fetch: (input, init) => this.request(tab, input, init),
      storage: createWebStorageTokenStore({ storage: this.storage }),
      timeout: TIMEOUT,
      environment: { channel, tabId: `tab-${index}`, random: () => 0.5, ...page.signals() },
      onStepUp: async () => null,
    });
    this.tabs[index] = tab;
    return tab;
  }

  stop(tab: LTab): void {
    tab.client.stop();
    tab.stopped = true;
  }

  live(): LTab[] {
    return this.tabs.filter((t) => t && !t.stopped);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    p.finally(() => this.inflight.delete(p)).catch(() => {});
    return p;
  }

  private async request(tab: LTab, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const rec: Sent = {
      key: tab.key,
      method,
      path: url.pathname,
      at: this.trueNow(),
      afterStop: tab.stopped,
      got: 'pending',
    };
    const signal = init?.signal ?? undefined;
    rec.aborted = signal?.aborted;
    this.sent.push(rec);
    try {
      if (this.offline) throw new TypeError('fetch failed: offline');
      const fault = this.faults.shift();
      if (fault === 'hang') return await hang(signal);
      if (fault === '5xx' || fault === '401') {
        rec.got = fault === '401' ? 401 : 503;
        return json(rec.got, { message: fault === '401' ? 'Unauthenticated.' : 'Service unavailable.' });
      }
      const answer = await this.track(this.kit(input, init));
      if (fault === 'drop') throw new TypeError('fetch failed: other side closed');
      if (fault === 'late') await this.later(3 * TIMEOUT, signal);
      if (fault === 'slow') await this.later(3 * S, signal);
      rec.got = answer.status;
      rec.token = answer.ok && (await answer.clone().text()).includes('"access_token"');
      return answer;
    } catch (e) {
      rec.got = 'net';
      throw e;
    } finally {
      if (rec.got === 'pending') rec.got = 'net';
    }
  }

  private later(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ownTimers++;
      const done = () => {
        this.ownTimers--;
        signal?.removeEventListener('abort', onAbort);
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        done();
        reject(signal?.reason);
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async settle(): Promise<void> {
    let quiet = 0;
    for (let i = 0; i < 2000 && quiet < 4; i++) {
      if (this.inflight.size > 0) {
        await Promise.race(this.inflight);
        quiet = 0;
      }
      await turns(1);
      quiet = this.inflight.size === 0 ? quiet + 1 : 0;
    }
  }

  async advance(ms: number): Promise<void> {
    const step = Math.max(Math.min(ms, 1000), Math.ceil(ms / 60));
    for (let left = ms; left > 0; left -= step) {
      await vi.advanceTimersByTimeAsync(Math.min(step, left));
      await this.settle();
    }
  }

  /** The device sleeps `ms`: pages hidden, wall and server clocks move, timers and monotonic stand. */
  async sleep(ms: number): Promise<void> {
    for (const t of this.live()) t.page.setHidden(true);
    await this.settle();
    vi.setSystemTime(Date.now() + ms);
    this.slept += ms;
    for (const t of this.live()) t.page.setHidden(false);
    await this.settle();
  }

  /** The wall clock alone is stepped (NTP, the player): a new reading, no time passed. */
  step(ms: number): void {
    vi.setSystemTime(Date.now() + ms);
    // (A mark in the log: a clock that cannot tell may ask the server, REVIEW-T T-6: one refresh.)
    this.sent.push({ key: 0, method: 'STEP', path: '', at: this.trueNow(), afterStop: false, got: 0 });
    for (const t of this.live()) t.page.fireFocus();
  }

  setOffline(off: boolean): void {
    this.offline = off;
    for (const t of this.live()) t.page.setOnline(!off);
  }

  dispose(): void {
    for (const t of this.live()) this.stop(t);
    vi.useRealTimers();
    [globalThis.setTimeout, globalThis.clearTimeout] = this.real;
    vi.unstubAllGlobals();
  }
}

export const PLAYER = { plain: SEED_ACCOUNTS.plain, twoFactor: SEED_ACCOUNTS.twoFactor } as const;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
