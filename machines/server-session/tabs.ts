// The tabs of an origin in server-session mode: they share the cookie, so they are told only that
// a login happened or ended, or that a change barring betting was accepted in it (its kind), by its
// login id (`server_session.login_id`). No token, no session, no profile ever crosses the channel
// (there is none in the page to send). A restriction heard is taken at once (no betting until the
// tab's own read shows it); a sign-in or a sign-out heard is never believed: the tab asks the
// server (a sign-out: no betting meanwhile, REVIEW-26B B-1).

import type { InFlightKind } from 'pam-client';
import type { EventObject } from 'xstate';
import { fromCallback } from '../actor-logic';
import { isTime } from '../clock';
import { isInFlight } from '../cross-tab-schema';
import type { BroadcastChannelLike, TimersLike } from '../environment';
import { trusted } from '../session/events';

const APP = 'pam-client';
const MODE = 'server-session';
const MAX_ID = 128;
/**
 * How long another tab's change in flight bars here at most (`waitMs`: this client's request timeout,
 * `refreshWaitOf`; a sender's own can apply no later than its timeout): that and 30 s.
 */
export const barMsOf = (waitMs = 15_000) => waitMs + 30_000;
/**
 * How long a tab that started waits for the others' answers to its `ask` (R25-7): barred meanwhile
 * (`ASKED` ends it). A channel delivers in a later task; a tab alone waits this long once.
 */
export const ASK_MS = 500;
/**
 * Within this long, asks from tabs not yet answered in it are answered at once (`MAX_ASKERS` of
 * them), the rest once more at its end (R25-9: a script's burst of asks costs a bounded number of
 * answers per window). A real tab is answered at once, never on this tab's own timer: a hidden
 * tab's timers run late (REVIEW-26 R26-2).
 */
const ASK_WINDOW_MS = 100;
const MAX_ASKERS = 16;
/**
 * While the clock gives no time (R28): how often the tabs actor looks at it again. Once it gives
 * one, `CLOCK_BACK` tells it (each end heard meanwhile, unknown, then lapses the bar from it).
 */
const CLOCK_WATCH_MS = 1_000;

/**
 * The login id a tab's logout that named none tells (it ended whatever login the cookie held, and
 * the tab did not know which): each tab that holds a login takes it as its own, and asks the server
 * (no login id is this: the proxy's are UUIDs).
 */
export const UNNAMED = '*';

/** What a tab tells the others. */
export type ServerTabMessage =
  | { type: 'signedIn'; loginId: string }
  | { type: 'signedOut'; loginId: string; reason: 'logout' | 'expired' }
  /**
   * The server accepted a pause or a self-exclusion in this login, sent at `at` (server time): the
   * other tabs bar betting until a read of theirs shows one of its kind starting then or later.
   */
  | { type: 'restricted'; loginId: string; kind: 'pause' | 'selfExclusion'; at: number }
  /**
   * A pause or self-exclusion (`id`) is on its way from a tab of this login, or settled (`settled`:
   * its outcome, if it bars, told as `restricted` before): the other tabs bar betting meanwhile, for
   * the request's default timeout and a margin at most (AI-3).
   */
  | {
      type: 'inflight';
      loginId: string;
      kind: InFlightKind;
      id: string;
      settled: boolean;
      /** The tab that told it (heard): only its own release lifts it (REVIEW-AJ AJ-1). */
      from?: string;
      /**
       * Told to a tab that asked (AJ-2): how long it may still bar (the rest of its lapse there), and
       * the tab whose change it is when the teller heard it (`by`: only that tab's release lifts it).
       */
      ms?: number;
      by?: string;
    }
  /**
   * Told to a tab that asked (R28): what the sender's cap on kept changes dropped, folded into one
   * entry of no login (REVIEW-26B B-1), with how long it may still bar (`ms`, the bar's at most).
   * The tab that hears it bars the login it holds and each it takes before then.
   */
  | { type: 'folded'; ms: number };

/** A tab that starts asks the others for their changes in flight (AJ-2): each answers with its `inflight`. */
export type ServerTabSync = { type: 'ask' };

/** One tab's end of the channel: posts with its id, hears the others (checked, its own dropped). */
export interface ServerTabs {
  post(message: ServerTabMessage | ServerTabSync): void;
  subscribe(listener: (message: ServerTabMessage | ServerTabSync) => void): () => void;
  close(): void;
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/** A message of this protocol, or null (another app, another mode, malformed). */
export function parseServerTabMessage(
  raw: unknown,
): ((ServerTabMessage | ServerTabSync) & { from: string }) | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { app, mode, v, from, loginId, type, reason, kind, at, id, settled, ms, by } = raw as Record<
    string,
    unknown
  >;
  if (app !== APP || mode !== MODE || v !== 1 || !isId(from)) return null;
  if (type === 'ask') return { type, from };
  if (type === 'folded') return isTime(ms) && ms >= 0 ? { type, ms, from } : null;
  if (!isId(loginId)) return null;
  const barring = kind === 'pause' || kind === 'selfExclusion';
  if (type === 'inflight')
    // (A limit change setting a limit of 0 bars in flight too: ZERO30, review 117.)
    return isInFlight(kind) &&
      isId(id) &&
      typeof settled === 'boolean' &&
      (ms === undefined || (isTime(ms) && (ms as number) >= 0)) &&
      // (`by` on an answer only: a release is its teller's own word, R26-10.)
      (by === undefined || (!settled && isId(by)))
      ? { type, loginId, kind, id, settled, from, ...(ms !== undefined && { ms }), ...(by && { by }) }
      : null;
  return type === 'signedIn'
    ? { type, loginId, from }
    : type === 'signedOut' && (reason === 'logout' || reason === 'expired')
      ? { type, loginId, reason, from }
      : type === 'restricted' && barring && isTime(at)
        ? { type, loginId, kind, at, from }
        : null;
}

/**
 * @example
 * const tabs = createServerTabs(new BroadcastChannel('pam-client:server-session:/pam'), tabId, true);
 */
export function createServerTabs(channel: BroadcastChannelLike, tabId: string, owns: boolean): ServerTabs {
  const listeners = new Set<(message: ServerTabMessage | ServerTabSync) => void>();
  let closed = false;
  const onMessage = (event: { data: unknown }) => {
    const message = parseServerTabMessage(event?.data);
    // (And this tab's own change told back by another: held here already, released by this tab alone.)
    if (!message || message.from === tabId || (message as { by?: string }).by === tabId) return;
    const { from: _from, ...rest } = message;
    // (A change in flight keeps its sender: its release is heard from that tab only; an ask too:
    // each tab's first in a window is answered at once.)
    for (const listener of [...listeners])
      listener(message.type === 'inflight' || message.type === 'ask' ? message : rest);
  };
  channel.addEventListener('message', onMessage);
  return {
    post(message) {
      if (closed) return;
      try {
        channel.postMessage({ app: APP, mode: MODE, v: 1, from: tabId, ...message });
      } catch {
        // A closed or broken channel: this tab simply stops telling.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      channel.removeEventListener('message', onMessage);
      if (owns) channel.close();
    },
  };
}

/**
 * The other tabs as the session's events (`REMOTE_LOGIN`, `REMOTE_LOGOUT`, `REMOTE_RESTRICTED`,
 * `REMOTE_INFLIGHT` with the end of its bar: the server clock now, `serverNow`, plus the wait;
 * `REMOTE_ASK`), marked as its own. Started, it asks the others for their changes in flight (AJ-2):
 * each one answered is a `REMOTE_INFLIGHT` heard from the tab that told it.
 */
export const serverTabsListener = /* @__PURE__ */ fromCallback<
  EventObject,
  { tabs: ServerTabs | null; serverNow?: () => number; timers?: TimersLike; waitMs?: number }
>(({ input: { tabs, serverNow, timers, waitMs }, sendBack }) => {
  // The window's timer while one is open (`askers`: the tabs answered in it; `asked`: an ask
  // heard in it from one of them, or past the cap, answered at its end).
  let gate: unknown;
  let asked = false;
  let askers = new Set<string | undefined>();
  const ask = (from?: string): void => {
    if (gate === undefined) {
      asked = false;
      askers = new Set();
      gate = timers?.setTimeout(() => {
        gate = undefined;
        if (asked) ask();
      }, ASK_WINDOW_MS);
    } else if (askers.has(from) || askers.size >= MAX_ASKERS) {
      asked = true;
      return;
    }
    askers.add(from);
    sendBack(trusted({ type: 'REMOTE_ASK' }));
  };
  // (A clock that gives no time, NaN or a throw: +Infinity, never NaN, R27-3, and the clock looked
  // at again until it gives one, then told, R28; `lost`: it gave none since last told.)
  let lost = false;
  let watch: unknown;
  const now = (): number => {
    let at = NaN;
    try {
      at = serverNow!();
    } catch {}
    if (!isTime(at)) {
      lost = true;
      watch ??= timers?.setTimeout(() => {
        watch = undefined;
        now();
      }, CLOCK_WATCH_MS);
      return 1 / 0;
    }
    if (lost) sendBack(trusted({ type: 'CLOCK_BACK', at }));
    lost = false;
    return at;
  };
  const cap = barMsOf(waitMs);
  const off = tabs?.subscribe((m) =>
    // (Its fields as parsed: `parseServerTabMessage`'s, `from` dropped.)
    // (A change told to a tab that asked: whose it is, `by`, and what is left of it, `ms`, never
    // more than the bar; a fold told: of no login nor id, `''`, R28.)
    m.type === 'inflight' || m.type === 'folded'
      ? sendBack(
          trusted({
            loginId: '',
            id: '',
            ...m,
            type: 'REMOTE_INFLIGHT',
            until: now() + Math.min(m.ms ?? cap, cap),
            from: (m as { by?: string }).by ?? (m as { from?: string }).from,
          }),
        )
      : m.type === 'ask'
        ? ask((m as { from?: string }).from)
        : sendBack(
            trusted({
              ...m,
              type:
                m.type === 'signedIn'
                  ? 'REMOTE_LOGIN'
                  : m.type === 'signedOut'
                    ? 'REMOTE_LOGOUT'
                    : 'REMOTE_RESTRICTED',
            }),
          ),
  );
  tabs?.post({ type: 'ask' });
  // (The answers had their turn: the bar of the wait lifts.)
  const wait = tabs && timers?.setTimeout(() => sendBack(trusted({ type: 'ASKED' })), ASK_MS);
  return () => {
    off?.();
    timers?.clearTimeout(wait);
    timers?.clearTimeout(gate);
    timers?.clearTimeout(watch);
  };
});
