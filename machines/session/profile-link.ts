// The session's side of the profile flow: the input it gives the flow, and a profile read
// elsewhere (another tab, the client's outcome re-read) marked as the flow takes it.

import { ownerOf, servicesOf } from './context';
import { internal, type SessionInternalEvent } from './events';
import type { ProfileFlowInput } from './profile';
import type { SessionContext } from './types';

/** The flow's input from the session: its services and the login it holds (`owner`). */
export const profileInputOf = (c: SessionContext): ProfileFlowInput => {
  const { auth, serverNow, random, clock } = servicesOf(c);
  return { services: { auth, serverNow, random, clock }, owner: ownerOf(c) };
};

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
