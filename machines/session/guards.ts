// The session's guards on other tabs' messages: whose session wins. Pure functions of the context
// and the event (the machine's guards call them).

import type { SessionInternalEvent } from './internal';
import { isInternal } from './internal';
import { isNewerSession } from './support';
import type { SessionContext } from './types';

type AnyEvent = { type: string };
const live = (c: SessionContext, s: { expiresAt: number | null }) =>
  s.expiresAt === null || s.expiresAt > c.deps.now();
const remote = (event: AnyEvent) =>
  isInternal(event) && event.type === 'REMOTE_SESSION'
    ? (event as Extract<SessionInternalEvent, { type: 'REMOTE_SESSION' }>)
    : null;

/** Signed out here: take another tab's login, or its answer to our sync, if newer than our sign-out. */
export function canAdopt(c: SessionContext, event: AnyEvent): boolean {
  const e = remote(event);
  if (!e || e.reason === 'refresh' || !live(c, e.session)) return false;
  if (!c.signedOut) return true;
  return isNewerSession(e.session, {
    seq: c.signedOut.seq ?? undefined,
    sid: c.signedOut.sid ?? undefined,
    savedAt: c.signedOut.at,
  });
}

/** Signed in here: take only a newer session (a sync answer with our own token changes nothing). */
export function isNewer(c: SessionContext, event: AnyEvent): boolean {
  const e = remote(event);
  if (!e || !live(c, e.session)) return false;
  return isNewerSession(
    e.session,
    c.savedAt === null ? null : { seq: c.seq ?? undefined, sid: c.sid ?? undefined, savedAt: c.savedAt },
  );
}

/** Another tab's sign-out ends this tab's session only if it ended this login, or a newer one. */
export function endsOurs(c: SessionContext, event: AnyEvent): boolean {
  if (!isInternal(event) || event.type !== 'REMOTE_SIGNED_OUT') return false;
  const e = event as Extract<SessionInternalEvent, { type: 'REMOTE_SIGNED_OUT' }>;
  // The same login ended, whatever its refreshes; else only a login as new as ours or newer.
  if (e.sid !== null && e.sid === c.sid) return true;
  if (e.seq !== null && c.seq !== null && e.seq !== c.seq) return e.seq > c.seq;
  if (e.seq !== null && c.seq !== null) return e.sid !== null && c.sid !== null && e.sid > c.sid;
  return e.at === null || c.savedAt === null || e.at >= c.savedAt;
}
