// The session's store and vault (opaque handles for tokens in flight), built so that nothing reachable from a snapshot (context,
// children, their outputs, inspection events) is an access token:
// - tokens travel between the session's actors as vault handles, never as values;
// - the token store is guarded ONCE (here): no storage failure (a synchronous throw, a rejection)
//   ever reaches the machine as an exception, and writes land in order;
// - reading it at start (restore), emptying it at logout, and writing a session are its actors
//   and effects.

import { type AuthModule, StorageError, type StoredSession, type TokenStore } from 'pam-client';
import { parseStoredSession } from 'pam-client/internal';
import { fromPromise } from '../actor-logic';
import { readingOf } from '../clock';
import type { TimersLike } from '../environment';
import { settleWithin } from '../settle-within';
import { isNewerSession } from './order';
import { raws } from './store-key';
import type { ClockReading, SessionContext, SessionMeta, SessionServices, TimeBase, Vault } from './types';

export function createVault(random: () => number = Math.random): Vault {
  const entries = new Map<string, string>();
  let n = 0;
  return service({
    put(token) {
      const handle = `vault:${++n}:${Math.floor(random() * 2 ** 32).toString(36)}`;
      entries.set(handle, token);
      // Handles nobody took (an ignored message) must not keep tokens alive: the oldest goes (one
      // handle in at a time, so one out is enough).
      if (entries.size > 16) entries.delete(entries.keys().next().value as string);
      return handle;
    },
    has: (handle) => entries.has(handle),
    take(handle) {
      const token = entries.get(handle) ?? null;
      entries.delete(handle);
      return token;
    },
  });
}

/**
 * Marks an object of functions as a service: `JSON.stringify` shows `"[service]"` (a snapshot's
 * JSON, the visualizer) instead of `{}` or whatever state it holds.
 */
export function service<T extends object>(value: T): T {
  Object.defineProperty(value, 'toJSON', { value: () => '[service]', enumerable: false });
  return value;
}

/** A stored or shared session's time base: anything but `'server'` is the writer's device clock. */
export const timeBaseOf = (m: { timeBase?: unknown }): TimeBase =>
  m.timeBase === 'server' ? 'server' : 'device';

/**
 * A stored session's login id (one stored before login ids existed: from its token, the same in every
 * tab). Never its counter: a client of an older version counts again from 1 on a new page after a
 * logout, so one counter named two of its logins (the ended one's token was taken for the next).
 */
export const sidOf = (s: StoredSession): number => s.sid ?? idOf(s.accessToken);

/** A string as a login id (FNV-1a, 32 bits): the same text gives the same id everywhere. */
export function idOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A store call's failure, as the session's typed rejection. */
const failed = (cause: unknown): Promise<never> =>
  Promise.reject(
    new StorageError('The token store failed', {
      cause: cause instanceof Error ? cause.name : typeof cause,
    }),
  );

/** Runs a store call; a synchronous throw becomes a rejection, so callers handle one failure path. */
function attempt<T>(call: () => T | Promise<T>): T | Promise<T> {
  try {
    const result = call();
    return result instanceof Promise ? result.catch(failed) : result;
  } catch (error) {
    return failed(error);
  }
}

/**
 * Stores already guarded (guarding twice would queue every write behind two queues), each with
 * the session it holds for this client (`heldSession`).
 */
const guarded = new WeakMap<object, () => StoredSession | null>();

/**
 * Digests (`idOf`) of the tokens a guarded store's client gave up (wrote, then replaced or
 * cleared; the last 16): revoked or rotated away, so another tab's word carrying one is a replay,
 * never taken (review 42: a forged replay of a logged-out login counted past its logout). Digests
 * only: no token is kept once given up.
 */
const spent = new WeakMap<object, number[]>();

/** Whether `token` is one this client gave up (`spent`). */
export const isSpent = (tokens: TokenStore | undefined, token: string): boolean =>
  !!tokens && !!spent.get(tokens)?.includes(idOf(token));

/**
 * A guarded store's clear unless `keep` says otherwise of the session it holds then: read and
 * cleared as one write, in the order of writes (`clearUnless`).
 */
const clearers = new WeakMap<object, (keep: (s: StoredSession | null) => boolean) => unknown>();

/**
 * The token store as the session uses it: sync stores stay sync (a logout clears them at once),
 * and every failure is a rejected promise with a `StorageError` (the store's own message is not
 * copied: it may hold the token it failed to write). Guarding a guarded store returns it as is.
 *
 * A read that fails answers the session this client holds (the last it wrote, or read), if any:
 * a store that cannot be read has not said "no session", and the logout must still revoke its
 * token (a read the store answers with none or another session: `heldSession`, `logoutSession`).
 *
 * Writes land in the order they were made (a slow `set` of a login must not land after the
 * logout's `clear` and bring the session back), but a write waits for the one before it at most
 * `STORE_WAIT_MS`: a `set` that never answers does not hold the logout's `clear` forever. When a
 * write it stopped waiting for lands after all, the latest write is made again, so the store ends
 * with the last word.
 *
 * Reads see the latest write while it is in flight: with an async store (IndexedDB, a native
 * bridge) the session hears `tokenRefreshed` before `set` settles, and a request retried on that
 * signal must read the new token, not the old one (a 401 although the refresh worked). A session
 * the store refused to write (quota, private mode) lives on in memory: reads answer it until a
 * write succeeds again or the session is cleared.
 */
export function guardStore(store: TokenStore, timers?: TimersLike): TokenStore {
  if (guarded.has(store)) return store;
  let writing: Promise<unknown> | null = null;
  /**
   * The session this client holds: the last it wrote (none after a clear) or read. A read that
   * fails answers it (a failed read is not "no session": the logout must still revoke its token).
   */
  let held: StoredSession | null = null;
  // A read of another login (a store shared with other tabs) is not ours: the one held stays, so a
  // tab giving its login up still finds its own token to revoke (`ownSession`).
  // Only a checked session is answered (review 158: a custom store's value the restore refused
  // still gave its token to a call made while restoring).
  const seen = (s: StoredSession | null) => {
    const read = parseStoredSession(s);
    if (read && (!held || sameLogin(read, held))) held = read;
    return read;
  };
  /** The latest write, to make again when an older one it overtook lands late. */
  let latest: { call: () => void | Promise<void>; started: boolean } | null = null;
  /** What reads answer instead of the store (undefined: the store's word). */
  let shown: StoredSession | null | undefined;
  const gone: number[] = [];
  /** The last session this client wrote (a read's is not its own to give up). */
  let wrote: StoredSession | null = null;
  const write = (value: StoredSession | null, call: () => void | Promise<void>): void | Promise<void> => {
    const entry = { call, started: false };
    latest = entry;
    if (wrote && wrote.accessToken !== value?.accessToken)
      gone.push(idOf(wrote.accessToken)) > 16 && gone.shift();
    wrote = value;
    shown = held = value;
    // Settled: the store's word again, but a session it refused stays (only the latest write's outcome counts).
    const after = (ok: boolean) => {
      if (latest === entry) shown = ok || !value ? undefined : value;
    };
    const run = () => {
      entry.started = true;
      const result = attempt(call);
      if (!(result instanceof Promise)) {
        after(true);
        return result;
      }
      return result.then(
        () => after(true),
        (error) => {
          after(false);
          throw error;
        },
      );
    };
    const result = writing ? within(writing, STORE_WAIT_MS, undefined, timers).then(run) : run();
    if (!(result instanceof Promise)) return result;
    writing = result;
    const done = () => {
      if (writing === result) writing = null;
      // An older write that landed after a newer one started: the newer one again.
      if (latest && latest !== entry && latest.started) settle(attempt(latest.call));
    };
    result.then(done, done);
    return result;
  };
  const result = service({
    get() {
      if (shown !== undefined) return shown;
      const read = attempt(() => store.get());
      return read instanceof Promise ? read.then(seen, (error) => held ?? Promise.reject(error)) : seen(read);
    },
    set: (session: StoredSession) => write(session, () => store.set(session)),
    clear: () => write(null, () => store.clear()),
  });
  guarded.set(result, () => held);
  raws.set(result, store);
  spent.set(result, gone);
  clearers.set(result, (keep) =>
    write(null, () => {
      const go = (s: StoredSession | null) => (keep(s) ? undefined : store.clear());
      const read = attempt(() => store.get());
      // (A read that fails: cleared, as with no session.)
      return read instanceof Promise ? read.then(go, () => go(null)) : go(read);
    }),
  );
  return result;
}

/** The session a guarded store holds for this client (none for a store not guarded). */
export const heldSession = (tokens: TokenStore): StoredSession | null => guarded.get(tokens)?.() ?? null;

/** Two stored sessions of one login (the same player, the same login id): a refresh keeps it. */
export const sameLogin = (a: StoredSession, b: StoredSession): boolean =>
  (a.userId ?? null) === (b.userId ?? null) && sidOf(a) === sidOf(b);

/** A login as the session holds it (`ownerOf`): its player and login id (none: a login of no id, any). */
export interface LoginOwner {
  userId: number | null;
  sid: number | null;
  /** The counter it is held at (`heldLogin`; none: no lineage is judged). */
  seq?: number | null;
}

/** Whether a stored session is of the login `owner` (a login of no id owns any: a session of before login ids). */
export const isOwn = (s: StoredSession | null | undefined, owner: LoginOwner): s is StoredSession =>
  !!s && (owner.sid === null || ((s.userId ?? null) === owner.userId && sidOf(s) === owner.sid));

/**
 * Whether a stored session names no login id (a client of an older version wrote it) of the player
 * of login `owner`, counted above the one held (`owner.seq`; none: never): that client's refresh of
 * this login, or a login of its own (AF-3). Only the held token's 401 tells them apart (`newerOwn`:
 * rotated away, it was this login's refresh, taken); until then it is no newer login here.
 */
export const isHeir = (s: StoredSession | null | undefined, owner: LoginOwner): s is StoredSession =>
  !!s &&
  owner.sid !== null &&
  s.sid === undefined &&
  // A KNOWN player, the login's (REVIEW-AG AG-3): a login whose answer named no player, or a
  // placeholder id (0, a negative, a fraction: REVIEW-AH AH-1), has no heir.
  Number.isSafeInteger(owner.userId) &&
  (owner.userId as number) > 0 &&
  s.userId === owner.userId &&
  (s.seq as number) > (owner.seq ?? Infinity);

/** The session a guarded store holds for this client (`heldSession`) when it is of the login `owner`, else none. */
export const ownHeld = (tokens: TokenStore, owner: LoginOwner): StoredSession | null => {
  const held = heldSession(tokens);
  return isOwn(held, owner) ? held : null;
};

/**
 * The session of login `owner` this client can send: the store's when it is of that login, else the
 * one it holds of it (`heldSession`: the last it wrote or read of that login), unless the store holds
 * a newer login (the tab's own is then given up). Never a token of another login. `newer`: the store
 * holds a newer login than this one.
 */
export function ownSession(
  tokens: TokenStore,
  stored: StoredSession | null | undefined,
  owner: LoginOwner,
): { own: StoredSession | null; newer: boolean } {
  if (isOwn(stored, owner)) return { own: stored, newer: false };
  const own = ownHeld(tokens, owner);
  const newer = !!stored && !isHeir(stored, owner) && (!own || isNewerSession(stored, own));
  return { own: newer ? null : own, newer };
}

/** How long the session waits for a store that does not answer before it goes on without it. */
export const STORE_WAIT_MS = 3_000;

/** `value`, or `fallback` after `ms` when it has not settled or failed (a store that never answers). */
export function within<T>(value: T | Promise<T>, ms: number, fallback: T, timers?: TimersLike): Promise<T> {
  const safe = value instanceof Promise ? value.catch(() => fallback) : value;
  return settleWithin(safe, ms, fallback, timers);
}

/** Reads a store that may answer sync or async, as a promise that never rejects (failure: null). */
export async function readStore(store: TokenStore): Promise<StoredSession | null> {
  try {
    return (await store.get()) ?? null;
  } catch {
    return null;
  }
}

/** Storage failures never crash the session: a rejected write is dropped here. */
export function settle(result: unknown): void {
  if (result instanceof Promise) result.catch(() => {});
}

/** The clock the verdict reads: the base, the server's time on it, and whether it is trusted. */
export interface ExpiryClock {
  now(): number;
  serverNow(): number;
  /** The one clock's trust (and whether it learned the server's time); null: always trusted (a clock without it). */
  clock: { trusted(): boolean; learned?(): boolean } | null;
}

/**
 * The clock read now (by an actor or an executed action, never by a guard or an `assign`). Never
 * throws: a clock that gives no time (it throws, or no finite number: `readingOf`) reads untrusted
 * and unlearned at 0, with the typed error as `error` (the session shows it, and judges nothing on it).
 *
 * @example
 * internal({ type: 'WAKE', reading: readClock(clock) });
 */
export const readClock = (c: ExpiryClock): ClockReading => {
  const at = readingOf(c.now);
  const serverAt = readingOf(c.serverNow);
  const error = typeof at === 'number' ? (typeof serverAt === 'number' ? 0 : serverAt) : at;
  return error
    ? { at: 0, serverAt: 0, trusted: false, learned: false, error }
    : {
        at: at as number,
        serverAt: serverAt as number,
        trusted: c.clock?.trusted() !== false,
        learned: c.clock?.learned?.() !== false,
      };
};

/** A stored session without its token: what the session machine may keep. */
export const metaOf = ({ accessToken: _token, ...meta }: StoredSession): SessionMeta => meta;

/**
 * Logout: the store is emptied the moment it starts (synchronously for the built-in stores), so a
 * stop or a crash mid-logout cannot leave the session behind; the request then revokes the token
 * it held. No storage failure stops it.
 */
export const logoutSession = /* @__PURE__ */ fromPromise<
  void,
  {
    auth: AuthModule;
    tokens: TokenStore;
    timers?: TimersLike;
    /** The login signed out (none: any, as before login ids). */
    owner?: LoginOwner;
  }
>(async ({ input, signal }) => {
  // Read and clear without awaiting a sync store: the store is empty before `logout()` returns.
  // A store that never answers holds the logout up for `STORE_WAIT_MS` at most.
  // (The session's store is guarded: its calls never throw, a failure is a rejected promise.)
  // The session this client holds of its login, taken before the clear forgets it: revoked too when
  // the store names another token or none (a read that failed or never answered, a store that lost it).
  const owner = input.owner ?? { userId: null, sid: null };
  const held = ownHeld(input.tokens, owner);
  const read = input.tokens.get();
  const stored =
    (read instanceof Promise ? await within(read, STORE_WAIT_MS, null, input.timers) : read) ?? held;
  // Only this login's tokens are revoked, and a newer login another tab stored (a shared store) stays:
  // a tab that has not heard of it yet never signs the player out of it (REVIEW-I i5).
  const { own: current, newer } = ownSession(input.tokens, stored, owner);
  const cleared = newer || input.tokens.clear();
  if (cleared instanceof Promise) await within(cleared, STORE_WAIT_MS, undefined, input.timers);
  const revoke = (s: StoredSession | null) =>
    input.auth.logout({ signal, ...(s && { accessToken: s.accessToken }) });
  await Promise.all([
    // None of this login and none other in the store: the request as before (the store's word).
    (current || !stored) && revoke(current),
    // The one held, when the store names another (`current` is then a session too): it may be dead
    // already (a refresh elsewhere rotated it), and its 401 is the goal.
    held &&
      held.accessToken !== current?.accessToken &&
      revoke(held).catch((e: { code?: unknown }) => {
        if (e.code !== 'unauthorized') throw e;
      }),
  ]);
});

/**
 * Writes the session a handle stands for, and gives it back (none: no token under the handle, or no
 * session held). The tabs flow tells the other tabs of it (`tellTabs`, ./flows.ts).
 */
export function writeSession(
  context: SessionContext,
  services: SessionServices,
  p: { handle: string },
): StoredSession | undefined {
  const token = services.vault.take(p.handle);
  if (!token || context.savedAt === null) return;
  const session = named(
    {
      accessToken: token,
      // Set with `savedAt` on every way in (`signedInFrom`: 'Bearer' when the answer named none;
      // `metaFields`: a stored session's, which has one), cleared with it (`forgotten`).
      tokenType: context.tokenType!,
      expiresAt: context.expiresAt,
      savedAt: context.savedAt,
      ...(context.timeBase === 'server' && { timeBase: 'server' as const }),
    },
    context,
  );
  settle(setUnlessStale(services.tokens, session));
  return session;
}

/**
 * `session` (changed in place) naming the player and login of `c` where it names none (a session
 * the store held from before they existed, one written from the context): the same keys in the same
 * order, each only when `c` has it.
 */
export function named(
  session: Omit<StoredSession, 'userId' | 'seq' | 'sid'> & Partial<StoredSession>,
  c: Pick<SessionContext, 'userId' | 'seq' | 'sid'>,
): StoredSession {
  const s = session as Record<string, unknown>;
  for (const k of ['userId', 'seq', 'sid'] as const) if (s[k] === undefined && c[k] !== null) s[k] = c[k];
  return session;
}

/** The store's answer now (a sync throw: none); a promise from a store that answers later. */
const peek = (tokens: TokenStore | undefined): ReturnType<TokenStore['get']> | null => {
  try {
    return tokens ? tokens.get() : null;
  } catch {
    return null;
  }
};

/**
 * `use` on the store's session: at once from a store that answers at once, else once it answered
 * (none when a read fails, or throws).
 */
export function readNow<T>(
  tokens: TokenStore | undefined,
  use: (stored: StoredSession | null) => T,
): T | Promise<T> {
  const read = peek(tokens);
  return read instanceof Promise ? read.then(use, () => use(null)) : use(read ?? null);
}

/**
 * Whether `stored` is of the login of `session` and not older than it (newer, or as new with
 * another token): writing `session` over it would put back a token that may be rotated away.
 */
export const isStale = (session: StoredSession, stored: StoredSession | null | undefined): boolean =>
  !!stored &&
  sameLogin(session, stored) &&
  stored.accessToken !== session.accessToken &&
  !isNewerSession(session, stored);

/**
 * The store's compare-and-set of a session: written unless the store holds its login's newer
 * session (`isStale`: a late message of another tab, a lagging tab's refresh). Read and written in
 * one turn from a store that answers at once (the built-in stores: memory, web storage). A store
 * that answers later is written at once, as before: a deferred write would leave a read in between
 * (the adapter's retry of a 401) with the token the refresh replaced.
 */
function setUnlessStale(tokens: TokenStore, session: StoredSession): unknown {
  const read = peek(tokens);
  if (read instanceof Promise) {
    settle(read);
    return tokens.set(session);
  }
  return isStale(session, read) ? undefined : tokens.set(session);
}

/**
 * A shared store may hold a newer session (another client of the store refreshed, or logged in
 * again while this tab was frozen): only our session, or an older one, is cleared. Another login
 * the store names is not ours to clear after an expiry or another tab's word (a new tab counts its
 * login from a cleared store, below ours: AK-1; its own tab ends it), but a logout made here
 * (`revoke` given) ends every login counted at or below it, so one such is cleared too (review 41:
 * a tab opened later restored it), as is its own login refreshed by another tab since, its token
 * revoked (review 42); by the counters alone (a login at ours, saved later, too). Decided on the
 * store as it is when this clear's turn comes among the writes (a guarded store: read and cleared
 * as one write), so a login taken here just after this sign-out (the next message, written after
 * it) is never cleared by it, with a store that answers later too (review 41).
 */
export function clearTokensUnlessNewer(
  context: SessionContext,
  tokens: TokenStore,
  /** A logout made here: revokes a token of the login logged out that the store holds then. */
  revoke?: (accessToken: string) => void,
): void {
  const ours = context.savedAt === null ? null : { seq: context.seq ?? undefined, savedAt: context.savedAt };
  const keep = (current: StoredSession | null) => {
    if (!current || !ours) return false;
    const own = isOwn(current, context);
    // A logout made here ends its login (another tab's refresh of it too, stored since: its token
    // revoked) and every login counted at or below it (review 42): only one counted above stays.
    if (revoke && current.seq !== undefined && ours.seq !== undefined) {
      // (Not one this client gave up: its logout revoked that one already.)
      if (own && !isSpent(tokens, current.accessToken)) revoke(current.accessToken);
      return !own && (current as StoredSession).seq! > ours.seq;
    }
    return isNewerSession(current, ours) || (current.sid !== undefined && !own);
  };
  // (The session's store is always guarded: context.ts.)
  settle(clearers.get(tokens)!(keep));
}
