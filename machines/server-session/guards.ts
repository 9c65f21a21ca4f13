// The server-session machine's guards (see `./machine`): each computes from the context and the
// event alone (the time comes on the event, as a reading of the one clock).

import { isTransientError } from 'pam-client/internal';
import { isTime } from '../clock';
import { statusOf } from '../errors';
import { isInternal, isTrusted, type Owner } from '../session/events';
import type { ServerLoginSuccess } from './auth';
import { judges, type ServerReading, type ServerSessionContext } from './context';
import { UNNAMED } from './tabs';

/** How far from the client's start reading (server time, either side) a page's seed is taken at once. */
export const SEED_FRESH_MS = 30_000;

/** What a guard is given (the events are told apart by `type`, their fields read as given). */
type GuardArgs = { context: ServerSessionContext; event: { type: string } };

/** Our own TICK or WAKE (never an app's) whose reading is at or past the session's absolute end. */
const pastEnd = ({ context: c, event }: GuardArgs) =>
  c.expiresAt !== null &&
  (event.type === 'TICK' || event.type === 'WAKE') &&
  'reading' in event &&
  isInternal(event) &&
  c.expiresAt <= (event.reading as ServerReading).serverAt;

/** The guards, by the names the machine's transitions use. */
export const serverSessionGuards = {
  trusted: ({ event }) => isTrusted(event),
  // The seed's session already ended at the clock's reading it was taken at, when that reading
  // can judge it (`judges`: trusted, the server's time learned), else at the seed's own read
  // time (the server's): over, by the `expired` guard's rule, before any frame shows it.
  seedEnded: ({ context: { seed: s, seedReading: r } }) =>
    s?.expiresAt != null && s.expiresAt <= (judges(r) ? r.serverAt : (s.readAt ?? 0)),
  // A seed given with the page (no read yet) that a clock unable to judge it calls ended (a
  // device clock hours off, never checked): the server's word is asked (`GET <prefix>/session`).
  // So is a `signedIn` one not read within `SEED_FRESH_MS` of a trusted reading (server time;
  // none, or untrusted: it cannot be judged): a page replayed from a cache (Back after a logout,
  // a restored tab) carries a session maybe gone or barred since (REVIEW-P P5, P6). (Not in a
  // server render: `final`, nothing asked.)
  seedUnjudged: ({ context: { seed: s, seedReading: r, attempts } }) =>
    !attempts &&
    !r?.final &&
    ((s?.expiresAt != null && !!r && s.expiresAt <= r.serverAt) ||
      (s?.status === 'signedIn' && !(r?.trusted && Math.abs(r.serverAt - s.readAt!) <= SEED_FRESH_MS))),
  seedSignedIn: ({ context: c }) => c.seed?.status === 'signedIn',
  seedSignedOut: ({ context: c }) => c.seed?.status === 'signedOut',
  triedBefore: ({ context: c }) => c.attempts > 0,
  // The cookie may hold a login this tab has not read (`ServerSessionContext.queued`: both uses).
  queued: ({ context: c }) => c.queued,
  // Or a login asked over a read that could not tell (`unread`): a logout or cancel reads or revokes.
  unsure: ({ context: c }) => c.queued || c.unread,
  cookieUnread: ({ context: c }) => c.unread,
  // A seed read (`seedRead`'s output) showing the login held here, or not saying (`unavailable`:
  // the player could not be read; REVIEW-25 R25-5): the login held stays.
  sameLogin: ({ context: c, event }) => {
    const s = (event as { output?: { seed?: { status?: string; loginId?: unknown } } }).output?.seed;
    return s?.status === 'unavailable' || (s?.status === 'signedIn' && s.loginId === c.loginId);
  },
  unauthorized: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
  transient: ({ event }) => isTransientError((event as { error?: unknown }).error),
  // The login id of what another tab said, against the one held here (a logout that named none,
  // `UNNAMED`, may have ended it: ours too).
  ours: ({ context, event }) =>
    isTrusted(event) && [context.loginId, UNNAMED].includes((event as { loginId?: string }).loginId!),
  another: ({ context, event }) =>
    isTrusted(event) && (event as { loginId?: unknown }).loginId !== context.loginId,
  // Past the session's absolute end at the reading our own TICK or WAKE carries (never the
  // clock), a reading that can judge it (`judges`).
  expired: (a) => pastEnd(a) && judges((a.event as unknown as { reading: ServerReading }).reading),
  // Past it by a reading that cannot judge it (after `expired`): the server is asked.
  pastEnd,
  // Our own responsible-gaming change told with no time it was sent at (`stampChange`).
  unstamped: ({ event }) => isInternal(event) && !isTime((event as { sent?: unknown }).sent),
  // An app's TICK: no reading (an action reads the clock and tells it again).
  unread: ({ event }) => !isInternal(event),
  // A datum for the player and login held now (the user module's outcome re-read).
  owned: ({ context, event }) => {
    if (!isInternal(event) || !('owner' in event)) return false;
    const owner = (event as { owner: Owner }).owner;
    return owner.sid === context.sid && owner.userId === context.userId;
  },
  // A login answer whose server session ended by the clock as read when it arrived, a reading
  // that can judge it (`stampedAuth`; else signed in: the profile flow's first read asks the server).
  endedAnswer: ({ event }) => {
    const a = (event as { output?: Partial<ServerLoginSuccess> & { serverAt?: number; judged?: boolean } })
      .output;
    return !!a?.judged && (a.server_session?.expires_at as number) <= (a.serverAt as number);
  },
  signedInAnswer: ({ event }) => {
    const a = (event as { output?: Partial<ServerLoginSuccess> }).output;
    return !!a?.server_session && typeof a.user?.id === 'number';
  },
} satisfies Record<string, (args: GuardArgs) => boolean>;
