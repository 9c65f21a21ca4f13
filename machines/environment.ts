// The environment behind a seam (STYLE.md): clock, timers, visibility, focus, network and the
// cross-tab channel, injected so the machines run unchanged in Node tests. Every browser default
// is looked up when a client or actor is created, never at import (SSR-safe).

import type { TimersLike } from 'pam-client/internal';
import type { EventObject } from 'xstate';
import { fromCallback } from './actor-logic';
import { createClock, internal, type PamClock } from './clock';
import { type BroadcastChannelLike, storageChannel } from './storage-channel';

/** The timer pair XState's `clock` option takes; `SimulatedClock` fits (the core's one definition). */
export type { TimersLike } from 'pam-client/internal';
export type { BroadcastChannelLike };

/** An event source: subscribe, get an unsubscribe function back. */
export type Subscribe<T extends unknown[] = []> = (listener: (...args: T) => void) => () => void;

/**
 * Everything the session and the machines read from the outside world.
 *
 * @example
 * const env = browserEnvironment({ channel: null }); // no cross-tab sharing
 */
export interface PamEnvironment {
  /**
   * The one clock (docs/time.md): the steady base, the server's time learned on that same base
   * (`createPamClient` teaches it the `Date` of each answer under the base URL), and whether it is
   * trusted. Default: `createClock()`, or a clock over `now` when only `now` is given (with a
   * `clock` given, `now` is the clock's: one base).
   */
  clock: PamClock;
  /** The clock's base, ms (`clock.now`): steady, never going backwards. */
  now(): number;
  /**
   * The server's clock, ms (`clock.serverNow`): `now()` plus the offset learned from the answers'
   * `Date` header; equals `now()` until a header was seen. Responsible-gaming decisions (what is in
   * force, the São Paulo day) use it.
   */
  serverNow(): number;
  /** 0..1, for jitter. */
  random(): number;
  /** Timers for the machines (XState's `clock`) and the cross-tab jitter. */
  timers: TimersLike;
  visibility: {
    /** Whether the page is hidden now. */
    isHidden(): boolean;
    onChange: Subscribe<[hidden: boolean]>;
  };
  focus: { onFocus: Subscribe };
  online: {
    /** Whether the device says it is online now. */
    isOnline(): boolean;
    onChange: Subscribe<[online: boolean]>;
  };
  /** The channel tabs of one origin share; `null` keeps the session to this tab. */
  channel: BroadcastChannelLike | null;
  /**
   * The page is going away or being frozen (`pagehide`, and `freeze` where browsers have it):
   * the tab releases what it holds for the other tabs (its refresh claim) at once. Default (where
   * the tabs are shared, `tabOf`): the page's events.
   */
  lifecycle?: { onLeave: Subscribe };
  /** This tab's id in cross-tab messages. Default (where the tabs are shared, `tabOf`): a random UUID. */
  tabId?: string;
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

export function randomTabId(random: () => number): string {
  const g = globalThis as BrowserGlobals;
  const uuid = g.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.floor(random() * 2 ** 52).toString(36)}`;
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
  const env = environmentOf(overrides);
  if (channelName) env.channel = openChannel(overrides, channelName);
  return env;
}

/**
 * The origin's channel named `name`: the app's (`overrides.channel`; null: none), else one opened
 * here in a browser (owned: whoever receives it closes it), else none. Only the tabs flow asks for
 * one (`createPamClient`: through its session implementations), so a client without it opens none.
 *
 * @example
 * const channel = openChannel({}, 'pam-client:https://api.example.com');
 */
export function openChannel(overrides: Partial<PamEnvironment>, name: string): BroadcastChannelLike | null {
  const g = globalThis as BrowserGlobals;
  if (overrides.channel !== undefined) return overrides.channel;
  if (g.document === undefined || g.window === undefined) return null;
  // No BroadcastChannel (older browsers, some webviews): localStorage's `storage` event, if it works.
  const channel =
    typeof g.BroadcastChannel === 'function' ? new g.BroadcastChannel(name) : storageChannel(name);
  if (channel) openedHere.add(channel);
  return channel;
}

/**
 * `browserEnvironment` without opening a channel: the app's (`overrides.channel`), or none.
 *
 * @example
 * const env = environmentOf({ random: () => 0.5 });
 */
export function environmentOf(overrides: Partial<PamEnvironment> = {}): PamEnvironment {
  const random = overrides.random ?? Math.random;
  // One base for everything: an app's own `now` becomes the clock's base (the offset is learned on
  // it too); a `clock` given is used as is, and `now`/`serverNow` are its shorthands.
  const made = createClock(overrides.now ? { base: overrides.now } : {});
  // An app's own `serverNow` is the server's time as the app knows it: judged on as learned (T-6).
  const clock = overrides.clock ?? (overrides.serverNow ? { ...made, learned: () => true } : made);
  return {
    // What only the tabs flow reads (this tab's id, the page's lifecycle) as given, resolved there (`tabOf`).
    ...overrides,
    clock,
    now: clock.now,
    serverNow: overrides.serverNow ?? clock.serverNow,
    random,
    timers: overrides.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
    ...pageSignals(overrides),
    channel: overrides.channel ?? null,
  };
}

/**
 * This tab as the other tabs know it: the environment's `tabId` and `lifecycle`, or the defaults
 * (a random UUID; `pagehide` and `freeze`, inert outside a browser). Only the tabs flow reads them,
 * so a client without it carries none of this.
 *
 * @example
 * createCrossTab(channel, { ...env, ...tabOf(env) });
 */
export function tabOf(env: PamEnvironment): Required<Pick<PamEnvironment, 'tabId' | 'lifecycle'>> {
  const g = globalThis as BrowserGlobals;
  const doc = g.document;
  const win = g.window;
  return {
    tabId: env.tabId ?? randomTabId(env.random),
    lifecycle: env.lifecycle ?? {
      onLeave:
        doc !== undefined && win !== undefined
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
 * The page's signals (visibility, focus, network), each replaced by `overrides` when given: the
 * part of `browserEnvironment` a machine that only pauses on them needs (no clock, no channel).
 *
 * @example
 * const signals = pageSignals(); // inert outside a browser: visible, online, never focused
 */
export function pageSignals(
  overrides: Partial<Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>> = {},
): Pick<PamEnvironment, 'visibility' | 'focus' | 'online'> {
  const g = globalThis as BrowserGlobals;
  const doc = g.document;
  const win = g.window;
  return {
    visibility: overrides.visibility ?? {
      isHidden: () => doc?.visibilityState === 'hidden',
      onChange: (fn) => listen(doc, 'visibilitychange', () => fn(doc?.visibilityState === 'hidden')),
    },
    focus: overrides.focus ?? {
      onFocus: doc !== undefined && win !== undefined ? (fn) => listen(win, 'focus', fn) : never,
    },
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

/**
 * The page may have slept (visible again, focus, back online): `WAKE`, with the clock as `read`
 * then when the input has a reader (the session judges the reading, never the clock).
 */
export const wakeSignals = /* @__PURE__ */ fromCallback<
  EventObject,
  Pick<PamEnvironment, 'visibility' | 'focus' | 'online'> & { read?: () => object }
>(({ input, sendBack }) =>
  onWake(input, () => sendBack(internal({ type: 'WAKE', ...(input.read && { reading: input.read() }) }))),
);

/** Paused: nothing worth polling for while nobody looks or nothing can be sent. */
export const isPaused = (env: Pick<PamEnvironment, 'visibility' | 'online'>): boolean =>
  env.visibility.isHidden() || !env.online.isOnline();
