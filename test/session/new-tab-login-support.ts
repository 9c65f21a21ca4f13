// REVIEW-AK AK-1's world: tabs A and B over one store hold login L1 (the plain player's), the server
// revokes it (every token 401) and both refresh, the channel lagging link by link (`LagHub`); tab B's
// refresh call may be held and then fail with no verdict (a network error: its expiry set aside
// meanwhile, `ignoredExpiry`). Once A signed out and B heard so (or signed out too), the player opens
// tab C (its counter from the cleared store) and logs in there: L2. Real sockets against the
// reference server, time simulated.

import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { type FakeChannel, FakeChannelHub } from '../support/fake-channel';
import { S, type Tab, type World } from '../support/world';
import { draws, grantsOf, signIn } from './revoke-support';

/**
 * A channel whose every link (one tab's channel to another's, by the order opened) delivers `lag`
 * ms of simulated time after the post, one sender's messages to one tab in order, senders
 * interleaved freely (a late link is passed by a quicker one). It records, per tab, the sign-outs
 * delivered to it.
 */
export class LagHub extends FakeChannelHub {
  readonly channels: FakeChannel[] = [];
  /** Per link `from>to`: its lag (ms); none: 0. */
  readonly lags = new Map<string, number>();
  /** Per tab index: the sign-out messages delivered to it. */
  readonly signOutsHeard: Array<Array<{ reason?: string; sid?: number | null }>> = [];
  private readonly last = new Map<string, number>();

  constructor(private readonly world: World) {
    super();
  }

  override channel(): FakeChannel {
    const ch = super.channel();
    const from = this.channels.push(ch) - 1;
    this.signOutsHeard[from] = [];
    ch.postMessage = (message: unknown) => {
      const data = structuredClone(message) as { type?: string; reason?: string; sid?: number | null };
      if (!this.admit(data)) return;
      this.sent.push(data);
      this.channels.forEach((other, to) => {
        if (other === ch || !this.open.has(other)) return;
        const key = `${from}>${to}`;
        const now = this.world.clock.now();
        const at = Math.max(now + (this.lags.get(key) ?? 0), this.last.get(key) ?? 0);
        this.last.set(key, at);
        const deliver = () =>
          queueMicrotask(() => {
            if (!this.open.has(other)) return;
            if (data.type === 'signedOut') this.signOutsHeard[to]!.push(data);
            other.deliver(data);
          });
        if (at <= now) deliver();
        else this.world.clock.setTimeout(deliver, at - now);
      });
    };
    return ch;
  }

  /** Every link's lag set to `ms` (tabs by index; links to a tab not yet open too). */
  lagAll(ms: number | ((from: number, to: number) => number)): void {
    for (let from = 0; from < 3; from++)
      for (let to = 0; to < 3; to++)
        if (from !== to) this.lags.set(`${from}>${to}`, typeof ms === 'number' ? ms : ms(from, to));
  }
}

export interface NewTabShape {
  /** How long B's first refresh call is on its way before it fails (a network error); null: not held. */
  holdMs: number | null;
  /** Each link's lag (ms) from the revocation on, by `from * 3 + to` (tabs A, B, C). */
  lags: number[];
  /** How long after A signed out and B heard so (or signed out) the player opens tab C. */
  openAfter: number;
  /** How long after C opened the player logs in there. */
  loginAfter: number;
  /** How long C's login answer is on its way. */
  loginMs: number;
  /** The player C logs in as (A's and B's login L1 is the plain player's). */
  account: 'plain' | 'paused';
  /** How often A refreshes L1 before the revocation (each counts it one higher; none: 0). */
  refreshes?: number;
}

export interface TabLook {
  status: string;
  canBet: boolean | undefined;
  userId: number | null;
  sid: number | null;
}

export const lookAt = (t: Tab): TabLook => {
  const c = sessionActorOf(t.client).getSnapshot().context;
  return {
    status: t.client.view.status,
    canBet: t.client.view.restrictions?.canBet,
    userId: c.userId as number | null,
    sid: c.sid as number | null,
  };
};

/**
 * The shape played out: every 250 ms each tab looked at (`looks`), then the links healed and two
 * minutes more. `cSid`: C's own login, the first login id other than L1's (`l1`) C showed signed in
 * with after its login.
 */
export async function playNewTab(world: World, shape: NewTabShape) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const hub = new LagHub(world);
  world.hub = hub;
  const g = grantsOf(world);
  const storage = createMemoryTokenStore();
  let armed = false;
  // B's first refresh call once armed: held `holdMs`, then a network failure (never reaches the server).
  const bFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (shape.holdMs === null || !armed || new URL(url).pathname !== '/users/refresh-token')
      return g.fetch(input, init);
    armed = false;
    await new Promise<void>((resolve) => world.clock.setTimeout(resolve, shape.holdMs!));
    throw new TypeError('fetch failed');
  };
  const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
  // (Its own `fetch`, over the recording one: `grantsOf`'s `open` would set the recording one.)
  const b = world.open({
    tabId: 'tab-b',
    storage,
    retry: 0,
    fetch: bFetch,
    environment: { random: draws(0.6) },
  });
  await world.settle();
  await signIn(world, a);
  await world.advance(30 * S, 500);
  for (let i = 0; i < (shape.refreshes ?? 0); i++) {
    a.client.state.send({ type: 'REFRESH' } as never);
    await world.advance(5 * S, 500);
  }
  const tabs: Tab[] = [a, b];
  const l1 = lookAt(a).sid;
  const looks: Array<{ at: number; tabs: TabLook[] }> = [];
  const t0 = world.now();
  const look = () => looks.push({ at: world.now() - t0, tabs: tabs.map(lookAt) });
  hub.lagAll((from, to) => shape.lags[from * 3 + to] ?? 0);
  armed = true;
  world.server.expireTokens();
  for (const t of [b, a]) {
    t.client.http.get('/auth/user-profile').catch(() => {});
    await world.settle();
  }
  const step = async () => {
    await world.advance(250, 250);
    look();
  };
  // A signed out, and B heard it (or signed out of its own).
  const ended = () =>
    a.client.view.status === 'signedOut' &&
    (b.client.view.status === 'signedOut' || hub.signOutsHeard[1]!.some((m) => m.reason === 'expired'));
  for (let i = 0; i < 400 && !ended(); i++) await step();
  for (let t = 0; t < shape.openAfter; t += 250) await step();
  const c = g.open({ tabId: 'tab-c', storage, environment: { random: draws(0.9) } });
  tabs.push(c);
  for (let t = 0; t < shape.loginAfter; t += 250) await step();
  const { email, password } = world.server.seed[shape.account];
  g.hold('/auth/login', shape.loginMs);
  c.client.login({ login: email, password });
  let cSid: number | null = null;
  for (let t = 0; t < 40 * S + (shape.holdMs ?? 0); t += 250) {
    await step();
    const now = lookAt(c);
    if (cSid === null && now.status === 'signedIn' && now.sid !== l1) cSid = now.sid;
  }
  hub.lagAll(0);
  for (let i = 0; i < 12; i++) {
    await world.advance(10 * S, 250);
    look();
  }
  return { tabs, looks, cSid, l1, live: () => g.live(), barredId: world.server.seed.paused.id };
}
