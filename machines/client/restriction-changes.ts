// A pause or self-exclusion in flight (REVIEW-AI AI-3): the server may apply it on receipt, so it
// bars betting from the moment it is sent, not when its answer comes. The user module's wrapper
// (`withProfileRecheck`, ./session-facade.ts) tells the session's profile flow at the send
// (`INFLIGHT`, ../session/in-flight.ts) and once the call settled (`settled`), after telling an
// accepted or unknown outcome as before (kept, released only by a read showing it in force): a
// refusal releases that change's bar, and only its own.

import type { Actor, AnyActorRef } from 'xstate';
import { trusted } from '../clock';
import type { Owner } from '../session/events';
import type { AcceptedRestriction } from '../session/profile-rules';
import type { sessionCore } from '../sessionMachine';

type SessionRef = Actor<typeof sessionCore>;

/** Whether the session holds the login of `owner` (its player and login id). */
export const holds = (session: SessionRef | undefined, owner: Owner) => {
  const c = session?.getSnapshot().context;
  return c?.userId === owner.userId && c.sid === owner.sid;
};

/** The session's profile flow while it holds the login of `owner` (none given: any). */
const flowOf = (session: SessionRef | undefined, owner?: Owner): AnyActorRef | undefined =>
  !owner || holds(session, owner)
    ? (session?.getSnapshot().children as Record<string, AnyActorRef | undefined> | undefined)?.profile
    : undefined;

/**
 * Tells the profile flow of the session (while it holds the login of `owner`) that a change of
 * `kind` is on its way: betting is barred from now until the returned release runs (once the call
 * settled, its outcome told). Nothing for a change that bars nothing, or one never sent.
 */
export function inFlight(
  session: () => SessionRef | undefined,
  kind: AcceptedRestriction['kind'] | null,
  sending: boolean,
  owner?: Owner,
): () => void {
  if (!kind || !sending) return () => {};
  const id = Math.random().toString(36).slice(2);
  // (Its end: none while the call runs here: its release always follows in this tab.)
  flowOf(session(), owner)?.send(trusted({ type: 'INFLIGHT', id, kind, until: 9e15 }) as never);
  return () => flowOf(session())?.send(trusted({ type: 'INFLIGHT', id, kind, settled: true }) as never);
}
