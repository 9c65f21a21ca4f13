// The access token's life, kept and judged in server time (docs/time.md): a session's `savedAt` and
// `expiresAt` are stamped on the one clock's `serverNow()` right after the answer that taught it
// (the login, the refresh), and the stored session says so (`timeBase: 'server'`). A session
// stored before that field existed is on the device clock of the tab that wrote it ('device').
// The verdict fails closed both ways: a token is called expired only in server time on a trusted
// clock; when the clock cannot tell (a device-clock jump untrusted it, or the expiry is the device's
// own), the server is asked (a refresh) rather than the session ended or the token trusted.

import type { LoginSuccess, StoredSession } from 'pam-client';

/** The longest token life the session believes (`expires_in: 1e308` must not make it eternal). */
export const MAX_TOKEN_LIFE_MS: number = 31_622_400_000; // 366 days

/** Which time a session's `savedAt` and `expiresAt` are in (see `StoredSession.timeBase`). */
export type TimeBase = 'server' | 'device';

/** The clock the verdict reads: the base, the server's time on it, and whether it is trusted. */
export interface ExpiryClock {
  now(): number;
  serverNow(): number;
  /** The one clock's trust; null: always trusted (a clock without it). */
  clock: { trusted(): boolean } | null;
}

/**
 * The one clock read at one instant, carried by the events that judge time (`TICK`, `WAKE`): the
 * base, the server's time and the trust, so the session's guards read the event, never the clock.
 */
export interface ClockReading {
  at: number;
  serverAt: number;
  trusted: boolean;
}

/**
 * The clock read now (by an actor or an executed action, never by a guard or an `assign`).
 *
 * @example
 * internal({ type: 'WAKE', reading: readClock(clock) });
 */
export const readClock = (c: ExpiryClock): ClockReading => ({
  at: c.now(),
  serverAt: c.serverNow(),
  trusted: c.clock?.trusted() !== false,
});

/** The verdict of `expiryVerdict` at a reading (a pure function of the session and the event). */
export const verdictAt = (s: { expiresAt: number | null; timeBase: TimeBase }, r: ClockReading) =>
  expiryVerdict(s, { now: () => r.at, serverNow: () => r.serverAt, clock: { trusted: () => r.trusted } });

/** A stored or shared session's time base: anything but `'server'` is the writer's device clock. */
export const timeBaseOf = (m: { timeBase?: unknown }): TimeBase =>
  m.timeBase === 'server' ? 'server' : 'device';

/**
 * Whether a token's life is over: `live`, `expired` (server time, on a trusted clock), or `ask`
 * (it looks over, but the clock cannot tell: the server decides).
 *
 * @example
 * expiryVerdict({ expiresAt: t, timeBase: 'server' }, deps); // 'live' | 'expired' | 'ask'
 */
export function expiryVerdict(
  s: { expiresAt: number | null; timeBase: TimeBase },
  c: ExpiryClock,
): 'live' | 'expired' | 'ask' {
  if (s.expiresAt === null) return 'live';
  const server = s.timeBase === 'server';
  if (s.expiresAt > (server ? c.serverNow() : c.now())) return 'live';
  return server && c.clock?.trusted() !== false ? 'expired' : 'ask';
}

/**
 * An instant of the session's time base on the clock's base (`now()`), for the refresh cycle,
 * which counts on the base: server time less the offset in use now.
 */
export const onBase = (t: number, base: TimeBase, c: Pick<ExpiryClock, 'now' | 'serverNow'>): number =>
  base === 'server' ? t - (c.serverNow() - c.now()) : t;

/** The token life the server announced, clamped to something a clock can hold. */
export function expiryOf(expiresIn: unknown, now: number): number | null {
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  return now + Math.floor(Math.min(expiresIn * 1000, MAX_TOKEN_LIFE_MS));
}

/** The session a login answer starts, at `serverAt` (server time; the token is added by its holder). */
export function sessionMetaFromLogin(
  response: LoginSuccess,
  serverAt: number,
  seq: number,
  sid: number,
): Omit<StoredSession, 'accessToken'> {
  return {
    tokenType:
      typeof response.token_type === 'string' && response.token_type ? response.token_type : 'Bearer',
    expiresAt: expiryOf(response.expires_in, serverAt),
    savedAt: serverAt,
    timeBase: 'server',
    seq,
    sid,
    ...(typeof response.user?.id === 'number' ? { userId: response.user.id } : {}),
  };
}
