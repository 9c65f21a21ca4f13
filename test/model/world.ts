// The model test's world: the REAL client (`createPamClient`, as apps build it, with the default
// clock) in 2–4 tabs over one channel hub and one shared store, on simulated time. Vitest's fake
// timers stand in for the device: `Date` is the wall clock (a step moves it alone), `performance`
// the monotonic clock, and the true server time runs on the monotonic clock plus the time the
// device slept. The world holds the service's truth (./truth.ts) and the network (./net.ts).

import { createWebStorageTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { SEED_ACCOUNTS } from 'pam-client/testing';
import { vi } from 'vitest';
import { turns } from '../support/event-loop';
import { FakePage } from '../support/fake-page';
import { memoryStorage } from '../support/memory-storage';
import { type ModelChannel, ModelHub } from './channel';
import { ModelNet, WRONG_PASSWORD } from './net';
import { freshTruth, type PlayerTruth, spDay } from './truth';

/** Noon in São Paulo, 1 Jan 2030: the start of every run. */
export const T0 = Date.UTC(2030, 0, 1, 15);

/** The players a run logs in as (all without a second factor; their seeded restrictions are replaced by the model's). */
export const PLAYERS = [
  SEED_ACCOUNTS.plain,
  SEED_ACCOUNTS.pendingLimit,
  SEED_ACCOUNTS.selfExcluded,
  // A time limit of 1 minute a day (the seed's): play time and its alerts.
  SEED_ACCOUNTS.timeLimit,
] as const;

/**
 * Where the tabs keep the session: the `localStorage` they share (a reload restores it), or the
 * default memory store of each client (the channel is then the only way a session is shared).
 * Either way the origin has a `localStorage` (the step-up count is shared there).
 */
export type StoreKind = 'shared' | 'memory';

/** A tab of the world. */
export interface ModelTab {
  index: number;
  /** This page load's client (a reload makes a new one). */
  key: number;
  tabId: string;
  client: PamClient;
  page: FakePage;
  channel: ModelChannel;
  open: boolean;
  asleep: boolean;
  /** Wrong passwords the step-up prompt still types (then it gives up). */
  wrongPasswordsLeft: number;
  /** While set, `random()` answers this (a login id drawn at the top of the range). */
  random: number | null;
  /** The bet limit the next recheck tightens to (always stricter: applied at once, no step-up). */
  nextBetLimit: number;
}

const sessionOf = (client: PamClient) =>
  sessionActorOf(client).getSnapshot().context as { userId: number | null; sid: number | null };

export class ModelWorld {
  readonly hub = new ModelHub();
  readonly storage = memoryStorage();
  readonly truth = new Map<number, PlayerTruth>(PLAYERS.map((p) => [p.id, freshTruth()]));
  readonly tabs: ModelTab[] = [];
  /** Device-clock generation: a step or a sleep of the device starts a new one. */
  epoch = 0;
  /** The true time the device slept (the monotonic clock stood still meanwhile). */
  private slept = 0;
  private clients = 0;
  private readonly monoStart: number;
  readonly net: ModelNet;
  /** True signed-in, awake time per player and São Paulo day (`<id>:<day>`): what play time may count. */
  readonly played = new Map<string, number>();
  /**
   * Per tab, the awake, signed-in time it has shown play time for, without a break (one page load,
   * login, São Paulo day and device-clock generation): what its play time must have counted at
   * least (`from`, the play time it showed when the stretch began, plus `ms`).
   */
  readonly stretches = new Map<number, { key: string; from: number; ms: number }>();

  constructor(readonly store: StoreKind = 'shared') {
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
    this.monoStart = performance.now();
    // The origin's localStorage, which the tabs share (the step-up count lives there).
    vi.stubGlobal('localStorage', this.storage);
    this.net = new ModelNet({
      trueNow: () => this.trueNow(),
      epoch: () => this.epoch,
      truthOf: (id) => this.truth.get(id),
    });
  }

  /** The service's clock: what the server's time truly is now. */
  trueNow(): number {
    return T0 + (performance.now() - this.monoStart) + this.slept;
  }

  openTab(index: number): ModelTab {
    const page = new FakePage();
    const channel = this.hub.channel();
    const tabId = `tab-${index}`;
    const existing = this.tabs[index];
    const tab: ModelTab = {
      index,
      key: ++this.clients,
      tabId,
      page,
      channel,
      open: true,
      asleep: false,
      wrongPasswordsLeft: 0,
      random: null,
      nextBetLimit: existing?.nextBetLimit ?? 900,
      client: undefined as unknown as PamClient,
    };
    tab.client = createPamClient({
      baseURL: this.net.kit.baseURL,
      fetch: this.net.fetchFor({
        index,
        key: tab.key,
        userId: () => sessionOf(tab.client).userId,
        sid: () => sessionOf(tab.client).sid,
        trusted: () =>
          (tab.client.environment as unknown as { clock?: { trusted?(): boolean } }).clock?.trusted?.() ??
          true,
      }),
      ...(this.store === 'shared' ? { storage: createWebStorageTokenStore({ storage: this.storage }) } : {}),
      timeout: 10_000,
      environment: {
        channel,
        tabId,
        random: () => tab.random ?? 0.5,
        ...page.signals(),
      },
      onStepUp: async () => {
        if (tab.wrongPasswordsLeft <= 0) return null;
        tab.wrongPasswordsLeft--;
        return WRONG_PASSWORD;
      },
    });
    this.tabs[index] = tab;
    return tab;
  }

  closeTab(tab: ModelTab): void {
    tab.client.stop();
    tab.channel.close();
    tab.open = false;
  }

  openTabs(): ModelTab[] {
    return this.tabs.filter((t) => t?.open);
  }

  /** Lets in-process answers, microtasks and channel messages run until nothing moves. */
  async settle(): Promise<void> {
    let quiet = 0;
    for (let i = 0; i < 2000 && quiet < 4; i++) {
      if (this.net.inflight.size > 0) {
        await Promise.race(this.net.inflight);
        quiet = 0;
      }
      await turns(1);
      quiet = this.net.inflight.size === 0 ? quiet + 1 : 0;
    }
  }

  /** Real time passes: the timers run, the wall, monotonic and server clocks move together. */
  async advance(ms: number): Promise<void> {
    const step = Math.max(Math.min(ms, 1000), Math.ceil(ms / 40));
    for (let left = ms; left > 0; left -= step) {
      const dt = Math.min(step, left);
      const day = spDay(this.trueNow());
      const before = this.signedInPlayers();
      for (const tab of this.tabs) if (tab) this.stretch(tab, day, dt);
      await vi.advanceTimersByTimeAsync(dt);
      await this.settle();
      // The step counts for every player signed in at its start or its end (a login answered within
      // it counts from its answer: the model's upper bound is the whole step, seed 137).
      for (const id of new Set([...before, ...this.signedInPlayers()]))
        this.played.set(`${id}:${day}`, (this.played.get(`${id}:${day}`) ?? 0) + dt);
    }
  }

  /** Every player signed in in some tab now. */
  private signedInPlayers(): Set<number> {
    const players = new Set<number>();
    for (const tab of this.openTabs()) {
      const { userId } = sessionOf(tab.client);
      if (tab.client.view.status === 'signedIn' && userId !== null) players.add(userId);
    }
    return players;
  }

  /** The tab's stretch of counted play time grows by `dt`, or starts again (see `stretches`). */
  private stretch(tab: ModelTab, day: number, dt: number): void {
    const play = tab.client.view.playTime;
    const { userId, sid } = sessionOf(tab.client);
    if (!tab.open || tab.asleep || tab.client.view.status !== 'signedIn' || !play || userId === null) {
      this.stretches.delete(tab.index);
      return;
    }
    const key = `${tab.key}:${userId}:${sid}:${day}:${this.epoch}`;
    const s = this.stretches.get(tab.index);
    if (s?.key === key) s.ms += dt;
    else this.stretches.set(tab.index, { key, from: play.usedMs, ms: 0 });
  }

  /** The device clock is stepped (NTP, the player): the wall clock alone moves. */
  stepClock(deltaMs: number): void {
    vi.setSystemTime(Date.now() + deltaMs);
    this.epoch++;
  }

  /** The device sleeps `ms`: every tab hidden, the wall and server clocks move, the monotonic one stands still. */
  async sleepDevice(ms: number): Promise<void> {
    for (const tab of this.openTabs()) tab.page.setHidden(true);
    await this.settle();
    vi.setSystemTime(Date.now() + ms);
    this.slept += ms;
    this.epoch++;
    for (const tab of this.openTabs()) if (!tab.asleep) tab.page.setHidden(false);
    await this.settle();
  }

  /** Stops every tab and gives the real timers back. */
  dispose(): void {
    for (const tab of this.openTabs()) this.closeTab(tab);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  }
}

export { sessionOf };
