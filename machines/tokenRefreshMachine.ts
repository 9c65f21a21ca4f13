import {
  type AuthModule,
  initialRefreshState,
  type PamError,
  REFRESH_INTERVAL_MS,
  type RefreshState,
  type RefreshTokenResponse,
  retryAfterMs,
  TimeoutError,
} from 'pam-client';
import { asPamError, clampDelay, refreshSchedule } from 'pam-client/internal';
import { assign, type DoneActorEvent, emit, raise } from 'xstate';
import { fromPromise } from './actor-logic';
import { finiteOr, READ, type Read, readClock, readingOf, steadyClock } from './clock';
import { machineSetup } from './machine-setup';

/**
 * What `tokenRefreshMachine` needs.
 *
 * @example
 * createActor(tokenRefreshMachine, { input: { auth, tickMs: 30_000 } });
 */
export interface TokenRefreshInput {
  auth: Pick<AuthModule, 'refreshToken'>;
  /**
   * Time from a saved token to a due refresh. Default `REFRESH_INTERVAL_MS` (6 h). At least
   * `MIN_REFRESH_INTERVAL_MS` (1 s): a smaller positive value is raised to 1 s; 0, a negative
   * number, NaN or Infinity takes the default (a refresh loop must never spin).
   */
  intervalMs?: number;
  /** Longest wait between two checks while idle. Default 60 000 ms; at least 1 s. */
  tickMs?: number;
  /**
   * How long a refresh may be in flight: one in flight for OVER it counts as lost (stopped,
   * aborted, a failure with a `TimeoutError`), as the core's `shouldRefreshToken` judges. Default
   * 60 000 ms (`REFRESH_IN_FLIGHT_TIMEOUT_MS`); a value that is no finite number >= 1 takes it.
   */
  flightMs?: number;
  /**
   * The clock, read by actions only (an event without a reading `at` has it read, then is told
   * again with it). Default: the one clock's steady base (`steadyClock()`, docs/time.md). A
   * reading that throws or is no finite number never crashes the cycle: it is judged at the epoch
   * (nothing is due; the check comes again a tick later; a save is due once the clock reads) and
   * `context.error` holds the typed error (`unexpected`).
   */
  now?: () => number;
  /**
   * The clock's reading when this input was made (`now()` then): the start is judged at it.
   * Without it, `now()` is read once when the actor's first snapshot is made.
   */
  at?: number;
  /**
   * Start signed in, with a token saved at this time (a session restored from storage, or one a
   * parent machine just stored), as if `TOKEN_SAVED` had been sent. Default: start `signedOut`.
   */
  savedAt?: number;
  /**
   * When the token saved at `savedAt` expires (epoch ms), if the server said (`expires_in`). The
   * refresh is then due at the earlier of `savedAt + intervalMs` and `expiresAt - margin` (see
   * `expiryMarginMs`); a refreshed token is assumed to live as long as the one it replaced.
   */
  expiresAt?: number | null;
  /**
   * 0..1. When given, each backoff after a failure is stretched by a random 0–20 %, so tabs and
   * devices that failed together do not retry together. Default: no jitter (exact 30 s, 60 s, …).
   */
  random?: () => number;
}

/** The machine's context: settings, the refresh state and the last error. No token. */
export interface TokenRefreshContext {
  /** A service: never persisted; a restored actor takes it from its fresh `input`. */
  auth: Pick<AuthModule, 'refreshToken'>;
  intervalMs: number;
  tickMs: number;
  /** How long a refresh may be in flight before it counts as lost (`input.flightMs`). */
  flightMs: number;
  /** A service, like `auth`. */
  now: () => number;
  /** How long a token lives (from the last `expiresAt`), or null when unknown. */
  lifeMs: number | null;
  /** Driven only by the refresh-cycle functions of `pam-client`. Holds no token. */
  refresh: RefreshState;
  error: PamError | null;
  /** A service, like `auth` (none: absent or null). */
  random?: (() => number) | null;
  /** Not before this wall-clock time: the failure backoff with jitter, or the server's `Retry-After`. */
  notBefore: number | null;
}

// When the cycle looks again: the core's schedule, `refreshSchedule(…)` = [dueAt, backoffMs], read
// at the context's settings.

// The refresh cycle's states, built here from times the clock read (finite): the public `mark*`
// functions check their caller's input (REVIEW-O 2), which this machine need not pay for.
/** As `markTokenSaved(at)`. */
const savedState = (at: number): RefreshState => ({ ...initialRefreshState, tokenSavedAt: at });
/** As `markRefreshCompleted(state, false, at)`. */
const failed = (s: RefreshState, at: number): RefreshState => ({
  ...s,
  inFlightSince: null,
  failures: s.failures + 1,
  lastFailureAt: at,
});

/**
 * The context's part after a token saved at `savedAt` (a save "in the future", another device's
 * clock, counts as saved at the reading `now`: it must not postpone the refresh), with the token's
 * life from its expiry (null when the expiry is unknown or absurd).
 */
const saved = ({ savedAt, expiresAt }: { savedAt?: number; expiresAt?: number | null }, now: number) => ({
  // (A number only: a numeric string (read from storage without `Number()`) compared as one, then
  // added to the interval as text, put the refresh ~1.7e20 ms away: review 79.)
  refresh: savedState(typeof savedAt === 'number' && savedAt < now ? savedAt : now),
  lifeMs: Number.isFinite(expiresAt)
    ? Math.max(0, (expiresAt as number) - (Number.isFinite(savedAt) ? (savedAt as number) : now))
    : null,
  error: null,
  notBefore: null,
});

/**
 * How long until a refresh may start, from the reading `now`: until it is due (the interval after
 * the save, or earlier for a token about to expire) and any backoff (`notBefore`) has passed; 0 or
 * less when it may start now, Infinity when no token is saved (never due; `idle`, the one state
 * that asks, always has one).
 */
function untilDue(c: TokenRefreshContext, now: number): number {
  const due = refreshSchedule(c.refresh, c)[0]!;
  return Math.max(due, c.notBefore ?? due) - now;
}

/** The reading an event carries: its `at`, or the start's (`input.at`). */
const atOf = (event: object): number | undefined =>
  (event as { at?: number }).at ?? (event as { input?: { at?: number } }).input?.at;

/** What `tokenRefreshMachine` accepts. */
export type TokenRefreshEvent =
  /**
   * A token was stored (login, registration, restored session). `savedAt` (an addition to the
   * contract, optional) is when it was stored, for a session restored from storage; default now.
   * `accessToken` is not kept: the machine only needs to know that one was saved. `at`: as TICK's.
   */
  | { type: 'TOKEN_SAVED'; accessToken: string; savedAt?: number; expiresAt?: number | null; at?: number }
  /**
   * A navigation: check whether a refresh is due (the internal timer does the same). `at` (an
   * addition, optional): the clock's reading (`now`) when the sender read it, judged instead of
   * the clock; without it, the clock is read first (an action).
   */
  | { type: 'TICK'; at?: number }
  /** Refresh now, ignoring interval and backoff, unless a refresh is in flight. `at`: as TICK's. */
  | { type: 'REFRESH'; at?: number }
  /** Stop the cycle (the session logs out; this machine sends nothing). */
  | { type: 'SIGN_OUT' }
  /** Sent by `restoreActor` (XState persists no timer): arms the timers again, as a TICK does. */
  | { type: 'xstate.restore' };

/**
 * What `tokenRefreshMachine` emits; listen with `actor.on(type, handler)`.
 *
 * @example
 * actor.on('refreshFailed', ({ error }) => console.warn('refresh will be retried', error.code));
 */
export type TokenRefreshEmitted =
  | { type: 'tokenRefreshed'; accessToken: string }
  | { type: 'sessionExpired' }
  /** A refresh failed for another reason than 401: the session is kept, retried after backoff. */
  | { type: 'refreshFailed'; error: PamError };

/**
 * An event read before the cycle's last save or failure (delivered out of order), not read here
 * yet (`readClock` adds `roll`, so once only): read again (a named arrow: the diagrams show its
 * name). Else a REFRESH's flight would count from a time the cycle has passed, and the next TICK
 * would lose it a few seconds in (a failure, a backoff); a TICK would pull that save back to its
 * reading.
 */
const stale = ({ context: c, event }: { context: TokenRefreshContext; event: object }) =>
  !('roll' in event) && atOf(event)! < (c.refresh.lastFailureAt ?? c.refresh.tokenSavedAt!);

/**
 * The refresh cycle (spec 3.2): `signedOut` until a token is saved, then `active.idle`, which
 * checks on every `TICK` and on an internal timer whether `shouldRefreshToken` says a refresh
 * is due, and `active.refreshing`, which calls `auth.refreshToken`. A new token is emitted as
 * `tokenRefreshed` (store it; it is never kept in the snapshot); a 401 emits `sessionExpired`
 * and signs out; any other failure keeps the session and waits out the backoff.
 *
 * - Due: `intervalMs` (default 6 h, at least 1 s) after the token was saved, or earlier when its
 *   expiry is known (`expiresAt` in the input or in `TOKEN_SAVED`): `expiresAt - expiryMarginMs(life)`
 *   (10 % of the life, 30 s to 5 min, at most half the life), never under 1 s after the save.
 * - Errors are told apart by brand and code (`isPamError` + `code`), so an auth module from
 *   another copy of pam-client (its CJS build beside these ESM machines) works the same.
 * - Persistence (opt-in): `persistedData(actor)` holds data only (no `auth`, clock or random;
 *   never a token); `restoreActor(tokenRefreshMachine, stored, input)` restores it with fresh
 *   services and arms its timers again.
 *
 * @example
 * const actor = createActor(tokenRefreshMachine, { input: { auth } });
 * actor.on('tokenRefreshed', ({ accessToken }) => store.set({ ...session, accessToken }));
 * actor.on('sessionExpired', () => router.push('/login'));
 * actor.start();
 * actor.send({ type: 'TOKEN_SAVED', accessToken });
 * router.afterEach(() => actor.send({ type: 'TICK' }));
 */
export const tokenRefreshMachine = /* @__PURE__ */ (() =>
  // Built in one pure call, so a bundle that does not use it drops all of it.
  machineSetup({
    // Types only: a spread of `{}`, which the minifier drops (createMachine does not read `types`).
    ...({} as {
      types: {
        context: TokenRefreshContext;
        events: TokenRefreshEvent;
        emitted: TokenRefreshEmitted;
        input: TokenRefreshInput;
      };
    }),
    actors: {
      refreshToken: fromPromise<RefreshTokenResponse, { auth: Pick<AuthModule, 'refreshToken'> }>(
        ({ input, signal }) => input.auth.refreshToken({ signal }),
      ),
    },
    guards: {
      // Due at the event's reading: no wait left (nor any backoff); never with no token saved. A
      // TICK that asks (`ask`, the session's: an expiry its clock cannot judge) is due at once
      // unless the cycle is backing off after a failure (the backoff alone decides then, TICK24).
      isDue: ({ context: c, event }) =>
        untilDue(c, atOf(event)!) <= 0 || (event as { ask?: 1 }).ask! > c.refresh.failures,
      hasToken: ({ context }) => context.refresh.tokenSavedAt !== null,
      // The refresh in flight for OVER its bound (docs/contract.md; `flightMs`, default 60 s: the
      // core's rule, `shouldRefreshToken`'s `now > t + wait`, REVIEW-Z Z-9) at the event's reading
      // (every event judged here carries one: they come after `READ`). Written out here and in
      // `flightTimeout`, not a helper: smaller gzipped (issue 33). Its start is always set here:
      // `refreshing` is entered only through `startRefresh` (the model test checks it).
      isFlightLost: ({ context: c, event }) => c.refresh.inFlightSince! + c.flightMs < atOf(event)!,
      // The refresh's failure (these three are reached only from its onError, whose event carries it).
      isUnauthorized: ({ event }) => asPamError((event as { error?: unknown }).error).code === 'unauthorized',
    },
    delays: {
      // Wait before the next check in `idle`, from the reading `now` of the event that entered it
      // (none: at once, when a reading is taken): until the refresh is due, but at most `tickMs`,
      // so a clock jump (sleep, throttled background tab) is noticed within one tick. Due-ness
      // itself is always judged at a reading, never inferred from the timer having fired.
      nextCheck: ({ context: c, event }) => {
        // No reading (NaN: not above 0): at once, when one is taken.
        const until = untilDue(c, atOf(event)!);
        // At least 1 s while not yet due, so a clock that stands still (or a tiny `tickMs`) cannot
        // turn the timer into a busy loop. (Literals here and for the 1 min tick: a bundle keeps a
        // named constant as a variable.)
        return until > 0 ? clampDelay(Math.max(1_000, Math.min(c.tickMs, until))) : 0;
      },
      // Its first whole ms past the bound (as the core's `nextRefreshAt`).
      flightTimeout: ({ context: c, event }) =>
        clampDelay(c.refresh.inFlightSince! + c.flightMs + 1 - atOf(event)!),
    },
    actions: {
      // The one reading of the clock (and the jitter's draw): an effect, the event told again with it.
      readClock,
      // (startRefresh and pullBack first: the order of the machine's action union, api/.)
      startRefresh: assign(({ context: c, event }) => ({
        refresh: { ...c.refresh, inFlightSince: atOf(event)! },
      })),
      // A save or failure time after this reading (a reading given ahead of the clock: a
      // caller's, a forged delivery's) is pulled back to it: it postpones the refresh by one
      // interval (or backoff) at most. A clock that gave no time (`readClock`: it threw, or gave
      // no finite number) reads as the epoch: nothing is due then, so the check is armed again a
      // tick away (never a 0 ms timer), the save is due once the clock reads, and the clock's
      // typed error is kept.
      // (The failure's `notBefore`, counted from the same reading, moves back with it: left, the
      // retry waited as long as the clock stepped back, ten days for a clock ten days ahead at the
      // failure, review 83.)
      pullBack: assign(({ context: c, event }) => {
        const now = atOf(event)!;
        const back = (t: number | null) => ((t as number) > now ? now : t);
        const failedAt = c.refresh.lastFailureAt;
        return {
          refresh: {
            ...c.refresh,
            tokenSavedAt: back(c.refresh.tokenSavedAt),
            lastFailureAt: back(failedAt),
          },
          notBefore: c.notBefore === null ? null : c.notBefore - (failedAt! - back(failedAt)!),
          error: (event as Read).clockError ?? c.error,
        };
      }),
      saveToken: assign(({ event }) =>
        saved(event as Extract<TokenRefreshEvent, { type: 'TOKEN_SAVED' }>, atOf(event)!),
      ),
      completeRefresh: assign(({ event }) => ({
        refresh: savedState(atOf(event)!),
        error: null,
        notBefore: null,
      })),
      failRefresh: assign(({ context: c, event }) => {
        const error = asPamError((event as { error?: unknown }).error);
        // When it may be tried again: the core's backoff (jittered when the machine has a
        // `random`), and never before a `Retry-After` (429 or 503) says.
        const retryAfter = retryAfterMs(error) ?? 0;
        // The jitter is the draw the answer was told again with (`READ`), not the random source's.
        const wait = Math.max(
          retryAfter,
          refreshSchedule(c.refresh, c, c.random && (() => (event as Read).roll!))[1],
        );
        return {
          refresh: failed(c.refresh, atOf(event)!),
          error,
          notBefore: retryAfter > 0 || c.random ? atOf(event)! + wait : null,
        };
      }),
      loseFlight: assign(({ context: c, event }) => ({
        refresh: failed(c.refresh, atOf(event)!),
        error: new TimeoutError('POST', 'refreshToken', c.flightMs),
      })),
      // (Only after `isUnauthorized`: the error is a PamError already.)
      endSession: assign(({ event }) => ({
        refresh: initialRefreshState,
        error: (event as { error?: PamError }).error!,
      })),
      signOut: assign({ refresh: initialRefreshState, error: null, notBefore: null }),
      // The answer's token (never kept in context), from the done event told again with its reading.
      emitRefreshed: emit(({ event }) => ({
        type: 'tokenRefreshed' as const,
        accessToken: (event as unknown as DoneActorEvent<RefreshTokenResponse>).output.access_token,
      })),
      emitExpired: emit({ type: 'sessionExpired' as const }),
      // The failure just recorded (by `failRefresh` or `loseFlight`, the action before it).
      emitRefreshFailed: emit(({ context }) => ({ type: 'refreshFailed' as const, error: context.error! })),
    },
  }).createMachine({
    id: 'tokenRefresh',
    context: ({ input, self }) => {
      // The services (`restoreActor` takes them from a fresh input), and the start's reading (the
      // one clock read outside an action, when the app gave none). Without `now`: the steady clock,
      // or, on an actor clock that tells time (a `SimulatedClock`: its `now()`), whichever of the
      // two has moved further since the start, so a refresh comes due on the timers' own time and
      // never later than the steady clock says (a device that slept: due at wake-up; Y-6).
      const timers = (self.system as unknown as { _clock: { now?: () => number } })._clock;
      const steady = steadyClock();
      // The steady clock's lead over the actor clock at the start (NaN when that has no `now`:
      // then the steady clock alone, `|| 0`).
      const lead = steady() - (timers.now?.() as number);
      const clock = input.now ?? (() => Math.max(steady(), lead + (timers.now?.() as number) || 0));
      // A clock that gives no time: judged at the epoch (a saved token is due once it reads), and
      // its typed error kept (`readingOf`).
      const read = Number.isFinite(input.at) ? (input.at as number) : readingOf(clock);
      // (An error reads as NaN: 0.)
      const now = +(read as number) || 0;
      return {
        auth: input.auth,
        now: clock,
        random: input.random,
        // The default (6 h) for 0, a negative number, NaN or Infinity; at least 1 s
        // (`MIN_REFRESH_INTERVAL_MS`) for a small positive one (5e-324: Number.MIN_VALUE, written
        // as a literal, which a bundle spells shorter).
        intervalMs: Math.max(1_000, finiteOr(input.intervalMs, REFRESH_INTERVAL_MS, 5e-324)),
        // The internal check's default period while idle: one minute.
        tickMs: finiteOr(input.tickMs, 60_000, 1),
        flightMs: finiteOr(input.flightMs, 60_000, 1),
        refresh: initialRefreshState,
        lifeMs: null,
        error: null,
        notBefore: null,
        ...(input.savedAt !== undefined && saved(input, now)),
        ...(typeof read !== 'number' && { error: read }),
      };
    },
    initial: 'signedOut',
    // An answer told again with its reading after the cycle moved on (a TOKEN_SAVED came first):
    // dropped, as XState drops a late answer (an error event nobody takes would stop the machine).
    on: { '*': {} },
    states: {
      signedOut: {
        // Taken only at start when `input.savedAt` was given: leaving `active` always clears it.
        always: { guard: 'hasToken', target: 'active' },
        on: { TOKEN_SAVED: [READ, { target: 'active', actions: 'saveToken' }] },
      },
      active: {
        initial: 'idle',
        on: {
          // Re-enters idle from either child: restarts the interval and the timer, and (from
          // refreshing) stops the invoked request, whose late answer XState then drops.
          TOKEN_SAVED: [READ, { target: '.idle', reenter: true, actions: 'saveToken' }],
          SIGN_OUT: { target: 'signedOut', actions: 'signOut' },
        },
        states: {
          idle: {
            // The check, written out at each use (as `stale`'s transition: smaller gzipped than
            // shared constants, issue 33): due, refresh; else re-arm
            // (after a long gap the old timer may be late; the delay is recomputed).
            after: {
              nextCheck: [
                READ,
                { guard: 'isDue', target: 'refreshing', actions: 'startRefresh' },
                { target: 'idle', reenter: true, actions: 'pullBack' },
              ],
            },
            on: {
              TICK: [
                READ,
                { guard: stale, actions: 'readClock' },
                { guard: 'isDue', target: 'refreshing', actions: 'startRefresh' },
                { target: 'idle', reenter: true, actions: 'pullBack' },
              ],
              // `restoreActor`'s event (`RESTORE_EVENT`, written out here: a bundle keeps an imported
              // name as a variable; issue 33).
              'xstate.restore': [
                READ,
                { guard: 'isDue', target: 'refreshing', actions: 'startRefresh' },
                { target: 'idle', reenter: true, actions: 'pullBack' },
              ],
              REFRESH: [
                READ,
                { guard: stale, actions: 'readClock' },
                { target: 'refreshing', actions: 'startRefresh' },
              ],
            },
          },
          refreshing: {
            invoke: {
              id: 'refresh',
              src: 'refreshToken',
              // The context (its `auth`; the rest is not read, and holds no token).
              input: ({ context }) => context,
              onDone: [
                READ,
                {
                  target: 'idle',
                  actions: ['completeRefresh', 'emitRefreshed'],
                },
              ],
              onError: [
                READ,
                {
                  guard: 'isUnauthorized',
                  target: '#tokenRefresh.signedOut',
                  actions: ['endSession', 'emitExpired'],
                },
                // Network, timeout, 5xx, 429, an unexpected body, any other 4xx: keep the session;
                // the backoff in the refresh state decides when idle tries again.
                {
                  target: 'idle',
                  actions: ['failRefresh', 'emitRefreshFailed'],
                },
              ],
            },
            // A request that never settles (a custom actor without a timeout) must not stall the
            // cycle: after `flightMs` (60 s) it counts as lost (stopping it aborts it) and as a failure. (The
            // two actions written out twice, not a shared constant: a smaller bundle.)
            after: {
              flightTimeout: [READ, { target: 'idle', actions: ['loseFlight', 'emitRefreshFailed'] }],
            },
            on: {
              TICK: [
                READ,
                { guard: 'isFlightLost', target: 'idle', actions: ['loseFlight', 'emitRefreshFailed'] },
              ],
              // Restored in flight (the request runs again with the fresh services): the flight's
              // timeout, as a TICK when it is due.
              'xstate.restore': [READ, { actions: raise({ type: 'TICK' }, { delay: 'flightTimeout' }) }],
            },
          },
        },
      },
    },
  }))();
