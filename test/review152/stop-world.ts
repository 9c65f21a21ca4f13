// Review 152: `client.stop()` at a generated point of a flow, on review 125's LiveWorld (imported,
// not edited: fake timers, the in-process reference server, its request log with `afterStop`, its
// count of the client's own timers). Added here: the answers' generated delays (held on the fake
// clock, counted as the world's own timers), the tokens the server granted, what the client told
// after its stop, unhandled rejections. `check()` judges a run once every answer has arrived and
// hours have passed.

import { createWebStorageTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import type { FaultSpec } from 'pam-client/testing';
import { expect, vi } from 'vitest';
import { H, LiveWorld, LOGOUT, type LTab, PLAYER, S, TIMEOUT } from '../review125/world';
import { turns } from '../support/event-loop';
import { FakePage } from '../support/fake-page';

type Req = (tab: LTab, input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export { H, LOGOUT, PLAYER, S };
export const SESSION_KEY = 'pam-client.session';
export const PASSWORD = PLAYER.plain.password;
export const CODE = PLAYER.twoFactor.twoFactorCode!;

export type Move =
  | { kind: 'act'; label: string; run: (r: StopRun) => void }
  | { kind: 'wait'; ms: number; step?: number }
  | { kind: 'until'; label: string; ok: (r: StopRun) => boolean; maxMs: number; step?: number };

/** Where the stop falls: after `k` moves, then `ms` of time, then `turns` turns of the loop. */
export interface StopAt {
  k: number;
  ms: number;
  turns: number;
}

export class StopRun {
  readonly w = new LiveWorld();
  readonly tab: LTab;
  /** Every access token an answer carried (the server granted it). */
  readonly granted = new Set<string>();
  /** What the client told its view and listeners, and whether it was after the stop. */
  readonly told: { after: boolean; during: boolean; what: string; canBet?: boolean }[] = [];
  private stopping = false;
  readonly unhandled: unknown[] = [];
  readonly trace: string[] = [];
  stopped = false;
  private readonly onUnhandled = (e: unknown) => this.unhandled.push(e);

  constructor(
    /** Simulated delay of each answer by path (ms), 0: at once. */
    readonly delays: Record<string, number> = {},
    faults: FaultSpec[] = [],
  ) {
    process.on('unhandledRejection', this.onUnhandled);
    const kit = this.w.kit;
    const held = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const answer = await kit(input, init);
      const text = await answer.clone().text();
      for (const m of text.matchAll(/"access_token"\s*:\s*"([^"]+)"/g)) this.granted.add(m[1]!);
      return answer;
    };
    Object.assign(held, kit);
    (this.w as unknown as { kit: typeof kit }).kit = Object.assign(held, {
      baseURL: kit.baseURL,
    }) as typeof kit;
    for (const f of faults) kit.faults.add(f);
    const page = new FakePage();
    this.tab = {
      index: 0,
      key: 1,
      page,
      channel: this.w.hub.channel(),
      stopped: false,
      calls: [],
      client: undefined as never,
    };
    this.w.tabs[0] = this.tab;
    // The answers held on the fake clock once the world's request is done (its settle never waits on them).
    const request = (this.w as unknown as { request: Req }).request.bind(this.w);
    this.tab.client = createPamClient({
      baseURL: kit.baseURL,
      fetch: async (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        const answer = await request(this.tab, input, init);
        const ms = this.delays[path] ?? 0;
        if (ms > 0) await this.hold(ms, init?.signal ?? undefined);
        return answer;
      },
      storage: createWebStorageTokenStore({ storage: this.w.storage }),
      timeout: TIMEOUT,
      environment: { channel: null, tabId: 'tab-0', random: () => 0.5, ...page.signals() },
      onStepUp: async () => null,
    });
    const c = this.tab.client;
    c.subscribe((view) =>
      this.told.push({
        after: this.stopped,
        during: this.stopping,
        what: `view ${JSON.stringify(view)}`,
        canBet: view.restrictions?.canBet,
      }),
    );
    const types = [
      'signedIn',
      'signedOut',
      'tokenRefreshed',
      'sessionExpired',
      'refreshFailed',
      'restrictionsChanged',
      'restrictionsUnavailable',
      'timeLimitWarning',
      'timeLimitReached',
      'mutationOutcomeUnknown',
    ] as const;
    for (const type of types)
      c.on(type as 'signedIn', (e: unknown) =>
        this.told.push({ after: this.stopped, during: this.stopping, what: `${type} ${safe(e)}` }),
      );
  }

  get client() {
    return this.tab.client;
  }

  /** `value` after `ms` of fake time (an app's dialog), counted as the world's own timer. */
  later<T>(ms: number, value: T): Promise<T> {
    return ms > 0 ? this.hold(ms, undefined).then(() => value) : Promise.resolve(value);
  }

  private hold(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.w.ownTimers++;
      const done = () => {
        this.w.ownTimers--;
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

  async wait(ms: number, step = 50): Promise<void> {
    for (let left = ms; left > 0; left -= step) {
      await vi.advanceTimersByTimeAsync(Math.min(step, left));
      await this.w.settle();
    }
  }

  async move(m: Move): Promise<void> {
    if (m.kind === 'act') {
      this.trace.push(m.label);
      m.run(this);
    } else if (m.kind === 'wait') await this.wait(m.ms, m.step);
    else {
      const step = m.step ?? 50;
      for (let t = 0; t < m.maxMs && !m.ok(this); t += step) await this.wait(step, step);
      this.trace.push(`${m.label}: ${m.ok(this)}`);
    }
  }

  stop(): void {
    this.trace.push(`stop (status ${this.client.view.status})`);
    this.stopping = true;
    this.w.stop(this.tab);
    this.stopping = false;
    this.stopped = true;
  }

  /** Runs `before` (not cut), then `moves` with the stop at `at`, then hours of fake time. */
  async play(before: Move[], moves: Move[], at: StopAt): Promise<void> {
    for (const m of before) await this.move(m);
    const k = Math.min(at.k, moves.length);
    for (const m of moves.slice(0, k)) await this.move(m);
    if (at.ms > 0) await this.wait(at.ms);
    await turns(at.turns);
    this.stop();
    await this.w.settle();
    await this.wait(2 * 60 * S, S);
    await this.wait(7 * H, 60 * S);
  }

  stored(): { accessToken: string; expiresAt: number | null } | null {
    const raw = this.w.storage.getItem(SESSION_KEY);
    return raw === null ? null : JSON.parse(raw);
  }

  /** Whether the server still takes `token` (asked outside the client's log). */
  async live(token: string): Promise<boolean> {
    const r = await this.w.kit(`${this.w.kit.baseURL}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    return r.ok;
  }

  /** The invariants of a stopped client; `secrets` never in anything it told. */
  async check(secrets: string[] = []): Promise<void> {
    const where = this.trace.join(' > ');
    // (A fetch handed a signal already aborted sends nothing: a browser's rejects at once.)
    const late = this.w.sent.filter(
      (s) => s.afterStop && s.aborted !== true && !(s.method === 'POST' && s.path === LOGOUT),
    );
    expect(
      late.map((s) => `${s.method} ${s.path}`),
      `sent after stop (${where})`,
    ).toEqual([]);
    expect(
      vi.getTimerCount() - this.w.ownTimers - this.w.foreign.size,
      `client timers left hours after stop (${where}); armed at:\n${this.w.armedAt()}`,
    ).toBe(0);
    this.w.kit.faults.clear();
    const stored = this.stored();
    const liveTokens: string[] = [];
    for (const t of this.granted) if (await this.live(t)) liveTokens.push(t);
    const mark = (t: string) => (t === stored?.accessToken ? 'stored' : 'NOT stored');
    expect(liveTokens.map(mark), `tokens live at the server (${where})`).toEqual(
      liveTokens.filter((t) => t === stored?.accessToken).map(() => 'stored'),
    );
    if (stored && (stored.expiresAt ?? Number.POSITIVE_INFINITY) > Date.now() + 60 * S)
      expect(await this.live(stored.accessToken), `stored token dead at the server (${where})`).toBe(true);
    expect(
      this.told.filter((t) => t.after).map((t) => t.what),
      `told after stop (${where})`,
    ).toEqual([]);
    // (During the stop: only the ended view, betting off: machines/client/ended-view.ts, by design.)
    const during = this.told.filter((t) => t.during && !(t.what.startsWith('view ') && t.canBet !== true));
    expect(
      during.map((t) => t.what),
      `told during stop (${where})`,
    ).toEqual([]);
    const all = [...this.told.map((t) => t.what), ...this.trace].join('\n');
    for (const s of [...secrets, ...this.granted])
      expect(all.includes(s), `secret told (${where})`).toBe(false);
    expect(this.unhandled.map(String), `unhandled rejections (${where})`).toEqual([]);
  }

  dispose(): void {
    process.off('unhandledRejection', this.onUnhandled);
    this.w.dispose();
  }
}

function safe(e: unknown): string {
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}

export const act = (label: string, run: (r: StopRun) => void): Move => ({ kind: 'act', label, run });
export const wait = (ms: number, step?: number): Move => ({ kind: 'wait', ms, step });
export const until = (label: string, ok: (r: StopRun) => boolean, maxMs = 10 * S, step?: number): Move => ({
  kind: 'until',
  label,
  ok,
  maxMs,
  step,
});
export const status = (s: string) => (r: StopRun) => r.client.view.status === s;

/** Signed in as `who`, before the part the stop may cut. */
export const signIn = (who: 'plain' | 'twoFactor' = 'plain'): Move[] => [
  act(`login ${who}`, (r) => r.client.login({ login: PLAYER[who].email, password: PLAYER[who].password })),
  until('twoFactor?', (r) => r.client.view.status !== 'signingIn'),
  act('code', (r) => {
    if (r.client.view.status === 'twoFactorRequired') r.client.submitCode(CODE);
  }),
  until('signedIn', status('signedIn')),
  wait(2 * S),
];

/** Runs one generated case and disposes its world. */
export async function runCase(
  delays: Record<string, number>,
  before: Move[],
  moves: Move[],
  at: StopAt,
  secrets: string[] = [],
  faults: FaultSpec[] = [],
): Promise<void> {
  const r = new StopRun(delays, faults);
  try {
    await r.play(before, moves, at);
    await r.check(secrets);
  } finally {
    r.dispose();
  }
}
