// The server session's own actors: its timers (the absolute end, the seed route's retry) and the
// login calls stamped with their arrival time. Each reads the clock (or draws its jitter) itself
// and tells the machine an event with the reading: the machine's transitions read neither.

import { backoffDelay, clampDelay } from 'pam-client/internal';
import type { EventObject } from 'xstate';
import { fromCallback, fromPromise } from '../actor-logic';
import { internal } from '../session/events';
import { readClock } from '../session/store';
import {
  barredFor,
  judges,
  type ServerReading,
  type ServerSessionContext,
  type ServerSessionDeps,
  serverServicesOf,
} from './context';

/**
 * The longest the expiry timer waits before it reads the clock again: the offset to server time can
 * grow after sign-in (the clock learns the server is ahead), so the end is met within this of it.
 */
export const EXPIRY_CHECK_MS = 60_000;

/** The seed route's retry (the core's one backoff): 1 s doubling to 30 s, ±10 % (jitter 0.2 wide). */
const SEED_RETRY = { baseMs: 1_000, factor: 2, maxMs: 30_000, jitter: 0.2 } as const;

/**
 * The one clock read now (`readClock`), with whether it learned the server's time
 * (`PamClock.learned`, read defensively: a clock without the method has).
 */
export const readServerClock = (s: Parameters<typeof readClock>[0]): ServerReading => ({
  ...readClock(s),
  learned: (s.clock as { learned?(): boolean } | null)?.learned?.() !== false,
});

/** The seed route read, with the clock as read when it arrived (the seed is judged at that reading). */
export const seedRead = /* @__PURE__ */ fromPromise<
  Pick<ServerSessionContext, 'seed' | 'seedReading' | 'barred'>,
  ServerSessionDeps
>(async ({ input, signal }) => {
  const seed = await input.readSeed(signal);
  const seedReading = readServerClock(input);
  return { seed, seedReading, barred: barredFor(seed, seedReading, input.accepted) };
});

/** A flow this mode does not run (play time): the child is there, and does nothing. */
export const absent = /* @__PURE__ */ fromCallback(() => {});

/**
 * The server session's absolute end (`expiresAt`, server time) as a timer, an actor: when it is
 * due it tells a TICK with the clock as read then (the machine judges that reading, never the
 * clock); read early (the offset moved meanwhile), it waits again for the rest, at most
 * `EXPIRY_CHECK_MS` at a time, so an offset that grew meanwhile is met within that. Due on a
 * reading that cannot judge the end (`judges`: the machine then asks the server), it looks again
 * `EXPIRY_CHECK_MS` later.
 */
export const expiryTimer = /* @__PURE__ */ fromCallback<
  EventObject,
  Pick<ServerSessionContext, 'expiresAt' | 'servicesKey'>
>(({ input, sendBack }) => {
  const { expiresAt } = input;
  if (expiresAt === null) return;
  const s = serverServicesOf(input);
  let id: unknown;
  // (Stopped by the TICK it tells, it arms nothing after: review 151's class.)
  let ended = false;
  const arm = (ms = expiresAt - s.serverNow()) => {
    if (ended) return;
    id = s.timers.setTimeout(
      () => {
        const reading = readServerClock(s);
        if (reading.serverAt < expiresAt) return arm();
        sendBack(internal({ type: 'TICK', reading }));
        if (!judges(reading)) arm(EXPIRY_CHECK_MS);
      },
      clampDelay(Math.min(ms, EXPIRY_CHECK_MS)),
    );
  };
  arm();
  return () => {
    ended = true;
    s.timers.clearTimeout(id);
  };
});

/**
 * The seed route's next try, as a timer, an actor (`waiting`): its jitter is drawn here, never in
 * a transition; when it is due it tells a WAKE, which reads the seed again.
 */
export const retryTimer = /* @__PURE__ */ fromCallback<
  EventObject,
  Pick<ServerSessionContext, 'attempts' | 'servicesKey'>
>(({ input, sendBack }) => {
  const s = serverServicesOf(input);
  const id = s.timers.setTimeout(
    () => sendBack(internal({ type: 'WAKE', reading: readClock(s) })),
    backoffDelay(Math.max(0, input.attempts - 1), { ...SEED_RETRY, random: s.random }),
  );
  return () => s.timers.clearTimeout(id);
});

/**
 * The login calls for the login child, each answer stamped with the clock as read when it arrived
 * (`at`, the base; `serverAt`, server time: its session's end is judged at it when `judged`, the
 * reading able to judge it: `judges`), read by the call: the transition that takes the answer
 * reads no clock.
 */
export function stampedAuth(s: ServerSessionDeps): ServerSessionDeps['auth'] {
  const { auth } = s;
  type Call = ((...args: unknown[]) => Promise<object>) | undefined;
  const stamp = (name: 'login' | 'registerSimplified') => {
    const call = (auth as unknown as Record<string, Call>)[name];
    return (
      call && {
        [name]: async (...args: unknown[]) => {
          const answer = await call.apply(auth, args);
          const r = readServerClock(s);
          return { ...answer, at: r.at, serverAt: r.serverAt, judged: judges(r) };
        },
      }
    );
  };
  return { ...auth, ...stamp('login'), ...stamp('registerSimplified') } as ServerSessionDeps['auth'];
}
