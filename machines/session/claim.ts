// The tabs' claim of a refresh (the tabs flow's `Claim`, given by its part): one refresh for all the
// tabs, claimed first; a tab that gives way waits for the winner's outcome; a 401 is final only once
// the store holds no newer token of the login (`newerOwn`, which the refresh reads without tabs too).
// Here, not in ./refresh.ts: a session without the tabs flow carries none of the claim itself.

import {
  AbortedError,
  type StoredSession,
  TimeoutError,
  type TokenStore,
  UnauthorizedError,
} from 'pam-client';
import { type CrossTab, wait } from '../cross-tab';
import type { TimersLike } from '../environment';
import type { Owner } from './events';
import { isNewerSession } from './order';
import { isHeir, isOwn, readStore } from './store';

export const REFRESH_PATH = '/users/refresh-token';

/** How long a tab whose refresh answered 401 listens for a newer token from another tab. */
export const LOST_RACE_GRACE_MS = 1_000;

/** What the claim reads of the refresh's options (`GuardedRefreshOptions`, ./refresh.ts). */
export interface ClaimOptions {
  tokens: TokenStore;
  crossTab: CrossTab | null;
  timers: TimersLike;
  /** How long a tab that gave way waits for the winner's outcome: the adapter's timeout. */
  waitMs: number;
  /** The login the refresh is for (the one held when the cycle started). */
  owner: Owner;
}

/**
 * The tabs' steps of a refresh call: before it is sent (resolves to send it, throws to give way),
 * and once it failed (`failed`: for a 401 no newer stored token explains, a lost race, the session
 * whose token was sent; else `false`), then resolving to the newer stored session of the login that
 * explains the 401 after all (`newerOwn`), else none. Called only when the session has other tabs
 * to hear (`o.crossTab`).
 */
export type Claim = (
  o: ClaimOptions,
  signal: AbortSignal,
  failed?: StoredSession | false,
) => Promise<StoredSession | undefined | void>;

/**
 * The store's session of the login refreshed when it is newer than `sent`, the one whose token the
 * server answered 401: another tab's (or another client's of the same store) refresh of it, taken as
 * stored; or an id-less one of the player counted above the login (`isHeir`): the token sent was
 * rotated away, so an older client refreshed it (AF-3). One another tab stored for another login is
 * never taken as this login's (the 401 stands: the tabs flow adopts it).
 */
export const newerOwn = async (o: ClaimOptions, sent: StoredSession) => {
  const current = await readStore(o.tokens);
  return (isOwn(current, o.owner) || isHeir(current, o.owner)) &&
    current.accessToken !== sent.accessToken &&
    isNewerSession(current, sent)
    ? current
    : undefined;
};

/**
 * The refresh claimed first (the tabs flow's `Claim`): a tab that gives way waits for the winner's
 * outcome (at most `waitMs`): its token (adopted by the session, which aborts this wait), its
 * backing off (shared), or its expiry (its sign-out, judged by the tabs flow). A failure of its own call
 * (`failed`) is told to the others at once; after a lost race the other tabs are first asked for
 * their session and heard for `LOST_RACE_GRACE_MS`.
 */
export const claimOrGiveWay: Claim = async (o, signal, failed) => {
  const crossTab = o.crossTab!;
  // Our call ended with no verdict, another tab's expiry of this login heard meanwhile and left to
  // it (`ignoredExpiry`): that expiry stands (fail closed), unless the store holds a session of this
  // login counted above it (another tab's refresh since, taken as a 401's `newerOwn` is).
  const expired = ignoredExpiry.get(crossTab);
  ignoredExpiry.delete(crossTab);
  if (failed === false && expired !== undefined) {
    const current = await readStore(o.tokens);
    if ((isOwn(current, o.owner) || isHeir(current, o.owner)) && current.seq! > expired) return current;
    crossTab.publishRefreshFailed(true, o.owner.sid);
    throw new UnauthorizedError({ status: 401, method: 'POST', path: REFRESH_PATH });
  }
  if (failed !== undefined) {
    // The winner's answer may be held for long: heard for while another tab's claim is live (its
    // call on its way), at most the refresh's own timeout (then signed out: fail closed). Taken
    // meanwhile (this call's `signal` aborts), nothing is told. Then the store is read once more
    // (Z-6): a newer token of this login stored meanwhile, whose word never came (a lost or late
    // message, a client of the same store with no channel), is taken, and no failure told.
    if (failed) crossTab.requestSync();
    for (
      let t = 0;
      failed &&
      (t < LOST_RACE_GRACE_MS || ((crossTab as { claimed?(): boolean }).claimed?.() && t < o.waitMs));
      t += 100
    )
      if (!(await wait(o.timers, 100, signal))) return;
    return (failed && (await newerOwn(o, failed))) || crossTab.publishRefreshFailed(!!failed, o.owner.sid);
  }
  if ((await crossTab.claimRefresh(signal)) !== 'yield') return;
  // The winner backing off, or `waitMs` over, or `signal` aborted. An expiry is no word here: a
  // failure names no rotation (another tab's late word of a token rotated since, REVIEW 13 (b)); the
  // winner's expiry follows it as a sign-out with its counter, which the tabs flow judges (`endsOurs`).
  // (Aborted already, e.g. while the claim waited: no wait; an abort listener added now never fires.)
  if (!signal.aborted)
    await new Promise<void>((resolve) => {
      const stop = new AbortController();
      const unsubscribe = crossTab.subscribe((message) => {
        if (message.type === 'refreshFailed' && !message.expired) finish();
      });
      signal.addEventListener('abort', finish, { once: true });
      // (Also once `stop` aborted it: `finish` again changes nothing.)
      wait(o.timers, o.waitMs, stop.signal).then(finish);
      function finish() {
        unsubscribe();
        signal.removeEventListener('abort', finish);
        stop.abort();
        resolve();
      }
    });
  if (signal.aborted) throw new AbortedError('POST', 'refreshToken');
  // The winner's failure (or no word within the adapter's timeout) backs off like a failed refresh
  // of our own.
  throw new TimeoutError('POST', REFRESH_PATH, o.waitMs);
};

/**
 * Another tab's expiry of this tab's login that the tabs flow did not take because this tab's own
 * refresh call was on its way (`ownCall`, ./tabs.ts: that call's answer decides), by the tab's
 * channel: the expired counter. Judged if that call ends with no answer that decides (a network
 * error, a timeout, a 5xx: `claimOrGiveWay` with `failed === false`); forgotten when a claim
 * starts. (REVIEW-AJ AJ-3: such a tab stayed signed in, free to bet, for hours on a revoked login.)
 * Last in the module: a bundle without the tabs flow drops it leaving no trace (lean's bytes).
 */
export const ignoredExpiry = /* @__PURE__ */ new WeakMap<CrossTab, number>();
