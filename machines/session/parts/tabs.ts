// The tabs flow's part of the session: where the tabs flow's verdicts (../tabs.ts, the child that
// decides) land in the statechart: take another tab's session, end this one, or move the logical
// clock. The transitions name their actions only; the tabs flow provides them (TABS_SESSION,
// ../flows.ts), so a session without it does nothing with a verdict (none comes: no child of it
// decides). They come with the flow (`tabs()`, `TABS_TRANSITIONS`): a client without it has none,
// and its bundle carries none of their code. Written as data, checked against the session's setup
// by their type (`SessionTransitions`): importing the setup's code here would move the session's
// modules ahead of the client's in a bundle (+75 B on the preset row, measured).

import { and } from 'xstate';
import { type HeardSession, isNewer } from '../order';
import { claimOrGiveWay } from '../refresh';
import type { SessionTransitions } from '../setup';
import type { SessionContext } from '../types';

/**
 * The tabs flow's verdict: another login (maybe another player) than the one held. Here, not in the
 * session's setup: only this part uses it, on ADOPT only (a named arrow: the diagrams show its name).
 */
const otherLogin = ({ event }: { event: { otherLogin: boolean } }): boolean => event.otherLogin;

type Judged = { context: SessionContext; event: HeardSession };

/**
 * Still newer than the session held when the session takes it (the tabs flow judged it against the
 * session as it stood: a login of this tab's own, or another session taken, may have come between).
 */
const newer = ({ context, event }: Judged): boolean => isNewer(context, event);

/** The tabs flow's transitions, as the session takes a flow's (`tabs()`, `sessionCore`, `sessionMachine`). */
export const TABS_TRANSITIONS: SessionTransitions = {
  // The child that decides (../tabs.ts), in every state: it decides against the session as it
  // stands (its committed snapshot).
  rootInvoke: [{ id: 'tabs', src: 'tabs', input: ({ context, self }) => ({ context, self }) }],
  // The verdicts heard in any state. A session taken while signed out is said again (as a sync
  // answer), so a tab whose sync request came before this login reached here hears it too.
  root: {
    ADOPT: { guard: 'internal', target: '.signedIn', actions: ['adoptShared', 'loginRestrictions'] },
    HEARD: { guard: 'internal', actions: 'heardSeq' },
  },
  // The verdicts heard while signed in.
  signedIn: {
    // Another tab refreshed (or logged in again), newer: take its token; the cycle restarts from
    // it, aborting a refresh of ours still in flight.
    ADOPT: [
      // Another login: the signed-in flows (refresh, profile, play time) start over for it,
      // with none of the previous player's data.
      {
        guard: /* @__PURE__ */ and(['internal', newer, otherLogin]),
        target: 'signedIn',
        reenter: true,
        actions: ['adopt', 'loginRestrictions'],
      },
      { guard: /* @__PURE__ */ and(['internal', newer]), actions: 'adoptRefreshed' },
      // No longer newer (a login of this tab's own came first): dropped. Another login's token is
      // revoked by the tabs that hold it as they give it up for ours (`adopt`), never here, while
      // one of them may still send it (REVIEW-I).
      { guard: 'internal', actions: 'dropAdopted' },
    ],
    ENDED_ELSEWHERE: { guard: 'internal', target: 'signedOut', actions: 'endedElsewhere' },
  },
  // While signing out: another tab's login must not undo this logout, so a session taken meanwhile
  // is dropped (its token out of the vault).
  signingOut: { ADOPT: { actions: 'dropAdopted' } },
  // One refresh for all the tabs: claimed first; a tab that gives way takes the winner's outcome.
  claim: claimOrGiveWay,
};
