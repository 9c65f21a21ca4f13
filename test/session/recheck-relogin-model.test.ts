import fc from 'fast-check';
import { createWebStorageTokenStore } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeChannelHub } from '../support/fake-channel';
import { memoryStorage } from '../support/memory-storage';
import { openTab, S, type Tab, useWorld } from '../support/world';

// Review 6 (RECHECK2), as a model: two tabs of one origin (one `localStorage`, the session stored
// there), generated sequences of a pause accepted in either tab, lagging replica reads (the
// profile from before the pause), logouts, logins, reloads of either tab, and time. From the
// moment the pause call resolves, no view of either tab (nor of a page reloaded since) lets the
// player bet: not before a read that shows the pause, nor after one (a replica lagging later, for
// the accepted restriction's day); once the replica caught up, every signed-in tab is current (the
// bar lifted by a read that shows the pause).

const world = useWorld();
const PROFILE = '/auth/user-profile';

interface Model {
  signedIn: boolean;
  paused: boolean;
}
interface Real {
  tabs: [Tab, Tab];
  open(i: 0 | 1): Tab;
  /** The profile from before the pause (what a lagging replica answers). */
  before: unknown;
  /** Every view in which the paused player could bet (must stay empty). */
  breaches: string[];
}

afterEach(() => vi.unstubAllGlobals());

async function settleLogin(tab: Tab) {
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
}

class Login implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => !m.signedIn;
  async run(m: Model, r: Real) {
    const { email, password } = world.server.seed.plain;
    r.tabs[this.tab].client.login({ login: email, password });
    await settleLogin(r.tabs[this.tab]);
    expect(r.tabs[this.tab].state()).toBe('signedIn');
    await world.advance(500, 100);
    m.signedIn = true;
  }
  toString = () => `login(${this.tab})`;
}

class Logout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => m.signedIn;
  async run(m: Model, r: Real) {
    r.tabs[this.tab].client.logout();
    await world.advance(500, 100);
    m.signedIn = false;
  }
  toString = () => `logout(${this.tab})`;
}

class Reload implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = () => true;
  async run(m: Model, r: Real) {
    r.tabs[this.tab].client.stop();
    r.tabs[this.tab] = r.open(this.tab);
    if (m.signedIn) await settleLogin(r.tabs[this.tab]);
    await world.advance(500, 100);
    expect(r.tabs[this.tab].state()).toBe(m.signedIn ? 'signedIn' : 'signedOut');
  }
  toString = () => `reload(${this.tab})`;
}

class Pause implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: 0 | 1) {}
  check = (m: Readonly<Model>) => m.signedIn && !m.paused;
  async run(m: Model, r: Real) {
    const { password } = world.server.seed.plain;
    await world.during(
      r.tabs[this.tab].client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password }),
    );
    m.paused = true;
    expect(r.tabs[this.tab].client.view.restrictions?.canBet).toBe(false);
  }
  toString = () => `pause(${this.tab})`;
}

class Lag implements fc.AsyncCommand<Model, Real> {
  constructor(readonly times: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: r.before, times: this.times });
  }
  toString = () => `lag(${this.times})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run() {
    await world.advance(this.ms, 100);
  }
  toString = () => `advance(${this.ms})`;
}

const tab = fc.constantFrom(0 as const, 1 as const);
const commands = [
  tab.map((t) => new Login(t)),
  tab.map((t) => new Logout(t)),
  tab.map((t) => new Reload(t)),
  tab.map((t) => new Pause(t)),
  tab.map((t) => new Pause(t)),
  fc.integer({ min: 1, max: 6 }).map((n) => new Lag(n)),
  fc.integer({ min: 100, max: 5_000 }).map((ms) => new Advance(ms)),
];

describe('an accepted pause across logins, reloads and tabs (model)', () => {
  it('no view lets the player bet between the acceptance and a read that shows it', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 10 }), async (cmds) => {
        world.closeAll();
        world.server.reset();
        world.hub = new FakeChannelHub();
        const storage = memoryStorage();
        vi.stubGlobal('localStorage', storage);
        const model: Model = { signedIn: false, paused: false };
        const breaches: string[] = [];
        const open = (i: 0 | 1): Tab => {
          const t = openTab(world, {
            tabId: `tab-${i}`,
            random: i ? 0.6 : 0.3,
            storage: createWebStorageTokenStore({ storage }),
          });
          world.tabs.push(t);
          t.client.subscribe((v) => {
            if (model.paused && v.user && v.restrictions?.canBet === true) breaches.push(`tab ${i}`);
          });
          return t;
        };
        const tabs: [Tab, Tab] = [open(0), open(1)];
        // The profile from before any pause, as the replica keeps answering it.
        const { email, password } = world.server.seed.plain;
        tabs[0].client.login({ login: email, password });
        await settleLogin(tabs[0]);
        const token = (await tabs[0].token()) ?? '';
        const before = await (
          await fetch(`${world.server.url}${PROFILE}`, { headers: { authorization: `Bearer ${token}` } })
        ).json();
        tabs[0].client.logout();
        await world.advance(500, 100);
        const real: Real = { tabs, open, before, breaches };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        // The replica catches up: every signed-in tab reads the pause (current, barred).
        world.server.faults.clear();
        await world.advance(6 * 60 * S, 1000);
        expect(breaches).toEqual([]);
        const views = real.tabs.map((t) => {
          const v = t.client.view.restrictions;
          return t.state() === 'signedIn' ? { status: v?.status, canBet: v?.canBet } : t.state();
        });
        const want = model.signedIn ? { status: 'current', canBet: !model.paused } : 'signedOut';
        expect(views).toEqual([want, want]);
        vi.unstubAllGlobals();
      }),
      { numRuns: 30 },
    );
  });
});
