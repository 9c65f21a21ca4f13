// The refresh flow: the refresh cycle as the session's child, the refresh call guarded against
// expired tokens, lost cross-tab races and failed claims, and the token's life it judges.
//
// The access token's life, kept and judged in server time (docs/time.md): a session's `savedAt` and
// `expiresAt` are stamped on the one clock's `serverNow()` right after the answer that taught it
// (the login, the refresh), and the stored session says so (`timeBase: 'server'`). A session
// stored before that field existed is on the device clock of the tab that wrote it ('device').
// The verdict fails closed both ways: a token is called expired only in server time on a trusted
// clock that learned it; when the clock cannot tell (a device-clock jump untrusted it, no answer's
// `Date` taught it yet, or the expiry is the device's own), the server is asked (a refresh) rather than the session ended or the token trusted.

import {
  AbortedError,
  type AuthModule,
  type RefreshTokenResponse,
  type StoredSession,
  UnauthorizedError,
} from 'pam-client';
import { asPamError, sleep } from 'pam-client/internal';
import { sendParent } from 'xstate';
import { fromPromise } from '../actor-logic';
import { isTime, readClock as tellReading } from '../clock';
import { type CrossTab, refreshWait } from '../cross-tab';
import { onWake } from '../environment';
import { afterStep } from '../machine-setup';
import { tokenRefreshMachine } from '../tokenRefreshMachine';
import { type Claim, type ClaimOptions, LOST_RACE_GRACE_MS, newerOwn, REFRESH_PATH } from './claim';
import { ownerOf, servicesOf } from './context';
import { actionsOf, internal, type Owner, type SessionInternalEvent, takeTicket, trusted } from './events';
import { flying, othersLanded } from './flights';
import { MAX_TOKEN_LIFE_MS, nextCounter, timed } from './order';
import { revokeHandle, revokeToken, seamsOf } from './revoke';
import {
  type ExpiryClock,
  isOwn,
  ownHeld,
  ownSession,
  readClock,
  readNow,
  readStore,
  service,
  settle,
  timeBaseOf,
} from './store';
import type { ClockReading, SessionContext, TimeBase, Vault } from './types';

/**
 * A machine's one clock read (`readClock`, clock.ts), its event told again with the reading and
 * marked as our own, so the client's guarded door (session-facade.ts) lets it through: the
 * session's refresh cycle and login child.
 */
export const readClockTrusted = /* @__PURE__ */ afterStep((a: Parameters<typeof tellReading>[0]) =>
  tellReading({ ...a, self: { send: (e) => a.self.send(trusted(e as object) as never) } }),
);

/**
 * The refresh cycle as a child of the session. XState has no declarative way for a parent to
 * hear a child's `emit` (statelyai/xstate#5059), so the session provides the cycle's notify
 * actions with versions that tell the parent. The refreshed token arrives as a vault handle, with
 * the login it was refreshed for and the server time it arrived at, both read by the call
 * (`guardedRefresh`'s answer): the session takes it in one trip, for that login only.
 */
export const sessionRefreshCycle = /* @__PURE__ */ (() =>
  tokenRefreshMachine.provide({
    actions: {
      readClock: readClockTrusted,
      // Only the outcome our own call stamped, once (`stamp`): a forged or replayed
      // `xstate.done.actor.refresh` (XState's `_send`, the system's relay) is no token, and its
      // `at` never moves the session's times; the refresh it cut short is made again (the
      // session's REFRESH, which it tells the cycle).
      // The session is first told the counter of the token the call sent (`HEARD`): the refreshed
      // session is strictly newer than it (`nextCounter`), never a tie with the session another tab
      // refreshed that token from (rk10 x5).
      emitRefreshed: actionsOf(({ event }: { event: { output: Stamped & { access_token: string } } }) => {
        const { output } = event;
        return takeTicket(output)
          ? [
              output.after !== null && sendParent(internal({ type: 'HEARD', seq: output.after })),
              sendParent(
                internal({
                  type: 'TOKEN_REFRESHED',
                  handle: output.access_token,
                  at: output.at,
                  owner: output.owner,
                }),
              ),
            ]
          : [sendParent({ type: 'REFRESH' })];
      }),
      // Each send its own event object (the door lets an internal event's object through once).
      emitExpired: sendParent(() => internal({ type: 'SESSION_EXPIRED' })),
      emitRefreshFailed: sendParent(({ context }) =>
        internal({ type: 'REFRESH_FAILED', error: context.error! }),
      ),
    },
  }))();

/** A refresh's answer as the session's call gives it: when it arrived and for which login. */
interface Stamped {
  at: number;
  owner: Owner;
  /** The counter the refreshed session comes after: the sent token's (none: a session of no counter). */
  after: number | null;
}

export interface GuardedRefreshOptions extends ClaimOptions {
  auth: Pick<AuthModule, 'refreshToken' | 'logout'>;
  /** 0..1, the jitter of a revoke sent again (`revokeToken`; none: a revoke is sent once). */
  random?: (() => number) | undefined;
  now: () => number;
  serverNow: () => number;
  clock: ExpiryClock['clock'];
  vault: Vault;
  /**
   * With other tabs, the tabs flow's claim (`claimOrGiveWay`, given by its part): none without
   * that flow, whose bundle then carries none of it.
   */
  claim?: Claim | undefined;
  /** Whether the session itself stopped (its actor's status): a refresh answered after, `tookBack`. */
  ended?: () => boolean;
}

/**
 * `auth.refreshToken`, guarded:
 * - a token past its announced expiry is not sent: the session ends without a request;
 * - with other tabs (and the tabs flow's `claim`), the refresh is claimed first (`claimOrGiveWay`);
 * - the winner tells the others of a failure at once (the tabs flow's claim too);
 * - a 401 is not believed when another client of the same store (or another tab) has rotated the
 *   token meanwhile: the newer token is taken instead, so the loser of a race never ends a valid
 *   session (shared stores without a channel included).
 * The token it returns is a vault handle, stamped with the server time it arrived at and `owner`.
 */
/**
 * A new token into the vault, stamped with its arrival in server time and its login: the clock read
 * then, or, when it gives no time then, `sent` (the reading before the request: earlier, so the
 * token's life is never counted past the truth), and the counter it comes after (`after`).
 */
const stamp = (o: GuardedRefreshOptions, token: string, sent: ClockReading, after: number | undefined) => {
  const r = readClock(o);
  const stamped: RefreshTokenResponse & Stamped = {
    access_token: o.vault.put(token),
    at: (r.error ? sent : r).serverAt,
    owner: o.owner,
    after: Number.isSafeInteger(after) ? (after as number) : null,
  };
  // Built here, once, frozen: the only outcome the session takes (`emitRefreshed`).
  return trusted(Object.freeze(stamped));
};

/**
 * A call that grants a token (a login, a refresh), sent without `signal`: it runs to its end (the
 * adapter's timeout bounds it) whatever becomes of the actor that made it. When `signal` aborts
 * (its actor stopped: a sign-out, an adoption, a login abandoned), the promise rejects at once as
 * aborted, and the answer, when it comes (or had come: the actor stopped before taking it), goes to
 * `late`: the server granted that token whether or not anyone still reads it, and aborting the
 * HTTP call only left it live. Not sent when `signal` has already aborted.
 */
export const detached = <T>(
  send: () => Promise<T>,
  signal: AbortSignal | undefined,
  late: (answer: T) => unknown,
) =>
  new Promise<T>((resolve, reject) => {
    const stop = () => reject(new AbortedError('POST', 'grant'));
    if (signal?.aborted) return stop();
    const call = send();
    call.then(resolve, reject);
    signal?.addEventListener(
      'abort',
      () => {
        stop();
        settle(call.then(late));
      },
      { once: true },
    );
  });

/**
 * A refreshed token the cycle no longer waits for (its call stopped: a sign-out, an adoption, its
 * flight counted lost) leaves no token in the vault. It is revoked when the store no longer holds its
 * login (a sign-out, another login): the server issued it and no tab knows of it. For the login still
 * held it is given back, with its answer (the cycle's next try takes it; a cycle restarted on another
 * tab's refresh drops it): what a logout with a sibling token ends at the server is not said (it may
 * be the login itself, in every tab). A login of no id (stored before login ids) is held only while
 * the store holds the token it sent (`sent`): its id is its token's (`sidOf`), and "any" would give a
 * token of an ended login back to the next login, another player's too (REVIEW-AC AC-2).
 */
const tookBack = (o: GuardedRefreshOptions, out: { access_token: string; at?: number }, sent: string) =>
  readStore(o.tokens).then((s) => {
    if (!isOwn(s, o.owner) || (o.owner.sid === null && s.accessToken !== sent))
      return revokeHandle(o, out.access_token);
    const token = o.vault.take(out.access_token);
    // The session itself stopped (its client's `stop()`: an unmount, a hot reload): no next try
    // comes, and the server rotated the token the store holds. Still that one: the refreshed session
    // is stored in its place, on the answer's time with the login's life (`refreshed`), the next
    // counter, so the page opened again restores a live session (review 131: it restored the
    // rotated-away token, and the player was signed out at its first read).
    const at = out.at as number;
    if (o.ended?.() && s.accessToken === sent && token && isTime(at)) {
      const life = s.expiresAt === null ? null : Math.min(s.expiresAt - s.savedAt, MAX_TOKEN_LIFE_MS);
      settle(
        o.tokens.set({
          ...s,
          accessToken: token,
          savedAt: at,
          expiresAt: life === null ? null : at + life,
          timeBase: 'server',
          seq: nextCounter(s.seq as number),
        }),
      );
    }
    return [token, out];
  });

const unauthorized = () => new UnauthorizedError({ status: 401, method: 'POST', path: REFRESH_PATH });

/**
 * The session of the login held, to refresh, from the store's session `stored` (`ownSession`). None
 * (a newer login in the store, or no token of this login left): this login is given up here, its
 * token revoked (no tab sends it any more), and the refresh fails as a 401 (the session signs out
 * here, and takes the newer login when it hears of it).
 */
function ownToken(o: GuardedRefreshOptions, stored: StoredSession | null): StoredSession {
  const { own, newer } = ownSession(o.tokens, stored, o.owner);
  const held = ownHeld(o.tokens, o.owner);
  if (own) return own;
  if (newer && held) revokeToken(o.auth, held.accessToken, seamsOf(o));
  throw unauthorized();
}

/** A refresh sent: its token, its answer, and what its stopped call made of that (`tookBack`). */
type Lost = [string, Promise<{ access_token: string }>?, Promise<unknown>?];

export function guardedRefresh(o: GuardedRefreshOptions): Pick<AuthModule, 'refreshToken'> {
  // The last refresh sent: the token it sent, its answer, and, once its call stopped, what that made
  // of it (`tookBack`). A flight the cycle counted lost after the send (its own bound, timers firing
  // late: not the server's word) may have had that token rotated: sent again, a 401 would end a live
  // session.
  let lost: Lost | undefined;
  return service({
    async refreshToken(options) {
      const signal = options?.signal ?? new AbortController().signal;
      // Only a token of the login held is sent (the store's, else the one this client holds of it): a
      // store shared with other tabs may hold another login's by now (REVIEW-I i5: a lagging tab's
      // refresh rotated away the newer login of another tab). A newer login there: this one is given up.
      const before = ownToken(o, await readStore(o.tokens));
      // That answer, while the token it sent is still held: waited for by the next try only (none
      // comes: the adapter's timeout, else this flight's bound, Z-1; the try after sends again), and
      // taken, nothing sent.
      const l = lost;
      lost = undefined;
      // (`l[2]` is read once the answer came: the stopped call's reaction to it, `tookBack`, was
      // added at the stop, before this try began, so it has run by then.)
      const k = (l?.[0] === before.accessToken &&
        (await l[1]!.then(
          () => l[2],
          () => 0,
        ))) as [string | null, object] | undefined;
      // Taken, nothing sent; this try stopped meanwhile (its own flight bound, Z-1): kept for the
      // next, unless a request was sent since.
      if (k?.[0]) {
        if (!signal.aborted) return trusted(Object.freeze({ ...k[1], access_token: o.vault.put(k[0]) }));
        lost ??= l;
      }
      // The one reading check (`readClock`): a clock that gives no time (it throws, NaN, ±Infinity)
      // judges nothing: no request, no expiry, its typed error (`unexpected`) as the failure.
      const sent = readClock(o);
      if (sent.error) throw sent.error;
      if (verdictAt({ expiresAt: before.expiresAt, timeBase: timeBaseOf(before) }, sent) === 'expired') {
        // Nothing sent: the token's announced life is over in server time (after a sleep longer
        // than it). One the clock cannot judge (`ask`) is sent: the server's answer decides.
        throw unauthorized();
      }
      let own = before;
      let mine: object | undefined;
      // The tabs' steps (`Claim`), only with other tabs to hear.
      const claim = o.crossTab && o.claim;
      if (claim) await claim(o, signal);
      try {
        // Read again once claimed (the claim waits): what is sent is this login's token of now,
        // told to the tabs flow (`sending`).
        if (claim) {
          own = ownToken(o, await readStore(o.tokens));
          sending.set(o.crossTab!, own);
        }
        const r: Lost = [own.accessToken];
        let end!: () => void;
        return await detached(
          () => {
            // On its way on this store (once sent: one stopped before is none, review 140) until its
            // answer is taken, or stored by its stopped call (`tookBack`), or it failed: a 401 of the
            // same token waits for it (`othersLanded`).
            mine = flying(o.tokens, r[0], new Promise<void>((f) => (end = f)), () => signal.aborted);
            // biome-ignore lint/suspicious/noAssignInExpressions: the record of the call sent, its answer in it
            const call = ((lost = r)[1] = o.auth
              .refreshToken({ accessToken: own.accessToken })
              .then((answer) =>
                // A newer login stored meanwhile: this one's new token is not kept (nor sent) by anyone.
                // (A sync store read at once: the token is taken in the same turn as before.)
                readNow(o.tokens, (stored) => {
                  if (ownSession(o.tokens, stored, o.owner).newer) {
                    revokeToken(o.auth, answer.access_token, seamsOf(o));
                    throw unauthorized();
                  }
                  return stamp(o, answer.access_token, sent, own.seq);
                }),
              ));
            call.then(() => signal.aborted || end(), end);
            return call;
          },
          signal,
          // Its answer once its call stopped: `tookBack`, the token kept with the answer.
          (out) => {
            r[2] = tookBack(o, out, r[0]);
            r[2].then(end, end);
          },
        );
      } catch (error) {
        const e = asPamError(error);
        if (e.code === 'aborted') throw error;
        // A 401: the store read at once, and once more after the lost-race grace (with other tabs the
        // claim's; without, the same wait: another client of the store with no channel may be storing
        // its newer token, AE-1), before the 401 is final (`newerOwn`).
        const failed = e.code === 'unauthorized' && own;
        // (And once the other refreshes of that token on this store settled: a client stopped with
        // its refresh in flight stores its answer when it lands, review 134.)
        const newer =
          (failed &&
            ((await newerOwn(o, failed)) ||
              ((await othersLanded(o.tokens, own.accessToken, mine, o.waitMs, o.timers, signal)) &&
                (await newerOwn(o, failed))))) ||
          (claim
            ? await claim(o, signal, failed)
            : failed && !(await sleep(LOST_RACE_GRACE_MS, signal, o.timers)) && (await newerOwn(o, failed)));
        // Another tab's refresh, taken as stored: counted as that one (after the one before it).
        // (No counter: NaN, which `stamp` takes as none.)
        if (newer) return stamp(o, newer.accessToken, sent, (newer.seq as number) - 1);
        throw error;
      }
    },
  });
}

/**
 * The session a tab's last refresh call sent (by the tab's channel). The tabs flow takes no word of
 * that login's session counted at or below it: that token is rotated by this call, whose answer (or
 * 401) decides. (Kept once the call is over: such a word is then that token at best, which the call
 * may have rotated; the next refresh reads the store.)
 */
export const sending = new WeakMap<CrossTab, StoredSession>();

/**
 * The clock's reading the event that entered `signedIn` carries: the restore's and the login's (in
 * their output, read by those actors) or an adoption's (read by the tabs flow). None on an event
 * built by hand (a test's), nor one of no time (`timed`): the cycle then reads its own clock when it
 * starts.
 */
export const readingOf = (event: object): ClockReading | undefined =>
  timed(
    (event as { reading?: ClockReading }).reading ??
      (event as { output?: { reading?: ClockReading } | null }).output?.reading,
  );

/**
 * The refresh cycle's input. It starts from when the token was saved: the reading of the event that
 * signed the session in after a login, or the stored `savedAt` after a restore (a tab reopened 5 h
 * in refreshes 1 h later, not 6). Pure: the times come from the context and that event.
 */
export const refreshCycleInput = (
  c: SessionContext,
  event: object,
  claim?: Claim,
  session?: { getSnapshot(): { status: string } },
) => {
  const s = servicesOf(c);
  const r = readingOf(event);
  return {
    auth: guardedRefresh({
      ...s,
      waitMs: refreshWait(c.refreshWaitMs),
      owner: ownerOf(c),
      claim,
      ended: () => session?.getSnapshot().status === 'stopped',
    }),
    intervalMs: c.intervalMs,
    tickMs: c.tickMs,
    // The flight lost after 10 min, not the cycle's 60 s: those ran from the claim's start, so timers
    // that fire late together (a throttled tab) cut every claim before it sent anything, and a 401
    // answered in the lost-race grace went to a stopped actor (the session kept a dead token). But
    // bounded (REVIEW-Z Z-1: with none, a refresh never answered, `timeout: Infinity` or an adapter
    // without one, held the session in `refreshing` for good, every 401 waiting on it).
    flightMs: 600_000,
    now: s.now,
    random: s.random,
    at: r?.at,
    // The cycle counts on the clock's base: the session's server times less the offset read then.
    savedAt: onBase(c.savedAt, c.timeBase, r) ?? r?.at,
    expiresAt: onBase(c.expiresAt, c.timeBase, r),
  };
};

/**
 * A refreshed token: saved at `now`, its arrival in server time (the refresh's answer has just
 * taught the clock), with the same life span the login announced (a refresh carries none). Pure.
 */
export function refreshed(context: SessionContext, now: number): Partial<SessionContext> {
  const seq = nextCounter(context.clock);
  const expiresAt =
    context.expiresAt !== null && context.savedAt !== null
      ? now + (context.expiresAt - context.savedAt)
      : null;
  return { savedAt: now, expiresAt, timeBase: 'server', seq, clock: seq, error: null };
}

// The claim's (./claim.ts), where the session's parts (and tests: the grace) name them.
export {
  type Claim,
  claimOrGiveWay,
  /** @internal */
  LOST_RACE_GRACE_MS,
} from './claim';
export { type ExpiryClock, readClock } from './store';

/**
 * The wake-up listener's input: the page's signals, and the session told `WAKE` with the clock as
 * read when one fires (the session judges the reading, never the clock).
 */
export const wakeInputOf = (c: SessionContext, session: { send(event: SessionInternalEvent): void }) => {
  const services = servicesOf(c);
  return {
    ...services.signals,
    wake: () => session.send(internal({ type: 'WAKE', reading: readClock(services) })),
  };
};

/**
 * The session's wake-up listener: the page may have slept (visible again, focus, back online). A
 * promise that never settles, whose stop (an abort) unsubscribes: a bundle of the session carries
 * no `fromCallback` (issue 33).
 */
export const sessionWake = /* @__PURE__ */ fromPromise<never, ReturnType<typeof wakeInputOf>>(
  ({ input, signal }) =>
    new Promise(() => {
      // (`signal` is the actor's own, new when it starts: never aborted here.)
      signal.addEventListener('abort', onWake(input, input.wake), { once: true });
    }),
);

/**
 * Whether a token's life is over at the reading `r` (a pure function of the session and a reading
 * made by `readClock`, the one reading check): `live`, `expired` (server time, on a trusted clock
 * that learned it), `ask` (it looks over, but the clock cannot tell: untrusted, or no server time
 * learned yet, REVIEW-T T-6: the server decides), or `none` (the clock gave no
 * time: nothing is judged, neither an expiry nor a refresh).
 *
 * @example
 * verdictAt({ expiresAt: t, timeBase: 'server' }, readClock(clock)); // 'live' | 'expired' | 'ask' | 'none'
 */
export function verdictAt(
  s: { expiresAt: number | null; timeBase: TimeBase },
  r: ClockReading,
): 'live' | 'expired' | 'ask' | 'none' {
  const server = s.timeBase === 'server';
  const at = server ? r.serverAt : r.at;
  if (r.error || !isTime(at)) return 'none';
  if (s.expiresAt === null || s.expiresAt > at) return 'live';
  return server && r.trusted && r.learned !== false ? 'expired' : 'ask';
}

/**
 * An instant of the session's time base on the clock's base (`now()`), for the refresh cycle,
 * which counts on the base: server time less the offset of the reading `r` (none: no offset). No
 * instant (null): none.
 */
export const onBase = <T extends number | null>(t: T, base: TimeBase, r: ClockReading | undefined): T =>
  (t !== null && base === 'server' && r ? t - (r.serverAt - r.at) : t) as T;

/** The token life the server announced, clamped to something a clock can hold. */
export function expiryOf(expiresIn: unknown, now: number): number | null {
  // (`Number.isFinite` is false for anything but a finite number: no `typeof` needed.)
  if (!Number.isFinite(expiresIn) || (expiresIn as number) <= 0) return null;
  return now + Math.floor(Math.min((expiresIn as number) * 1000, MAX_TOKEN_LIFE_MS));
}
