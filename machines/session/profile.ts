// The profile flow: a child of the session while it is signed in. It reads the profile
// (`auth.getUserProfile`, `check_spa_again=1`), checks the SPA register again at each São Paulo
// midnight (server time) and on a wake-up in a new São Paulo day, retries a failed read with the
// core's one backoff until it succeeds, and keeps the responsible-gaming restrictions with their
// status (current / stale / unknown). Its rules are pure functions in ./profile-rules.ts.
//
// Protocol (events the session sends it):
// - `CHECK`: read now (a limit, pause or exclusion was sent; a mutation's outcome is unknown).
// - `WAKE`: the page is visible or online again: read if the São Paulo day changed since the last read.
// - `PROFILE { owner, user, userInfo, at, source }`: a profile read elsewhere (the client's outcome
//   re-read, another tab's message), `owner` being the player and login it was read for (as they
//   were when the read STARTED); taken only when it is the flow's own.
// - `OWNER { owner }`: the session now holds another login (an adoption): everything of the one
//   before is forgotten and the profile is read for the new one.
// What it gives the session: its snapshot. `profileOf(snapshot)` is one datum stamped with the
// player id and the login id (`sid`) it was read for; the session takes it with
// `profileUpdateOf(context, datum)`, null unless both match what it holds (`ownsDatum`) and it
// brings something new. Time comes on events stamped by the flow's own actions and actors
// (server time, `serverNow`), never read in `assign` or a guard.
//
// Wiring in the session (signedIn):
//   invoke: { id: 'profile', src: 'profile' /* profileFlow */,
//     input: ({ context: c }) => ({ services: { auth, serverNow, random }, owner: ownerOf(c) }),
//     onSnapshot: { actions: enqueueActions(({ context, event, enqueue }) => {
//       const update = profileUpdateOf(context, profileOf(event.snapshot));
//       if (!update) return;
//       enqueue.assign(update); // then: LIMIT to the play-time child, `restrictionsChanged`,
//     }) } }                     // and publish to the other tabs when `source === 'read'`
//   PROFILE_CHANGED -> sendTo('profile', { type: 'CHECK' }); WAKE -> sendTo('profile', { type: 'WAKE' })
//   the login answer's restrictions: `loginRestrictionsOf(userInfo, savedAt)` (status unknown).

import type { AuthModule, AuthUser, PamError } from 'pam-client';
import { asPamError, type BackoffOptions, backoffDelay, brazilDayOf, clampDelay } from 'pam-client/internal';
import { assign, fromPromise, raise, setup } from 'xstate';
import { ownerOf } from './context';
import { internal, isInternal, type SessionInternalEvent, trusted } from './events';
import {
  namesPlayer,
  nextChangeAt,
  ownsDatum,
  type ProfileOwner,
  type SessionRestrictions,
  sessionRestrictionsOf,
  untilNextBrazilDay,
} from './profile-rules';
import type { SessionContext } from './types';

export * from './profile-rules';

/** What the flow calls: never in a snapshot (JSON shows `"[service]"`). */
export interface ProfileServices {
  auth: Pick<AuthModule, 'getUserProfile'>;
  /** Server time: the local clock plus the offset learned from the answers' `Date` header. */
  serverNow: () => number;
  /** 0..1, for the retry jitter. */
  random: () => number;
}

/**
 * The profile flow's input.
 *
 * @example
 * createActor(profileFlow, { input: { services: { auth, serverNow, random: Math.random }, owner: { userId: 1, sid: 5 } } });
 */
export interface ProfileFlowInput {
  services: ProfileServices;
  /** The player and login the flow reads for. */
  owner: ProfileOwner;
  /** The retry after a failed read (`backoffDelay`). Default: 1 s doubling to 5 min, ±10 %. */
  retry?: Omit<BackoffOptions, 'random'>;
}

/** Where a datum comes from: the flow's own read, the client's outcome re-read, another tab. */
export type ProfileSource = 'read' | 'outcome' | 'remote';

/** The events the session sends the flow (see the protocol at the top of the file). */
export type ProfileFlowEvent =
  | { type: 'CHECK' }
  | { type: 'WAKE' }
  | {
      type: 'PROFILE';
      owner: ProfileOwner;
      user: AuthUser | null;
      userInfo: Record<string, unknown>;
      at: number;
      source: Exclude<ProfileSource, 'read'>;
    }
  | { type: 'OWNER'; owner: ProfileOwner };

type Stamped =
  | { type: 'NOW'; at: number }
  | (Omit<Extract<ProfileFlowEvent, { type: 'PROFILE' }>, 'type'> & { type: 'PROFILE_SEEN'; seen: number });
type Seen = Extract<Stamped, { type: 'PROFILE_SEEN' }>;
type ReadOutcome =
  | { ok: true; user: AuthUser | null; userInfo: Record<string, unknown>; at: number }
  | { ok: false; error: PamError; at: number; jitter: number };

export interface ProfileFlowContext {
  services: ProfileServices;
  retry: Omit<BackoffOptions, 'random'>;
  owner: ProfileOwner;
  user: AuthUser | null;
  /** The last profile read for this login; null if none yet. */
  userInfo: Record<string, unknown> | null;
  /** When it was read (server ms). */
  readAt: number | null;
  source: ProfileSource | null;
  /** The latest re-check failed. */
  failed: boolean;
  /** Failed reads in a row (the backoff's attempt). */
  attempts: number;
  retryMs: number;
  /** The error of the latest failed read. */
  error: PamError | null;
  /** The latest server time the flow saw (stamped on an event); 0 before the first. */
  now: number;
  restrictions: SessionRestrictions;
  /** One more for each datum taken: the session knows a new one from the last it took. */
  version: number;
}

/** The flow's datum: what was read, for whom and when, with the restrictions at the latest time seen. */
export interface ProfileDatum {
  owner: ProfileOwner;
  user: AuthUser | null;
  userInfo: Record<string, unknown> | null;
  at: number | null;
  source: ProfileSource | null;
  restrictions: SessionRestrictions;
  version: number;
}

/**
 * The datum of a profile flow snapshot, stamped with its owner. Pure.
 *
 * @example
 * const datum = profileOf(child.getSnapshot());
 * if (ownsDatum(held, datum.owner)) show(datum.restrictions);
 */
export function profileOf(snapshot: { context: ProfileFlowContext }): ProfileDatum {
  const c = snapshot.context;
  return {
    owner: c.owner,
    user: c.user,
    userInfo: c.userInfo,
    at: c.readAt,
    source: c.source,
    restrictions: c.restrictions,
    version: c.version,
  };
}

const DEFAULT_RETRY = { baseMs: 1_000, factor: 2, maxMs: 300_000, jitter: 0.2 } as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const withoutToken = (user: unknown): AuthUser | null => {
  if (!user || typeof user !== 'object' || Array.isArray(user)) return null;
  const { token: _token, ...rest } = user as AuthUser & { token?: unknown };
  return rest as AuthUser;
};

const restrictionsAt = (c: Pick<ProfileFlowContext, 'userInfo' | 'readAt' | 'failed'>, now: number) =>
  sessionRestrictionsOf(c.userInfo, { readAt: c.readAt, failed: c.failed, now });

function initial(input: ProfileFlowInput): ProfileFlowContext {
  const services = { ...input.services, toJSON: () => '[service]' };
  return {
    services,
    retry: input.retry ?? DEFAULT_RETRY,
    owner: { userId: input.owner?.userId ?? null, sid: input.owner?.sid ?? null },
    user: null,
    userInfo: null,
    readAt: null,
    source: null,
    failed: false,
    attempts: 0,
    retryMs: 0,
    error: null,
    now: 0,
    restrictions: restrictionsAt({ userInfo: null, readAt: null, failed: false }, 0),
    version: 0,
  };
}

/** A read for `owner`, stamped when its answer arrives. Never rejects: a failure is an outcome. */
const readProfile = fromPromise<ReadOutcome, { services: ProfileServices; owner: ProfileOwner }>(
  async ({ input, signal }) => {
    const { services, owner } = input;
    try {
      const profile = (await services.auth.getUserProfile({ signal })) as {
        user?: unknown;
        userInfo?: unknown;
      };
      const user = withoutToken(profile?.user);
      const userInfo = profile?.userInfo;
      // An answer for another player (a token swapped under us) is not this login's profile.
      if (user && !namesPlayer((user as { id?: unknown }).id, owner.userId))
        throw new Error('profile of another player');
      // No readable userInfo: nothing is known of the restrictions (fail closed, retried).
      if (!isRecord(userInfo)) throw new Error('profile without userInfo');
      return { ok: true, user, userInfo, at: services.serverNow() };
    } catch (error) {
      return { ok: false, error: asPamError(error), at: services.serverNow(), jitter: services.random() };
    }
  },
);

/** Builds the flow (one pure call, so bundlers can drop it when unused). */
export function createProfileFlow() {
  return setup({
    types: {
      input: {} as ProfileFlowInput,
      context: {} as ProfileFlowContext,
      events: {} as ProfileFlowEvent | Stamped,
    },
    actors: { readProfile },
    actions: {
      // The flow's clock read, handed to the machine as an event of its own (raised, so nothing
      // from outside can stand in for it).
      stamp: raise(({ context }) => ({ type: 'NOW' as const, at: context.services.serverNow() })),
      // Time never goes back in the flow: a stray earlier time cannot make a stale read current.
      seeNow: assign(({ context, event }) => {
        if (event.type !== 'NOW' || !Number.isFinite(event.at)) return {};
        const now = Math.max(context.now, event.at);
        return { now, restrictions: restrictionsAt(context, now) };
      }),
      took: assign(
        (
          { context },
          d: { user: AuthUser | null; userInfo: Record<string, unknown>; at: number; source: ProfileSource },
        ) => {
          const next = { userInfo: d.userInfo, readAt: d.at, failed: false };
          const now = Math.max(context.now, d.at);
          return {
            ...next,
            user: d.user ?? context.user,
            source: d.source,
            attempts: 0,
            error: null,
            now,
            restrictions: restrictionsAt(next, now),
            version: context.version + 1,
          };
        },
      ),
      failedRead: assign(({ context }, o: { error: PamError; at: number; jitter: number }) => {
        const now = Math.max(context.now, o.at);
        const failed = { userInfo: context.userInfo, readAt: context.readAt, failed: true };
        return {
          failed: true,
          error: o.error,
          attempts: context.attempts + 1,
          retryMs: backoffDelay(context.attempts, { ...context.retry, random: () => o.jitter }),
          now,
          restrictions: restrictionsAt(failed, now),
          version: context.version + 1,
        };
      }),
      forget: assign(({ context, event }) => {
        if (event.type !== 'OWNER') return {};
        const fresh = initial({ services: context.services, owner: event.owner, retry: context.retry });
        return { ...fresh, services: context.services, now: context.now, version: context.version + 1 };
      }),
    },
    guards: {
      ours: ({ context, event }) =>
        (event.type === 'PROFILE' || event.type === 'PROFILE_SEEN') &&
        isInternal(event) &&
        isRecord(event.userInfo) &&
        Number.isFinite(event.at) &&
        ownsDatum(context.owner, event.owner),
      otherOwner: ({ context, event }) =>
        event.type === 'OWNER' &&
        (event.owner.userId !== context.owner.userId || event.owner.sid !== context.owner.sid),
      // Never read yet, or the last read was on an earlier São Paulo day.
      newDay: ({ context, event }) =>
        event.type === 'NOW' &&
        (context.readAt === null ||
          brazilDayOf(context.readAt) !== brazilDayOf(Math.max(context.now, event.at))),
    },
    delays: {
      midnight: ({ context }) => clampDelay(untilNextBrazilDay(context.now)),
      change: ({ context }) => {
        const next = nextChangeAt(context.userInfo, context.now);
        return clampDelay(next === null ? Number.POSITIVE_INFINITY : next - context.now + 1);
      },
      retry: ({ context }) => context.retryMs,
    },
  }).createMachine({
    id: 'profile',
    context: ({ input }) => initial(input),
    initial: 'reading',
    on: {
      CHECK: { target: '.reading', reenter: true },
      WAKE: { actions: 'stamp' },
      NOW: { actions: 'seeNow' },
      // Taken from elsewhere: the flow's own read in flight (if any) is not needed any more.
      // Stamped with the flow's own clock first: a read dated after it (another tab's clock
      // ahead, or a forged date) counts as read now, never later.
      PROFILE: {
        guard: 'ours',
        actions: raise(({ context, event }) =>
          trusted({
            ...(event as Extract<ProfileFlowEvent, { type: 'PROFILE' }>),
            type: 'PROFILE_SEEN' as const,
            seen: context.services.serverNow(),
          }),
        ),
      },
      PROFILE_SEEN: {
        guard: 'ours',
        target: '.idle',
        reenter: true,
        actions: {
          type: 'took',
          params: ({ event }) => {
            const e = event as Seen;
            const at = Number.isFinite(e.seen) ? Math.min(e.at, e.seen) : e.at;
            return { user: withoutToken(e.user), userInfo: e.userInfo, at, source: e.source };
          },
        },
      },
      OWNER: { guard: 'otherOwner', target: '.reading', reenter: true, actions: 'forget' },
    },
    states: {
      reading: {
        invoke: {
          src: 'readProfile',
          input: ({ context }) => ({ services: context.services, owner: context.owner }),
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'idle',
              actions: {
                type: 'took',
                params: ({ event }) => {
                  const o = event.output as Extract<ReadOutcome, { ok: true }>;
                  return { user: o.user, userInfo: o.userInfo, at: o.at, source: 'read' as const };
                },
              },
            },
            {
              target: 'retrying',
              actions: {
                type: 'failedRead',
                params: ({ event }) => event.output as Extract<ReadOutcome, { ok: false }>,
              },
            },
          ],
        },
      },
      // Read: look again at the next São Paulo midnight (the SPA register), and re-derive when a
      // restriction or a pending limit change starts or ends (no request). Each time seen
      // re-arms both timers from it.
      idle: {
        after: { midnight: { actions: 'stamp' }, change: { actions: 'stamp' } },
        on: {
          NOW: [
            { guard: 'newDay', target: 'reading', actions: 'seeNow' },
            { target: 'idle', reenter: true, actions: 'seeNow' },
          ],
        },
      },
      // A failed read is tried again with the backoff, or at once on a wake-up in a new day.
      retrying: {
        after: { retry: 'reading' },
        on: { NOW: { guard: 'newDay', target: 'reading', actions: 'seeNow' } },
      },
    },
  });
}

/**
 * The profile flow (see the protocol at the top of machines/session/profile.ts).
 *
 * @example
 * const flow = createActor(profileFlow, { input: { services, owner: { userId: 1, sid: 5 } } }).start();
 * profileOf(flow.getSnapshot()).restrictions.status; // 'unknown' until the first read
 */
export const profileFlow = /* @__PURE__ */ createProfileFlow();

/** The flow's input from the session: its services and the login it holds (`owner`). */
export const profileInputOf = (c: SessionContext): ProfileFlowInput => ({
  services: { auth: c.deps.auth, serverNow: c.deps.serverNow, random: c.deps.random },
  owner: ownerOf(c),
});

/**
 * A profile read elsewhere (another tab, the client's outcome re-read) as the flow takes it: marked,
 * because the flow takes a profile from its session only, never from another door.
 */
export const profileFromElsewhere = (e: Extract<SessionInternalEvent, { type: 'PROFILE_LOADED' }>) =>
  internal({
    type: 'PROFILE' as const,
    owner: e.owner,
    user: e.user,
    userInfo: e.userInfo,
    at: e.at,
    source: e.remote ? ('remote' as const) : ('outcome' as const),
  });
