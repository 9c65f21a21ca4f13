// The session's actors: everything it does to the outside world besides the login and refresh
// children. Each runs only while its state is active, so stopping the session stops them all.

import {
  type AuthModule,
  type AuthUser,
  restrictionsOf,
  type StoredSession,
  type TokenStore,
} from 'pam-client';
import { clampDelay, parseStoredSession, playPeriodOf } from 'pam-client/internal';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import type { CrossTab } from '../cross-tab';
import { onWake, type PamEnvironment, type TimersLike } from '../environment';
import { STORE_WAIT_MS, settle, type Vault, within } from './deps';
import { internal, type Owner, type SessionInternalEvent } from './internal';

export type SessionMeta = Omit<StoredSession, 'accessToken'>;

/** A stored session without its token: what the session machine may keep. */
export const metaOf = ({ accessToken: _token, ...meta }: StoredSession): SessionMeta => meta;

/**
 * Reads the store once at start. The token stays in the store; the output carries a vault handle
 * so that only a real read (not a forged done event) can sign the session in.
 */
export const restoreSession = /* @__PURE__ */ fromPromise<
  { meta: SessionMeta; handle: string } | null,
  { tokens: TokenStore; now: () => number; vault: Vault; timers?: TimersLike }
>(async ({ input }) => {
  // A custom store may hand back anything (class instances, extra fields): only a valid,
  // plain StoredSession goes on.
  // A store that never answers counts as empty after `STORE_WAIT_MS`: the app leaves its splash.
  const stored = parseStoredSession(await within(input.tokens.get(), STORE_WAIT_MS, null, input.timers));
  if (!stored) return null;
  if (stored.expiresAt !== null && stored.expiresAt <= input.now()) {
    settle(input.tokens.clear());
    return null;
  }
  return { meta: metaOf(stored), handle: input.vault.put(stored.accessToken) };
});

/**
 * Logout: the store is emptied the moment it starts (synchronously for the built-in stores), so a
 * stop or a crash mid-logout cannot leave the session behind; the request then revokes the token
 * it held. No storage failure stops it.
 */
export const logoutSession = /* @__PURE__ */ fromPromise<
  void,
  { auth: AuthModule; tokens: TokenStore; timers?: TimersLike }
>(async ({ input, signal }) => {
  // Read and clear without awaiting a sync store: the store is empty before `logout()` returns.
  // A store that never answers holds the logout up for `STORE_WAIT_MS` at most.
  // (The session's store is guarded: its calls never throw, a failure is a rejected promise.)
  const read = input.tokens.get();
  const current = read instanceof Promise ? await within(read, STORE_WAIT_MS, null, input.timers) : read;
  const cleared = input.tokens.clear();
  if (cleared instanceof Promise) await within(cleared, STORE_WAIT_MS, undefined, input.timers);
  await input.auth.logout({ signal, ...(current ? { accessToken: current.accessToken } : {}) });
});

/** The page may have slept (visible again, focus, back online): the session looks at the clock. */
export const wakeSignals = /* @__PURE__ */ fromCallback<
  EventObject,
  Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>
>(({ input, sendBack }) => onWake(input, () => sendBack(internal({ type: 'WAKE' }))));

const stripToken = (user: unknown): AuthUser | null => {
  if (!user || typeof user !== 'object' || Array.isArray(user)) return null;
  const { token: _token, ...rest } = user as AuthUser & { token?: unknown };
  return rest as AuthUser;
};

/**
 * The other tabs, as internal events. A shared token goes into the vault at once: the event
 * carries only its handle.
 */
export const crossTabListener = /* @__PURE__ */ fromCallback<
  EventObject,
  { crossTab: CrossTab | null; vault: Vault }
>(({ input, sendBack }) =>
  input.crossTab?.subscribe(
    (message) => {
      let event: SessionInternalEvent | null = null;
      if (message.type === 'session') {
        const { accessToken, ...meta } = message.session;
        event = internal({
          type: 'REMOTE_SESSION',
          session: { ...meta, handle: input.vault.put(accessToken) },
          user: stripToken(message.user),
          reason: message.reason,
        });
      } else if (message.type === 'signedOut') {
        event = internal({
          type: 'REMOTE_SIGNED_OUT',
          seq: message.seq,
          sid: message.sid,
          at: message.at,
          reason: message.reason,
        });
      } else if (message.type === 'syncRequest') {
        event = internal({ type: 'SYNC_REQUESTED' });
      } else if (message.type === 'profile') {
        event = internal({
          type: 'PROFILE_LOADED',
          user: null,
          userInfo: message.userInfo,
          at: message.at,
          remote: true,
          owner: { userId: message.userId, sid: message.sid },
        });
      }
      if (event) sendBack(event);
    },
    (reason) => sendBack(internal({ type: 'CHANNEL_REFUSED', reason })),
  ),
);

/** The Brazilian calendar day of `ms` (the SPA register is checked once per such day), and when it ends. */
const brazilDay = (ms: number) => playPeriodOf('daily', ms);

export interface ProfileWatchInput {
  auth: Pick<AuthModule, 'getUserProfile'>;
  /** The player and login the reads are for: every read is stamped with it. */
  owner: Owner;
  now: () => number;
  timers: TimersLike;
}

/**
 * Keeps the profile (and so the responsible-gaming restrictions, with the SPA register checked by
 * `check_spa_again=1`) fresh while signed in: at once, after each Brazilian midnight, on a wake-up
 * in a new day, and whenever the session asks (`PROFILE_CHANGED`: a limit, pause or exclusion was
 * sent). A failed read is simply tried again at the next of those moments.
 */
export const profileWatch = /* @__PURE__ */ fromCallback<
  { type: 'CHECK' } | { type: 'WAKE' },
  ProfileWatchInput
>(({ input, sendBack, receive }) => {
  let controller: AbortController | null = null;
  let midnight: unknown = null;
  let boundary: unknown = null;
  let loadedDay: string | null = null;
  const clear = (timer: unknown) => {
    if (timer !== null) input.timers.clearTimeout(timer);
  };
  const send = (userInfo: Record<string, unknown>, user: AuthUser | null) => {
    const at = input.now();
    sendBack(internal({ type: 'PROFILE_LOADED', user, userInfo, at, remote: false, owner: input.owner }));
    // A restriction that ends (or starts) later today: look again then, without a request.
    clear(boundary);
    boundary = null;
    const r = restrictionsOf(userInfo, at);
    const next = Math.min(
      ...[...r.inForce.map((x) => x.until), ...r.pending.map((x) => x.since)].filter(
        (t): t is number => t !== null && t > at,
      ),
    );
    if (Number.isFinite(next))
      boundary = input.timers.setTimeout(() => send(userInfo, null), clampDelay(next - at + 1));
  };
  const load = () => {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    Promise.resolve()
      .then(() => input.auth.getUserProfile({ signal: mine.signal }))
      .then((profile) => {
        if (mine.signal.aborted) return;
        loadedDay = brazilDay(input.now()).key;
        const userInfo = (profile as { userInfo?: unknown }).userInfo;
        send(
          userInfo && typeof userInfo === 'object' ? (userInfo as Record<string, unknown>) : {},
          stripToken((profile as { user?: unknown }).user),
        );
      })
      .catch(() => {});
    clear(midnight);
    const now = input.now();
    midnight = input.timers.setTimeout(load, clampDelay(brazilDay(now).end - now + 1_000));
  };
  receive((event) => {
    if (event.type === 'CHECK') load();
    else if (loadedDay !== brazilDay(input.now()).key) load();
  });
  load();
  return () => {
    controller?.abort();
    clear(midnight);
    clear(boundary);
  };
});
