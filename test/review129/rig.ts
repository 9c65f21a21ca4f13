// Review 129's rig: real clients (`createPamClient`, the operator preset) in tabs on one simulated
// clock (xstate SimulatedClock as the client's timers), one fake BroadcastChannel hub, and the
// reference server in-process (`createReferenceFetch`, no sockets: thousands of cycles). The test
// waits on the event loop (setImmediate turns) for the in-process answers, never on the clock.
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import { createReferenceFetch, type ReferenceFetch } from 'pam-client/testing';
import { SimulatedClock } from 'xstate';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { FakePage } from '../support/fake-page';

export const S = 1000;
export const MIN = 60 * S;
export const H = 60 * MIN;
export const T0 = Date.UTC(2030, 0, 1, 15);

export interface Tab {
  client: PamClient;
  page: FakePage;
  state(): string;
}

export class Rig {
  clock = new SimulatedClock();
  hub = new FakeChannelHub();
  offset = T0;
  inflight = 0;
  now = () => this.clock.now() + this.offset;
  kit: ReferenceFetch = createReferenceFetch({ now: () => this.now() });
  tabs: Tab[] = [];
  /** The in-process server, counted in flight; `cut` aborts every later call at once (a network down). */
  fetch: typeof fetch = async (input, init) => {
    this.inflight++;
    try {
      return await this.kit(input as RequestInfo, init);
    } finally {
      this.inflight--;
    }
  };

  open(tabId: string, o: Partial<PamClientOptions> = {}): Tab {
    const page = new FakePage();
    const client = createPamClient({
      baseURL: this.kit.baseURL,
      fetch: this.fetch,
      ...o,
      environment: {
        now: this.now,
        random: () => 0.5,
        timers: this.clock,
        channel: this.hub.channel(),
        tabId,
        ...page.signals(),
        ...o.environment,
      },
    });
    const tab = { client, page, state: () => String(sessionActorOf(client).getSnapshot().value) };
    this.tabs.push(tab);
    return tab;
  }

  /** Lets in-process answers, microtasks and channel messages run until quiet. */
  async settle(): Promise<void> {
    let quiet = 0;
    while (quiet < 3) {
      await turns(1);
      quiet = this.inflight === 0 ? quiet + 1 : 0;
    }
  }

  async advance(ms: number, step = 1000): Promise<void> {
    for (let left = ms; left > 0; left -= step) {
      this.clock.increment(Math.min(step, left));
      await this.settle();
    }
  }

  async until(what: string, cond: () => boolean, step = 100): Promise<void> {
    for (let i = 0; i < 300 && !cond(); i++) {
      this.clock.increment(step);
      await this.settle();
    }
    if (!cond()) throw new Error(`never: ${what}`);
  }

  /** Awaits `p` while simulated time runs (a call waiting on a refresh, a backoff, a claim jitter). */
  async during<T>(p: Promise<T>, step = 200): Promise<T> {
    let done = false;
    const settled = p.finally(() => {
      done = true;
    });
    settled.catch(() => {});
    await this.settle();
    for (let i = 0; i < 2000 && !done; i++) {
      this.clock.increment(step);
      await this.settle();
    }
    if (!done) throw new Error('never settled');
    return settled;
  }

  async logIn(tab: Tab, account: 'plain' | 'timeLimit' = 'plain'): Promise<void> {
    const { email, password } = this.kit.seed[account];
    tab.client.login({ login: email, password });
    await this.until('signed in', () => tab.state() === 'signedIn');
  }

  async logOut(tab: Tab): Promise<void> {
    tab.client.logout();
    await this.until('signed out', () => tab.state() === 'signedOut');
  }

  stop(): void {
    for (const t of this.tabs.splice(0)) t.client.stop();
  }
}
