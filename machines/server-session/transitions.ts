// The server session's shared transition pieces and its own events (./machine.ts builds the machine
// from them): what every failed state offers, the expiry's actions, one seed read, the server asked
// past the end, a read again on another tab's login.

import type { InFlightKind } from 'pam-client';
import type { BarringKind, ServerSessionContext } from './context';
import { serverServicesOf } from './context';

/** The machine's own events from its actors (marked with `trusted()`: an app cannot send them). */
export type ServerInternal =
  | { type: 'REMOTE_LOGIN'; loginId: string }
  | { type: 'REMOTE_LOGOUT'; loginId: string; reason: 'logout' | 'expired' }
  /** Another tab of login `loginId` had a change that bars betting accepted (`kind`). */
  | { type: 'REMOTE_RESTRICTED'; loginId: string; kind: BarringKind; at: number }
  /**
   * Another tab of login `loginId` has a change that bars betting in flight (`id`), or settled (AI-3);
   * or (`loginId` and `id` `''`, no kind) a fold told to this tab's ask (R28).
   */
  | {
      type: 'REMOTE_INFLIGHT';
      loginId: string;
      kind?: InFlightKind;
      id: string;
      settled: boolean;
      until: number;
      /** The tab that told it. */
      from?: string;
    }
  /** A tab that started asks for the changes in flight held here (AJ-2). */
  | { type: 'REMOTE_ASK' }
  /** The clock gives a time (`at`) again after it gave none (the tabs actor's, R28). */
  | { type: 'CLOCK_BACK'; at: number }
  /** This tab's own ask had its turn: the others' answers are heard (R25-7). */
  | { type: 'ASKED' }
  /** The proxy answered 401 on a call that needs the session: it is over (the cookie is cleared). */
  | { type: 'UNAUTHORIZED' };

/** A read on its way: another tab's word asks for one more after it, never more (`readSeed`). */
export const QUEUE = { guard: 'trusted', actions: 'queue' } as const;

/** The seed route's next try (`retryTimer`) after a read that could not tell. */
export const RETRY = {
  id: 'retry',
  src: 'retry',
  input: ({ context: { attempts, servicesKey } }: { context: ServerSessionContext }) => ({
    attempts,
    servicesKey,
  }),
} as const;

/** A login asked while the cookie is unread after a failure: read should it fail too (review 51). */
const CUT_CHECK = { target: '#serverSession.signingIn', actions: 'queue' } as const;

/**
 * What a failed login (`failed`, `cancelledAccount`) takes. The cookie is the browser's: another
 * tab's login (or this page's read again, client.ts `reread`) is asked of the server, as is one
 * heard while this login was on its way (`queued`, signingIn's) at once (`checking`). The failure
 * stays shown through that read, and after it unless it finds a login (review 50: a wrong password
 * was erased by a read that found none); one it finds is the session's, read as at the start.
 */
export const AFTER_FAILURE = {
  initial: 'shown',
  states: {
    shown: { always: { guard: 'queued', target: 'checking' } },
    // (The cookie unread meanwhile, `unread`: a cancel reads, a logout revokes.)
    checking: {
      entry: ['unqueue', 'markUnread'],
      invoke: {
        id: 'seed',
        src: 'readSeed',
        input: ({ context }: { context: ServerSessionContext }) => serverServicesOf(context),
        onDone: [
          { guard: 'queued', target: 'checking', reenter: true },
          {
            guard: ({ event }: { event: unknown }) => seedOf(event)?.status === 'signedOut',
            target: 'shown',
            actions: 'unqueue',
          },
          { target: '#serverSession.restoring.deciding', actions: ['clearError', 'tookSeed'] },
        ],
        // (A read that could not tell: the cookie may hold a login, `unread`: read again with
        // backoff, the failure still shown, review 51.)
        onError: { target: 'waiting', actions: 'countTry' },
      },
      on: { REMOTE_LOGIN: QUEUE, REMOTE_LOGOUT: QUEUE, LOGIN: CUT_CHECK, REGISTER: CUT_CHECK },
    },
    waiting: {
      invoke: RETRY,
      on: { WAKE: { guard: 'trusted', target: 'checking' }, LOGIN: CUT_CHECK, REGISTER: CUT_CHECK },
    },
  },
  on: {
    LOGIN: 'signingIn',
    REGISTER: 'signingIn',
    // (Over a read that could not tell, `unread`: read again, or the cookie's login revoked.)
    CANCEL: [
      { guard: 'cookieUnread', target: 'restoring.reading', actions: { type: 'clearError' } },
      { target: 'signedOut', actions: { type: 'clearError' } },
    ],
    LOGOUT: [
      { guard: 'cookieUnread', target: 'signingOut' },
      { target: 'signedOut', actions: { type: 'clearError' } },
    ],
    REMOTE_LOGIN: { guard: 'trusted', target: '.checking' },
  },
} as const;

/** The session is over here (the proxy's 401, or its absolute lifetime): told to the app and the tabs. */
export const expire = () =>
  [
    { type: 'announce', params: { type: 'signedOut', reason: 'expired' } },
    { type: 'forget', params: 'expired' },
    'emitSessionExpired',
    'emitExpiredSignOut',
  ] as const;

/** The seed a read gave (`seedRead`'s output). */
export const seedOf = (event: unknown) =>
  (event as { output?: { seed?: { status?: string; loginId?: unknown } | null } }).output?.seed;

/**
 * One read of the seed route (`restoring`'s first, then `again` while signed out). Another tab's
 * word heard while it is on its way asks for one more (`queued`), read once it is done (REVIEW-AK
 * AK-3: a burst of words is two reads, never one each).
 */
export const readSeed = (state: 'reading' | 'again') =>
  ({
    id: 'seed',
    src: 'readSeed',
    input: ({ context }: { context: ServerSessionContext }) => serverServicesOf(context),
    onDone: [
      { guard: 'queued', target: state, reenter: true },
      { target: 'deciding', actions: 'tookSeed' },
    ],
    onError: [
      { guard: 'unauthorized', target: '#serverSession.signedOut', actions: 'clearError' },
      { guard: 'transient', target: 'waiting', actions: 'failedSeed' },
      // Not a seed (no handler under the prefix, a malformed answer): signed out, told why.
      { target: '#serverSession.signedOut', actions: 'failedSeed' },
    ],
  }) as const;

/**
 * While the page waits for its first read of the session (or the read after a 401). A login asked
 * cuts the read short, so the cookie may hold a login (`queued`: read again should this login fail
 * or be cancelled; revoked at a logout). Not while shown signed out after a read that failed
 * (`waiting`, `again`): a wrong password is shown there, as ever. Another tab's logout heard asks
 * for one more read after this one.
 */
export const CUT_SHORT = {
  // (The login a 401 ended, named in `confirming`, no longer: a logout from here on names none,
  // never one the proxy refuses while the cookie's stays live: review 50.)
  // (Its end told to the other tabs first, as `confirming` would: each asks the server, review 51.)
  LOGIN: { target: '#serverSession.signingIn', actions: ['tellEnded', 'queue', 'unname'] },
  REGISTER: { target: '#serverSession.signingIn', actions: ['tellEnded', 'queue', 'unname'] },
  // (The read, begun before that logout or expiry, may answer the login it ended: never shown
  // signed in after it.)
  REMOTE_LOGOUT: QUEUE,
} as const;

/**
 * Past the session's end by a clock that cannot judge it (`judges`): the server is asked, with a
 * profile read now (through the proxy: its 401 ends the session, `UNAUTHORIZED`; an answer keeps it).
 */
export const ASK_SERVER = { guard: 'pastEnd', actions: 'askServer' } as const;

/** Another tab signed in while this one shows signed out for a read that failed: read again now. */
export const AGAIN = { guard: 'trusted', target: 'again' } as const;
