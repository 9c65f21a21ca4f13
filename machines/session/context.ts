// The session's context: its services resolved from input (once, the same way for every machine
// and flow) and kept beside the actor (the context names them by a key), the initial context, and what the session-wide transitions make of it. Pure
// functions of the context and the event (the machine's `assign` actions call them); each flow's
// own arithmetic is in its file (login.ts, refresh.ts, tabs.ts, profile.ts, flows.ts).

import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';
import { environmentOf } from '../environment';
import type { Owner } from './events';
import { isPlausible, raiseClock } from './order';
import type { ClockTrust } from './profile-rules';
import { createVault, guardStore, service, timeBaseOf } from './store';
import type { SessionContext, SessionInput, SessionMeta, SessionServices } from './types';

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The session metadata fields of the context, from a stored or shared session. */
export const metaFields = (m: SessionMeta) => ({
  savedAt: m.savedAt,
  expiresAt: m.expiresAt,
  timeBase: timeBaseOf(m),
  tokenType: m.tokenType,
  userId: m.userId ?? null,
  seq: m.seq ?? null,
  sid: m.sid ?? m.seq ?? null,
});

/**
 * Services kept beside the actors they serve, by a key their context names them with (a string:
 * never a service in a context or a snapshot). The actor (`owner`) holds its services; the
 * registry only finds them by key (weakly), so a client the app lets go is collected with them
 * (services point back at their actor: a strong registry kept every client alive). The input they
 * came from holds them too, for a pure `initialTransition` / `transition` replay (its stand-in
 * actor is dropped at once; the caller keeps the input). A key that names none (a snapshot
 * restored by hand, its owners gone) fails closed.
 *
 * @example
 * const beside = keptBeside<MyServices>('my'); // context: ({ input, self }) => ({ servicesKey: beside.keep(input.deps, self) })
 */
export function keptBeside<T extends object>(name: string) {
  const kept = new Map<string, { deref(): T | undefined }>();
  // The owner holds its services (an ephemeron: they live exactly as long as it does).
  const held = new WeakMap<object, T>();
  let count = 0;
  return {
    keep(services: T, ...owners: (object | null | undefined)[]): string {
      // The keys of services gone (their owners collected) go at the next keep: a sweep is a few
      // bytes where a FinalizationRegistry was a few hundred.
      for (const [key, ref] of kept) if (!ref.deref()) kept.delete(key);
      // Unique within the page and unlikely across pages (a key stored with a snapshot names nothing).
      const key = `${name}:${++count}:${Math.floor(Math.random() * 4_294_967_296).toString(36)}`;
      const boxed = service(services);
      // No owner to hold them (or a very old engine): kept as long as the page.
      let ref: { deref(): T | undefined } = { deref: () => boxed };
      for (const owner of owners)
        if (owner && typeof WeakRef === 'function') {
          held.set(owner, boxed);
          ref = new WeakRef(boxed);
        }
      kept.set(key, ref);
      return key;
    },
    of(key: string): T {
      const services = kept.get(key)?.deref();
      if (!services) throw new TypeError(`${name}: no services (restoreActor)`);
      return services;
    },
  };
}

const SESSION_SERVICES = /* @__PURE__ */ keptBeside<SessionServices>('session');

/**
 * The session's services, from its input, resolved once per actor and kept beside it: the context
 * holds only the key they are kept under (a string), never a service, so a snapshot is data (its
 * JSON, `persistedData`). The environment is resolved as `createPamClient` resolves it
 * (`environmentOf`: the steady clock, the page's signals in a browser, inert ones elsewhere),
 * so a session started directly runs on the same clock; the store is guarded once (a guarded
 * store is kept as is). `owner`: the actor they serve (released with it).
 */
export function keepServices(input: SessionInput, ...owners: (object | null | undefined)[]): string {
  const env = environmentOf({ channel: null, ...input.environment });
  const services: SessionServices = {
    auth: input.auth,
    tokens: guardStore(input.tokens, env.timers),
    crossTab: input.crossTab ?? null,
    vault: createVault(env.random),
    now: env.now,
    serverNow: env.serverNow,
    // The environment's one clock (an app's own, or `createClock()` over its `now`).
    // Its trust as the session reads it: a clock without `trusted`/`subscribe` is always trusted.
    clock:
      typeof env.clock?.trusted === 'function' && typeof env.clock.subscribe === 'function'
        ? (env.clock as ClockTrust)
        : null,
    random: env.random,
    timers: env.timers,
    playClock: input.playClock ?? null,
    kept: input.kept,
    signals: { visibility: env.visibility, focus: env.focus, online: env.online },
  };
  return SESSION_SERVICES.keep(services, ...owners);
}

/**
 * The services of the session whose context this is. A context whose services are gone (one
 * restored from a stored snapshot by hand, not with `restoreActor`) has none: it fails closed.
 */
export const servicesOf = (context: Pick<SessionContext, 'servicesKey'>): SessionServices =>
  SESSION_SERVICES.of(context.servicesKey);

/** The session's first context; `owners`: the actor it is for and its input (its services live as long as one of them). */
export function initialContext(
  input: SessionInput,
  ...owners: (object | null | undefined)[]
): SessionContext {
  return {
    servicesKey: keepServices(input, ...owners),
    intervalMs: input.intervalMs,
    tickMs: input.tickMs,
    refreshWaitMs: input.refreshWaitMs ?? DEFAULT_TIMEOUT_MS,
    user: null,
    userInfo: null,
    userInfoAt: null,
    restrictions: null,
    error: null,
    login: { retryAt: null, codeAttemptsLeft: null },
    savedAt: null,
    expiresAt: null,
    timeBase: 'server',
    tokenType: null,
    userId: null,
    seq: null,
    sid: null,
    clock: 0,
    signedOut: null,
    signedOutReason: null,
    pending: null,
    playTime: null,
  };
}

/** The session read back from the store at start. */
export const restored = (context: SessionContext, meta: SessionMeta): Partial<SessionContext> => ({
  ...metaFields(meta),
  clock: raiseClock(context.clock, meta.seq),
});

/** The player and login the session holds now, to stamp on what is read or sent for it. */
export const ownerOf = (context: SessionContext): Owner => ({
  userId: context.userId,
  sid: context.sid,
  seq: context.seq,
});

/** Why a session ends, and when (`forgotten`). */
export interface ForgetParams {
  reason: 'logout' | 'expired' | 'remote';
  at?: number | null;
  /**
   * The counter of the word that ended it elsewhere (a logout's: `remote`), when it named one: the
   * sign-out is recorded there, not at this tab's own counter (which its own refresh of the login
   * may have raised past it). A logout ends its login and what is counted at or below it, nothing
   * else: a login made since in the tab that logged out, counted as this tab's refresh was, is
   * taken here, and this sign-out said again (a sync answer) ends nothing newer.
   */
  seq?: number | null;
}

/**
 * Signed out: everything of the session goes, but when (and which) it ended. When is the time the
 * event carries (a TICK's or WAKE's reading, another tab's word); an event without one (an app's
 * LOGOUT) dates it at the ended session's own save, never at a clock read here. Without a session
 * (a login abandoned), the last one that ended stays the one remembered.
 */
export function forgotten(context: SessionContext, p: ForgetParams): Partial<SessionContext> {
  const at = p.at ?? context.savedAt;
  const o = context.signedOut;
  // The word's counter when plausible (a forged one out of reach is not kept: the tab would refuse
  // every later login, review 41); else this tab's own.
  const seq = isPlausible(context.clock, p.seq) ? (p.seq ?? context.seq) : context.seq;
  return {
    user: null,
    userInfo: null,
    userInfoAt: null,
    restrictions: null,
    savedAt: null,
    expiresAt: null,
    tokenType: null,
    userId: null,
    seq: null,
    sid: null,
    playTime: null,
    // When the sign-out happened, not when this tab heard of it (a frozen tab hears late).
    signedOut:
      // (Over the one before: a logout's floor it kept, `logout`, stays: a later login that ends
      // here must not lower it, REVIEW-25 R25-4.)
      at === null
        ? o
        : {
            ...o,
            // Never below a logout's floor kept (`logout`): a logout heard before, counted above
            // this one, ended what it ended (review 41: a lower one lowered it). An expiry keeps
            // its own counter (an expiry ends only its login; canAdopt tells the two apart).
            seq:
              p.reason !== 'expired' && (seq as number) < (o?.logout as number) ? (o?.logout as number) : seq,
            sid: context.sid,
            at,
          },
    signedOutReason: p.reason,
  };
}
