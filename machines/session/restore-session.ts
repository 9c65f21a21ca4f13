// The session's restore actor: the store read once at start, its token into the vault, and a
// session the device clock calls expired put to the server first (split from ./store.ts, which
// keeps the store, the vault and the writes; its state is ./parts/restore.ts).

import { type AuthModule, isPamError, type StoredSession, type TokenStore } from 'pam-client';
import { parseStoredSession } from 'pam-client/internal';
import { fromPromise } from '../actor-logic';
import { readingOf } from '../clock';
import type { TimersLike } from '../environment';
import { settleWithin } from '../settle-within';
import { MAX_TOKEN_LIFE_MS } from './order';
import type { AcceptedRestriction } from './profile-services';
import { metaOf, readClock, STORE_WAIT_MS, settle, sidOf, timeBaseOf, within } from './store';
import type { ClockReading, SessionMeta, SessionServices, Vault } from './types';

/**
 * A stored session whose times the device clock cannot place (an expiry it says has passed, a save
 * ahead of it): the server's word. The expiry was written on the device clock of the tab that saved
 * it, and a device clock stepped forward (a player, NTP on wake) moves every such judgement with it,
 * while the token is still valid on the server (docs/time.md: nothing is judged on the device clock
 * alone). So the token is tried once (a profile read, which also teaches the one clock the server's
 * time): an answer says it is live (true); a 401 ends it (false); no answer (a 5xx, a timeout, no
 * network: undefined) says nothing of the token (review 104: a reload within the half second a
 * `Date` header rounds off, during an outage, signed the player out and deleted the session). The
 * restrictions are not taken from this read: the session starts with them unknown, as after any restore.
 */
async function serverSaysLive(
  input: {
    auth?: Pick<AuthModule, 'getUserProfile'>;
    timers?: TimersLike;
  },
  signal: AbortSignal,
): Promise<boolean | undefined> {
  if (!input.auth || signal.aborted) return;
  const abort = new AbortController();
  // The actor stopped (`client.stop()`): the check ends at once, its retries and timers with it
  // (review 125: a stopped client went on asking and then cleared the shared store).
  const stop = () => abort.abort();
  signal.addEventListener('abort', stop, { once: true });
  const check = input.auth.getUserProfile({ signal: abort.signal }).then(
    () => true,
    (e) => (isPamError(e) && e.code === 'unauthorized' ? false : undefined),
  );
  // The server's word is waited for 15 s at most (a literal: a bundle keeps a named constant as a
  // variable, issue 33).
  const live = await within<boolean | undefined>(check, 15_000, undefined, input.timers);
  abort.abort();
  signal.removeEventListener('abort', stop);
  return live;
}

/**
 * Reads the store once at start (its input: the session's services). The token stays in the
 * store; the output carries a vault handle so that only a real read (not a forged done event) can
 * sign the session in.
 */
export const restoreSession = /* @__PURE__ */ fromPromise<
  { meta: SessionMeta; handle: string; reading: ClockReading; kept?: AcceptedRestriction | null } | null,
  {
    tokens: TokenStore;
    now: () => number;
    serverNow?: () => number;
    vault: Vault;
    timers?: TimersLike;
    auth?: Pick<AuthModule, 'getUserProfile'>;
  }
>(async ({ input, signal }) => {
  // A custom store may hand back anything (class instances, extra fields): only a valid,
  // plain StoredSession goes on.
  // A store that never answers counts as empty after `STORE_WAIT_MS`: the app leaves its splash.
  // One that fails is not empty: the restore fails with its `StorageError` (signed out, told why).
  const load = async () =>
    // (Its wait ends with the actor: a store that never answers keeps no timer after a stop.)
    parseStoredSession(await settleWithin(input.tokens.get(), STORE_WAIT_MS, null, input.timers, signal));
  // Read again after each wait on the server: another tab may have stored or cleared a session
  // meanwhile, and the restore then goes on from what the store holds now (a few times at most),
  // never clearing it nor writing its old session over the other tab's.
  const serverNow = input.serverNow ?? input.now;
  for (let read = await load(), tries = 0; read && tries < 3 && !signal.aborted; tries++) {
    const r: StoredSession = read;
    const base = timeBaseOf(r);
    // Through the one reading check: a clock that gives no time judges nothing (the restore fails
    // with its typed error, as for a clock that throws), never a NaN compared or stored.
    const timeOf = (clock: () => number) => {
      const t = readingOf(clock);
      if (typeof t !== 'number') throw t;
      return t;
    };
    const now = () => timeOf(base === 'server' ? serverNow : input.now);
    /** The session saved at `at` instead, with its life (none past `MAX_TOKEN_LIFE_MS`, none below 0). */
    const savedAt = (at: number, timeBase?: 'server'): StoredSession => ({
      ...r,
      savedAt: at,
      expiresAt:
        r.expiresAt === null ? null : at + Math.max(0, Math.min(r.expiresAt - r.savedAt, MAX_TOKEN_LIFE_MS)),
      ...(timeBase && { timeBase }),
    });
    const at = now();
    const past = r.expiresAt !== null && r.expiresAt <= at;
    // Times the clock cannot place are the server's to confirm: a past expiry (whatever the time
    // base: no answer has taught the clock yet, so even server time is the device's own guess), or a
    // save ahead of this reading (a tab whose clock ran ahead, a forged store, or this clock behind
    // the server's and not taught yet: the check teaches it).
    if (past || r.savedAt > at) {
      const live = await serverSaysLive(input, signal);
      // Stopped meanwhile: nothing written, nothing cleared (the store is another tab's now too).
      if (signal.aborted) return null;
      const current = await load();
      if (signal.aborted) return null;
      if (current?.accessToken !== r.accessToken || current.savedAt !== r.savedAt) {
        read = current;
        continue;
      }
      // A 401, or no answer for a past expiry (the device clock's word kept: expired, fail closed).
      // No answer for a save only ahead: restored, pulled back below (never believed longer than a
      // save now would give), its restrictions unknown until a read.
      if (live === false || (!live && past)) {
        settle(input.tokens.clear());
        return null;
      }
    }
    // Live on the server. A past expiry (still past once the answer taught the clock): its life is
    // counted again from this answer, in server time; the server still has the last word (a 401).
    // No save happened after this reading: a `savedAt` still ahead of it is pulled back to it, its
    // life kept, so the token is never believed past what a save now would give (fail closed). The
    // store is told the new times, so the session it holds is still ours when it ends (a `savedAt`
    // there ahead of ours looks newer, and is not cleared).
    const then = now();
    const stored =
      past && r.expiresAt! <= then
        ? savedAt(timeOf(serverNow), 'server')
        : savedAt(Math.min(r.savedAt, then));
    if (signal.aborted) return null;
    if (stored.savedAt !== r.savedAt || stored.expiresAt !== r.expiresAt) settle(input.tokens.set(stored));
    // A session stored before login ids existed gets one from its token: every tab reading the same
    // session gives it the same id.
    const sid = sidOf(stored);
    // The clock as read now, so the session's transitions read none (the refresh cycle starts at it).
    const reading = readClock({ now: input.now, serverNow, clock: null });
    return {
      meta: { ...metaOf(stored), sid },
      handle: input.vault.put(stored.accessToken),
      reading,
      // The restriction kept for the player now, so the first signed-in view shows it (AB-2).
      kept: (input as SessionServices).kept?.(stored.userId, reading.serverAt),
    };
  }
  return null;
});
