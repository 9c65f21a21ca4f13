import fc from 'fast-check';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { FakeChannelHub } from '../support/fake-channel';
import { openTab, S, type Tab, useWorld } from '../support/world';

// Review 5, D9 (and D4 across tabs), as a model: two tabs of one origin, generated sequences of
// logins (a free player, a paused one), logouts and expiries in either tab, a pause accepted in
// either tab, time passing and channel messages held back then delivered. No tab lets a barred
// player bet (from the moment the pause call resolves in its tab, and once the other tab hears of
// it); at the end both tabs agree with the model, and a free player's restrictions are current
// (can bet) in both.

const world = useWorld();

type Who = 'plain' | 'paused';
interface Model {
  signedIn: Who | null;
  held: boolean;
  /** The players barred from betting (the paused seed, and any the run paused). */
  barred: Set<Who>;
}
interface Real {
  tabs: [Tab, Tab];
  hub: FakeChannelHub;
  /** Player ids barred from betting, as the server holds them. */
  barredIds: Set<number>;
  /** Every view in which a barred player could bet (must stay empty). */
  breaches: string[];
}

async function settleLogin(tab: Tab) {
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
}

class Login implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly tab: 0 | 1,
    readonly who: Who,
  ) {}
  check = (m: Readonly<Model>) => m.signedIn === null && !m.held;
  async run(m: Model, r: Real) {
    const { email, password } = world.server.seed[this.who];
    r.tabs[this.tab].client.login({ login: email, password });
    await settleLogin(r.tabs[this.tab]);
    expect(r.tabs[this.tab].state()).toBe('signedIn');
    m.signedIn = this.who;
  }
  toString = () => `login(${this.tab}, ${this.who})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => m.signedIn !== null;
  async run(m: Model, r: Real) {
    r.tabs[this.tab].client.logout();
    await world.advance(200);
    m.signedIn = null;
  }
  toString = () => `logout(${this.tab})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => m.signedIn !== null && !m.held;
  async run(m: Model, r: Real) {
    // The token dies at the API and this tab's refresh answers 401. The other tab is not heard
    // meanwhile (it would answer the lost-race sync with the same login: a tab that slept through
    // it), so this one expires; then the other hears that and follows.
    world.server.expireTokens();
    r.hub.hold();
    sessionActorOf(r.tabs[this.tab].client).send({ type: 'REFRESH' });
    for (let i = 0; i < 20 && r.tabs[this.tab].state() !== 'signedOut'; i++) await world.advance(500);
    expect(r.tabs[this.tab].state()).toBe('signedOut');
    r.hub.release();
    await world.advance(200);
    m.signedIn = null;
  }
  toString = () => `expire(${this.tab})`;
}

class Pause implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => m.signedIn === 'plain' && !m.barred.has('plain') && !m.held;
  async run(m: Model, r: Real) {
    const { id, password } = world.server.seed.plain;
    await world.during(
      r.tabs[this.tab].client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password }),
    );
    r.barredIds.add(id);
    m.barred.add('plain');
    expect(r.tabs[this.tab].client.view.restrictions?.canBet).toBe(false);
    await world.settle();
    expect(r.tabs[1 - this.tab]!.client.view.restrictions?.canBet).toBe(false);
  }
  toString = () => `pause(${this.tab})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, _r: Real) {
    await world.advance(this.ms, 100);
  }
  toString = () => `advance(${this.ms})`;
}

class Hold implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => !m.held;
  async run(m: Model, r: Real) {
    r.hub.hold();
    m.held = true;
  }
  toString = () => 'hold';
}

class Release implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.held;
  async run(m: Model, r: Real) {
    r.hub.release();
    await world.settle();
    m.held = false;
  }
  toString = () => 'release';
}

const tab = fc.constantFrom(0 as const, 1 as const);
const commands = [
  fc.tuple(tab, fc.constantFrom<Who>('plain', 'paused')).map(([t, w]) => new Login(t, w)),
  fc.tuple(tab, fc.constantFrom<Who>('plain', 'paused')).map(([t, w]) => new Login(t, w)),
  tab.map((t) => new Logout(t)),
  tab.map((t) => new Expire(t)),
  tab.map((t) => new Pause(t)),
  fc.integer({ min: 100, max: 3_000 }).map((ms) => new Advance(ms)),
  fc.constant(new Hold()),
  fc.constant(new Release()),
];

describe('tabs model: logins, logouts and expiries across two tabs', () => {
  it('both tabs end current for a free player, and never let a paused one bet', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
        world.closeAll();
        world.server.reset();
        world.hub = new FakeChannelHub();
        const tabs = [
          openTab(world, { tabId: 'tab-a', random: 0.3 }),
          openTab(world, { tabId: 'tab-b', random: 0.6 }),
        ] as [Tab, Tab];
        world.tabs.push(...tabs);
        const barredIds = new Set([world.server.seed.paused.id]);
        const real: Real = { tabs, hub: world.hub, barredIds, breaches: [] };
        for (const [i, t] of tabs.entries())
          t.client.subscribe((v) => {
            if (barredIds.has(v.user?.id ?? -1) && v.restrictions?.canBet === true)
              real.breaches.push(`tab ${i}`);
          });
        const model: Model = { signedIn: null, held: false, barred: new Set(['paused']) };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        real.hub.release();
        await world.advance(3 * S, 100);
        expect(real.breaches).toEqual([]);
        const states = tabs.map((t) => t.state());
        expect(states).toEqual(model.signedIn ? ['signedIn', 'signedIn'] : ['signedOut', 'signedOut']);
        const barred = model.signedIn !== null && model.barred.has(model.signedIn);
        if (model.signedIn && !barred)
          for (const t of tabs)
            expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
        if (barred)
          for (const t of tabs)
            expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
      }),
      { numRuns: 40 },
    );
  });
});
