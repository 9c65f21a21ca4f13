// Review 143: a harness for generated sequences of client remounts on ONE token store without
// localStorage. A model (what the server accepted, the most play time ever shown, the wrong step-up
// passwords the server saw) and checks run on every view a client emits and after each command.
import { createMemoryTokenStore, STEP_UP_LOCK_MS, type TokenStore } from 'pam-client';
import { expect } from 'vitest';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { logIn, S, type Tab, type World } from '../support/world';

export const LIMIT_MS = 60 * S;
/** A client live when another accepted a restriction finds the record at its next clock check (5 s; 1 s slack). */
const PEEK_MS = 6 * S;
const RESTRICTION = /^user_(pause|exclusion)/;

export type Cmd =
  | { k: 'mount' }
  | { k: 'stop'; i: number }
  | { k: 'remount' }
  | { k: 'accept'; kind: 'pause' | 'selfExclusion' }
  | { k: 'lag'; on: boolean }
  | { k: 'play'; s: number }
  | { k: 'wait' }
  | { k: 'wrong' }
  | { k: 'refresh'; held: boolean };

export const show = (c: Cmd): string =>
  `${c.k}(${Object.entries(c)
    .filter(([k]) => k !== 'k')
    .map(([, v]) => JSON.stringify(v))
    .join(',')})`;

export interface Model {
  /** The server accepted a pause or self-exclusion (the day never ends within a run). */
  restricted: boolean;
  /** When, and the client that sent it: another client live then learns it at its 5 s peek (docs/session.md). */
  restrictedAt: number;
  acceptedBy: Tab | null;
  /** The most play time any client of the store has shown. */
  maxUsed: number;
  /** A client showed the time limit reached. */
  reached: boolean;
  violations: string[];
}

/** Mounts clients on one store (or a new store per mount: `freshStore`), checks every view they emit. */
export class Run {
  readonly model: Model = {
    restricted: false,
    restrictedAt: 0,
    acceptedBy: null,
    maxUsed: 0,
    reached: false,
    violations: [],
  };
  readonly live: Tab[] = [];
  readonly lag = { on: false, before: null as Record<string, unknown> | null };
  readonly fetch: typeof globalThis.fetch;
  readonly log: string[] = [];
  private n = 0;
  /** Per client: the least play time it may show (what was shown before its mount, then its own last). */
  private readonly seen = new Map<Tab, number>();
  private readonly mountedAt = new Map<Tab, number>();
  private readonly reads = new Map<Tab, { n: number; lagged: boolean }>();
  private store: TokenStore;

  constructor(
    readonly world: World,
    /** `storeOf`: the store each mount is given (an app's wrapper made anew over the same device storage). */
    readonly opts: { freshStore?: boolean; store?: TokenStore; storeOf?: () => TokenStore } = {},
  ) {
    this.store = opts.store ?? createMemoryTokenStore();
    const lagging = profileRewritingFetch(world.fetch, (u) => {
      this.lag.before ??= Object.fromEntries(Object.entries(u).filter(([k]) => RESTRICTION.test(k)));
      if (this.lag.on) Object.assign(u, this.lag.before);
    });
    // (Every password check sent, with the answer's status: only a 422 is a wrong one counted.)
    this.fetch = async (input, init) => {
      const body = typeof init?.body === 'string' && init.body.includes('password_check') ? init.body : null;
      const at = world.now();
      const rec = body && {
        at,
        wrong: JSON.parse(body).password_check !== world.server.seed.timeLimit.password,
        status: 0,
      };
      if (rec) checks.get(world)!.push(rec);
      const res = await lagging(input, init);
      if (rec) rec.status = res.status;
      return res;
    };
    checks.set(world, []);
  }

  violation(what: string): void {
    this.model.violations.push(`${what} [after ${this.log.join(' ')}]`);
  }

  /** What this run reached (the property asserts that its runs together reached each). */
  readonly covered = new Set<'lockedRefused' | 'mountBarredLagging' | 'mountPastLimit'>();

  async mount(): Promise<Tab> {
    if (this.model.restricted && this.lag.on) this.covered.add('mountBarredLagging');
    if (this.model.reached) this.covered.add('mountPastLimit');
    if (this.opts.freshStore) {
      const held = await this.store.get();
      this.store = createMemoryTokenStore();
      if (held) await this.store.set(held);
    }
    const name = `c${++this.n}`;
    // (This client's own profile reads: how many answered, and whether the last one lagged.)
    const reads = { n: 0, lagged: false };
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const lagged = this.lag.on;
      const res = await this.fetch(input, init);
      if (res.ok && String(input instanceof Request ? input.url : input).includes('/auth/user-profile'))
        Object.assign(reads, { n: reads.n + 1, lagged });
      return res;
    };
    const storage = this.opts.storeOf?.() ?? this.store;
    const tab = this.world.open({ tabId: 'tab-a', channel: false, storage, fetch });
    this.reads.set(tab, reads);
    // (Its play time from its mount on: never under what any client showed before it.)
    this.seen.set(tab, this.model.maxUsed);
    this.mountedAt.set(tab, this.world.now());
    tab.client.subscribe((v) => this.judge(name, v, tab));
    this.live.push(tab);
    return tab;
  }

  /** Every view: never free to bet when the model says barred; the play time never goes back. */
  judge(name: string, v: Tab['client']['view'], tab: Tab): void {
    const canBet = v.restrictions?.canBet === true;
    const m = this.model;
    const reads = this.reads.get(tab)!;
    // (Fail closed: free to bet only once its own read has answered, on any store.)
    if (canBet && reads.n === 0) this.violation(`${name} canBet before its own profile read answered`);
    const told = m.acceptedBy === tab || this.mountedAt.get(tab)! > m.restrictedAt;
    const late = told || this.world.now() - m.restrictedAt > PEEK_MS;
    // (A new store object per mount forgets, as documented: then only a read that did not lag must bar.)
    if (canBet && m.restricted && (this.opts.freshStore ? !reads.lagged && late : late))
      this.violation(`${name} canBet after a restriction was accepted`);
    if (this.opts.freshStore) return;
    if (canBet && this.model.reached) this.violation(`${name} canBet after the time limit was shown reached`);
    const p = v.playTime;
    if (!p || v.status !== 'signedIn') return;
    const floor = this.seen.get(tab) ?? 0;
    if (p.usedMs < floor - 1) this.violation(`${name} play time went back ${floor} -> ${p.usedMs}`);
    this.seen.set(tab, Math.max(floor, p.usedMs));
    this.model.maxUsed = Math.max(this.model.maxUsed, p.usedMs);
    if (p.reached) this.model.reached = true;
    if (this.model.maxUsed >= LIMIT_MS && canBet)
      this.violation(`${name} canBet with ${this.model.maxUsed} ms played`);
  }

  stop(i: number): void {
    const [tab] = this.live.splice(i % this.live.length, 1);
    tab?.client.stop();
  }

  signedIn(): Tab | undefined {
    return this.live.find((t) => t.state() === 'signedIn');
  }

  async start(): Promise<void> {
    this.world.jump(15 * 3600 * S); // noon in São Paulo: no daily reset within a run
    const a = await this.mount();
    await logIn(this.world, a, 'timeLimit');
    await this.world.advance(2 * S, 500);
  }

  async exec(c: Cmd): Promise<void> {
    this.log.push(show(c));
    const w = this.world;
    const { password } = w.server.seed.timeLimit;
    const tab = this.signedIn();
    switch (c.k) {
      case 'mount':
        if (this.live.length < 2) await this.mount();
        break;
      case 'stop':
        if (this.live.length) this.stop(c.i);
        break;
      case 'remount':
        if (this.live.length) this.stop(0);
        await this.mount();
        break;
      case 'lag':
        this.lag.on = c.on;
        break;
      case 'accept': {
        if (!tab || this.model.restricted) break;
        const call =
          c.kind === 'pause'
            ? tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password })
            : tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password });
        this.model.restrictedAt = w.now();
        // (Refused: a 401 of a token copied before a refresh landed, new-store runs only; not barred then.)
        const code = await w.during(
          call.then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? 'unknown',
          ),
          100,
        );
        if (code === 'ok') Object.assign(this.model, { restricted: true, acceptedBy: tab });
        else if (!this.opts.freshStore) this.violation(`the ${c.kind} was refused: ${code}`);
        break;
      }
      case 'play':
        await w.advance(c.s * S, 500);
        break;
      case 'wait':
        await w.advance(16 * 60 * S, 10 * S);
        break;
      case 'wrong': {
        if (!tab) break;
        const locked = stepUpLocked(w);
        const sent = passwordsSent(w).length;
        const code = await w.during(
          tab.client.user.updateEmail({ email: 'x@example.com', password_check: 'wrong-Passw0rd9' }).then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? 'unknown',
          ),
          100,
        );
        if (this.opts.freshStore) break;
        if (locked && code === 'step_up_locked') this.covered.add('lockedRefused');
        if (locked && code !== 'step_up_locked') this.violation(`locked by the model, the call gave ${code}`);
        if (locked && passwordsSent(w).length !== sent) this.violation('a password sent while locked');
        if (!['step_up_required', 'step_up_locked'].includes(code))
          this.violation(`wrong password gave ${code}`);
        break;
      }
      case 'refresh': {
        if (!tab) break;
        w.server.faults.add({ method: 'GET', path: '/bff/users/address-by-user', status: 401, times: 1 });
        if (c.held) w.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 3 * S, times: 1 });
        const call = tab.client.user.getAddress().catch(() => undefined);
        if (!c.held) await w.during(call, 100);
        else await w.advance(S, 500);
        break;
      }
    }
    await w.settle();
    for (const t of this.live) this.judge('after', t.client.view, t);
  }

  /** After the run: no violation seen, the server's wrong passwords never past the lock. */
  verdict(): void {
    expect(this.model.violations).toEqual([]);
    if (this.opts.freshStore) return; // (the step-up count is per store: a new one counts anew, documented)
    expect(stepUpOverrun(this.world)).toBeNull();
  }

  dispose(): void {
    for (const t of this.live.splice(0)) t.client.stop();
  }
}

const checks = new WeakMap<World, { at: number; wrong: boolean; status: number }[]>();
/** The password checks sent (this run's fetch), in order: when, whether wrong, the answer's status (0: none yet). */
export const passwordsSent = (w: World) => checks.get(w) ?? [];

/** The lock the server's log implies: three wrong in a row lock for 15 min (an upper bound of what may be sent). */
function lockState(w: World, upTo = Number.POSITIVE_INFINITY) {
  let count = 0;
  let until: number | null = null;
  let overrun: string | null = null;
  for (const p of passwordsSent(w)) {
    if (p.at > upTo) break;
    if (!p.wrong && p.status >= 200 && p.status < 300) {
      count = 0;
      until = null;
      continue;
    }
    if (p.wrong && until !== null && p.at < until)
      overrun ??= `a wrong password sent ${(until - p.at) / S} s before the lock ended`;
    if (!p.wrong || p.status !== 422) continue; // (not checked by the server: not counted)
    if (until !== null && p.at >= until) [count, until] = [0, null];
    if (++count === 3) until = p.at + STEP_UP_LOCK_MS;
  }
  return { until, overrun };
}

export const stepUpLocked = (w: World): boolean => {
  const { until } = lockState(w);
  return until !== null && w.now() < until - 2 * S;
};
export const stepUpOverrun = (w: World): string | null => lockState(w).overrun;
