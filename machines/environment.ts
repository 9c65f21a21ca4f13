// The environment behind a seam (STYLE.md): clock, timers, visibility, focus, network and the
// cross-tab channel, injected so the machines run unchanged in Node tests. Every browser default
// is looked up when a client or actor is created, never at import (SSR-safe).

import type { TimersLike } from 'pam-client/internal';
import { type EventObject, fromCallback } from 'xstate';
import { internal } from './session/events';

/** The timer pair XState's `clock` option takes; `SimulatedClock` fits (the core's one definition). */
export type { TimersLike } from 'pam-client/internal';

/** The part of `BroadcastChannel` the cross-tab session uses. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** An event source: subscribe, get an unsubscribe function back. */
export type Subscribe<T extends unknown[] = []> = (listener: (...args: T) => void) => () => void;

/**
 * Everything the session and the machines read from the outside world.
 *
 * @example
 * const env = browserEnvironment({ channel: null }); // no cross-tab sharing
 */
export interface PamEnvironment {
  /** Wall clock, ms (default: `steadyClock()`, never going backwards). */
  now(): number;
  /**
   * The server's clock, ms: `now()` plus the offset learned from the answers' `Date` header
   * (`createPamClient` learns it); equals `now()` until a header was seen. Responsible-gaming
   * decisions (what is in force, the São Paulo day) use it.
   */
  serverNow(): number;
  /** 0..1, for jitter. */
  random(): number;
  /** Timers for the machines (XState's `clock`) and the cross-tab jitter. */
  timers: TimersLike;
  visibility: { isHidden(): boolean; onChange: Subscribe<[hidden: boolean]> };
  focus: { onFocus: Subscribe };
  online: { isOnline(): boolean; onChange: Subscribe<[online: boolean]> };
  /** The channel tabs of one origin share; `null` keeps the session to this tab. */
  channel: BroadcastChannelLike | null;
  /**
   * The page is going away or being frozen (`pagehide`, and `freeze` where browsers have it):
   * the tab releases what it holds for the other tabs (its refresh claim) at once.
   */
  lifecycle: { onLeave: Subscribe };
  /** This tab's id in cross-tab messages. Default: a random UUID. */
  tabId: string;
}

const noop = () => {};
const never: Subscribe<never[]> = () => noop;

interface BrowserGlobals {
  document?: Document;
  window?: Window;
  navigator?: Navigator;
  BroadcastChannel?: new (name: string) => BroadcastChannelLike;
  crypto?: { randomUUID?: () => string };
}

/** A listener on `target` (when there is one), returning its removal. */
function listen(target: EventTarget | undefined, type: string, fn: () => void): () => void {
  if (!target) return noop;
  target.addEventListener(type, fn);
  return () => target.removeEventListener(type, fn);
}

function randomTabId(random: () => number): string {
  const g = globalThis as BrowserGlobals;
  const uuid = g.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.floor(random() * 2 ** 52).toString(36)}`;
}

/**
 * The wall clock, never going backwards: after the device clock is stepped back (a user, a bad
 * NTP sync), time goes on at the monotonic clock's pace until the wall clock catches up; a jump
 * forward or a sleep (the monotonic clock may stand still while the device sleeps) is followed as
 * the wall clock says. Token lives are real time: a refresh due in 6 h stays due in 6 h.
 *
 * @example
 * const now = steadyClock(); // the default `environment.now`
 */
export function steadyClock(
  wall: () => number = () => Date.now(),
  monotonic: () => number = () => globalThis.performance?.now() ?? Date.now(),
): () => number {
  let lastWall = wall();
  let lastMono = monotonic();
  return () => {
    const w = wall();
    const m = monotonic();
    const next = Math.max(w, lastWall + Math.max(0, m - lastMono));
    lastWall = next;
    lastMono = m;
    // Whole milliseconds, like Date.now() (the monotonic clock has fractions).
    return Math.floor(next);
  };
}

/** Channels `browserEnvironment` opened itself: whoever receives one owns it and closes it on stop. */
const openedHere = new WeakSet<object>();

/** Whether `channel` was opened by `browserEnvironment` (so the client using it must close it). */
export const isOwnedChannel = (channel: BroadcastChannelLike | null): boolean =>
  channel !== null && openedHere.has(channel);

/**
 * The browser environment, with any part replaced by `overrides`. Outside a browser (Node, SSR)
 * the signals are inert, the page counts as visible and online, and there is no channel (Node has
 * a global `BroadcastChannel`, but processes are not tabs). A channel is opened only when
 * `channelName` is given: `createPamClient` names it after its baseURL, so clients of two APIs on
 * one origin never share a session.
 *
 * @example
 * createPamClient({ baseURL, environment: { random: () => 0.5 } }); // the rest: browser defaults
 */
export function browserEnvironment(
  overrides: Partial<PamEnvironment> = {},
  channelName?: string,
): PamEnvironment {
  const g = globalThis as BrowserGlobals;
  const doc = g.document;
  const win = g.window;
  const random = overrides.random ?? Math.random;
  const inBrowser = doc !== undefined && win !== undefined;
  let channel = overrides.channel ?? null;
  if (
    overrides.channel === undefined &&
    channelName &&
    inBrowser &&
    typeof g.BroadcastChannel === 'function'
  ) {
    channel = new g.BroadcastChannel(channelName);
    openedHere.add(channel);
  }
  const now = overrides.now ?? steadyClock();
  return {
    now,
    serverNow: overrides.serverNow ?? now,
    random,
    timers: overrides.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
    visibility: overrides.visibility ?? {
      isHidden: () => doc?.visibilityState === 'hidden',
      onChange: (fn) => listen(doc, 'visibilitychange', () => fn(doc?.visibilityState === 'hidden')),
    },
    focus: overrides.focus ?? { onFocus: inBrowser ? (fn) => listen(win, 'focus', fn) : never },
    online: overrides.online ?? {
      isOnline: () => g.navigator?.onLine !== false,
      onChange: (fn) => {
        const off = listen(win, 'offline', () => fn(false));
        const on = listen(win, 'online', () => fn(true));
        return () => {
          off();
          on();
        };
      },
    },
    channel,
    tabId: overrides.tabId ?? randomTabId(random),
    lifecycle: overrides.lifecycle ?? {
      onLeave: inBrowser
        ? (fn) => {
            const offs = [listen(win, 'pagehide', fn), listen(doc, 'freeze', fn)];
            return () => {
              for (const off of offs) off();
            };
          }
        : never,
    },
  };
}

/**
 * Calls `wake` when the page may have slept: it becomes visible, gains focus or comes back
 * online. Returns the unsubscribe function.
 */
export function onWake(env: Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>, wake: () => void) {
  const offs = [
    env.visibility.onChange((hidden) => {
      if (!hidden) wake();
    }),
    env.focus.onFocus(wake),
    env.online.onChange((online) => {
      if (online) wake();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** The page may have slept (visible again, focus, back online): the session looks at the clock. */
export const wakeSignals = /* @__PURE__ */ fromCallback<
  EventObject,
  Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>
>(({ input, sendBack }) => onWake(input, () => sendBack(internal({ type: 'WAKE' }))));

/** Paused: nothing worth polling for while nobody looks or nothing can be sent. */
export const isPaused = (env: Pick<PamEnvironment, 'visibility' | 'online'>): boolean =>
  env.visibility.isHidden() || !env.online.isOnline();
