// The commands of the model-based session test: each is a named step a player, a device, the
// network, the operator or a forger takes, runnable from a generated sequence (./arbitraries.ts)
// or written out by hand (./regressions.test.ts). After each, every invariant is checked.

import type fc from 'fast-check';
import { parseMessage } from '../../machines/cross-tab-schema';
import type { Release } from './channel';
import { checkInvariants, describeWorld } from './invariants';
import { DAY, freshTruth, type Oddity, type PlayerTruth, restrictionFields } from './truth';
import { type ModelTab, type ModelWorld, PLAYERS, sessionOf } from './world';

/** What the commands' preconditions read: which tabs are open and awake. */
export interface Model {
  open: boolean[];
  asleep: boolean[];
  /** The channel holds its messages (a busy main thread): only short waits meanwhile. */
  holding: boolean;
}

/** The longest a held channel may delay messages: seconds, not hours (tabs run meanwhile). */
const HOLD_MAX_MS = 20_000;

export const MAX_TABS = 4;
/** Real time between two commands. */
const TICK_MS = 10;

/** One command: a label that reads as the call that builds it, a precondition, an effect. */
export class Cmd implements fc.AsyncCommand<Model, ModelWorld> {
  constructor(
    readonly label: string,
    private readonly ok: (m: Model) => boolean,
    private readonly act: (w: ModelWorld, m: Model) => Promise<void> | void,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.ok(m as Model);
  }
  async run(m: Model, w: ModelWorld): Promise<void> {
    // A person's or a device's steps are never in the same millisecond (`loginTogether` is, on purpose).
    await w.advance(TICK_MS);
    await this.act(w, m);
    await w.settle();
    if (process.env.MODEL_DEBUG) console.log(this.label, describeWorld(w));
    checkInvariants(w);
  }
  toString(): string {
    return this.label;
  }
}

const awake = (t: number) => (m: Model) => m.open[t] === true && !m.asleep[t];
const isOpen = (t: number) => (m: Model) => m.open[t] === true;
const always = () => true;
const tab = (w: ModelWorld, t: number): ModelTab => w.tabs[t]!;
const ignore = () => {};

/** `tab` signs in as player `p` (`highId`: its random draws sit at the top of the range). */
export const login = (t: number, p: number, highId = false) =>
  new Cmd(`login(${t}, ${p}${highId ? ', true' : ''})`, awake(t), async (w) => {
    const x = tab(w, t);
    x.random = highId ? 1 - 2 ** -40 : null;
    x.client.login({ login: PLAYERS[p]!.email, password: PLAYERS[p]!.password });
    await w.settle();
    x.random = null;
  });

/** Two tabs sign in at the same millisecond, as two players. */
export const loginTogether = (a: number, b: number, pa: number, pb: number) =>
  new Cmd(
    `loginTogether(${a}, ${b}, ${pa}, ${pb})`,
    (m) => a !== b && awake(a)(m) && awake(b)(m),
    (w) => {
      tab(w, a).client.login({ login: PLAYERS[pa]!.email, password: PLAYERS[pa]!.password });
      tab(w, b).client.login({ login: PLAYERS[pb]!.email, password: PLAYERS[pb]!.password });
    },
  );

export const logout = (t: number) => new Cmd(`logout(${t})`, awake(t), (w) => tab(w, t).client.logout());

/** The tab asks for a refresh now (`client.state.send({ type: 'REFRESH' })`): refreshes meet logins, tabs and 401s. */
export const refreshNow = (t: number) =>
  new Cmd(`refreshNow(${t})`, awake(t), (w) => tab(w, t).client.state.send({ type: 'REFRESH' }));

/** The tab re-reads the restrictions: a stricter bet limit (applied at once, no step-up), then the re-read. */
export const recheck = (t: number) =>
  new Cmd(`recheck(${t})`, awake(t), (w) => {
    const x = tab(w, t);
    x.nextBetLimit = Math.max(1, x.nextBetLimit - 1);
    if (x.client.view.status !== 'signedIn') return;
    const call = x.client.user.updateLimits({ user_limit_bet: x.nextBetLimit, user_limit_bet_active: 1 });
    call.catch(ignore);
  });

/** The operator's truth changes for player `p`, at the true server time. */
export type TruthChange =
  | { kind: 'spa'; on: boolean }
  | { kind: 'pause'; days: number }
  | { kind: 'liftPause' }
  | { kind: 'exclusion'; months: number }
  | { kind: 'liftExclusion' }
  | { kind: 'depositChange'; amount: number; inMs: number }
  | { kind: 'form'; form: PlayerTruth['form'] }
  | { kind: 'oddity'; oddity: Oddity | null }
  | { kind: 'reset' };

function applyTruth(t: PlayerTruth, c: TruthChange, now: number): void {
  switch (c.kind) {
    case 'spa':
      t.spa = c.on ? { at: now } : null;
      return;
    case 'pause':
      t.pause = { at: now, until: now + c.days * DAY, days: c.days };
      return;
    case 'liftPause':
      t.pause = null;
      return;
    case 'exclusion': {
      const until = c.months === -1 ? null : now + c.months * 30 * DAY;
      t.exclusion = { at: now, until, months: c.months };
      return;
    }
    case 'liftExclusion':
      t.exclusion = null;
      return;
    case 'depositChange':
      t.deposit.change = { amount: c.amount, effectiveAt: now + c.inMs };
      return;
    case 'form':
      t.form = c.form;
      return;
    case 'oddity':
      t.oddity = c.oddity;
      return;
    case 'reset':
      Object.assign(t, freshTruth());
  }
}

export const truth = (p: number, change: TruthChange) =>
  new Cmd(`truth(${p}, ${JSON.stringify(change)})`, always, (w) => {
    applyTruth(w.truth.get(PLAYERS[p]!.id)!, change, w.trueNow());
  });

export const advance = (ms: number) =>
  new Cmd(
    `advance(${ms})`,
    (m) => !m.holding || ms <= HOLD_MAX_MS,
    (w) => w.advance(ms),
  );

export const stepClock = (deltaMs: number) =>
  new Cmd(`stepClock(${deltaMs})`, always, (w) => w.stepClock(deltaMs));

export const sleepDevice = (ms: number) =>
  new Cmd(
    `sleepDevice(${ms})`,
    (m) => !m.holding,
    (w) => w.sleepDevice(ms),
  );

/** A tab goes to the background (hidden: it pauses what it polls; the channel still reaches it). */
export const sleepTab = (t: number) =>
  new Cmd(`sleepTab(${t})`, awake(t), (w, m) => {
    const x = tab(w, t);
    x.asleep = true;
    x.page.setHidden(true);
    m.asleep[t] = true;
  });

export const wakeTab = (t: number) =>
  new Cmd(
    `wakeTab(${t})`,
    (m) => isOpen(t)(m) && m.asleep[t] === true,
    (w, m) => {
      const x = tab(w, t);
      x.asleep = false;
      x.page.setHidden(false);
      m.asleep[t] = false;
    },
  );

export const openTab = (t: number) =>
  new Cmd(
    `openTab(${t})`,
    (m) => !m.open[t],
    (w, m) => {
      w.openTab(t);
      m.open[t] = true;
      m.asleep[t] = false;
    },
  );

export const closeTab = (t: number) =>
  new Cmd(
    `closeTab(${t})`,
    (m) => isOpen(t)(m) && m.open.filter(Boolean).length > 1,
    (w, m) => {
      w.closeTab(tab(w, t));
      m.open[t] = false;
      m.asleep[t] = false;
    },
  );

/** The page is reloaded: a new client restores the stored session. */
export const reload = (t: number) =>
  new Cmd(`reload(${t})`, awake(t), (w) => {
    w.closeTab(tab(w, t));
    w.openTab(t);
  });

export const apiDown = (down: boolean) =>
  new Cmd(`apiDown(${down})`, always, (w) => {
    w.net.faults.down = down;
  });

export const profileFails = (n: number) =>
  new Cmd(`profileFails(${n})`, always, (w) => {
    w.net.faults.profileFails = n;
  });

export const profileHangs = (n: number) =>
  new Cmd(`profileHangs(${n})`, always, (w) => {
    w.net.faults.profileHangs = n;
  });

export const answerDelay = (ms: number) =>
  new Cmd(`answerDelay(${ms})`, always, (w) => {
    w.net.faults.delayMs = ms;
  });

export const dateSkew = (ms: number) =>
  new Cmd(`dateSkew(${ms})`, always, (w) => {
    w.net.faults.dateSkewMs = ms;
  });

/** The next answer's `Date` (or the next profile read's) is an outlier (2100). */
export const outlier = (on: 'any' | 'profile' = 'any') =>
  new Cmd(`outlier('${on}')`, always, (w) => {
    w.net.faults.outliers = 1;
    w.net.faults.outlierOn = on;
  });

/** The token is revoked on the server (every issued token: the next call answers 401). */
export const revoke = () => new Cmd('revoke()', always, (w) => w.net.kit.expireTokens());

export const hold = () =>
  new Cmd('hold()', always, (w, m) => {
    w.hub.holding = true;
    m.holding = true;
  });

export const release = (how: Release) =>
  new Cmd(`release('${how}')`, always, (w, m) => {
    w.hub.release(how);
    m.holding = false;
  });

/** Step-up: each of `tabs` makes a sensitive change at once; its prompt types wrong passwords. */
export const stepUp = (tabs: number[]) =>
  new Cmd(
    `stepUp([${tabs.join(', ')}])`,
    (m) => tabs.every((t) => awake(t)(m)),
    (w) => {
      for (const t of tabs) {
        const x = tab(w, t);
        x.wrongPasswordsLeft = 10;
        if (x.client.view.status !== 'signedIn') continue;
        // Not a pause or a self-exclusion: those are never refused by the lock (REVIEW-R R-8).
        x.client.user.updateEmail({ email: `tab${t}@example.com` }).catch(ignore);
      }
    },
  );

const FORGER = 'forged-tab';

/** The highest counter the channel schema accepts in a `signedOut` (found by asking the schema). */
export function highestAcceptedCounter(): number {
  const accepted = (seq: number) =>
    !(
      'refused' in
      parseMessage({
        app: 'pam-client',
        v: 1,
        from: FORGER,
        type: 'signedOut',
        at: 0,
        seq,
        sid: null,
        reason: 'logout',
      })
    );
  let lo = 0;
  let hi = Number.MAX_SAFE_INTEGER;
  if (accepted(hi)) return hi;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (accepted(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** A forged `signedOut` of valid shape: at counter `seq` (`'top'`: the highest the schema accepts). */
export const forgeSignedOut = (seq: number | 'top') =>
  new Cmd(`forgeSignedOut(${typeof seq === 'string' ? `'${seq}'` : seq})`, always, (w) => {
    const value = seq === 'top' ? highestAcceptedCounter() : seq;
    w.hub.send(null, {
      app: 'pam-client',
      v: 1,
      from: FORGER,
      type: 'signedOut',
      at: Date.now(),
      seq: value,
      sid: null,
      reason: 'logout',
    });
  });

/**
 * A forged `profile` message of valid shape for tab `t`'s login, lying that nothing is in force,
 * stamped `aheadMs` after the tab's own server time.
 */
export const forgeProfile = (t: number, aheadMs: number) =>
  new Cmd(`forgeProfile(${t}, ${aheadMs})`, isOpen(t), (w) => {
    const x = tab(w, t);
    const { userId, sid } = sessionOf(x.client);
    if (userId === null || sid === null) return;
    const userInfo = { ...(x.client.view.userInfo ?? {}), ...restrictionFields(freshTruth()) };
    const at = x.client.environment.serverNow() + aheadMs;
    w.hub.send(null, { app: 'pam-client', v: 1, from: FORGER, type: 'profile', userInfo, at, userId, sid });
  });
