// The tabs flow's part of the session: where the tabs flow's verdicts (../tabs.ts, the child that
// decides) land in the statechart: take another tab's session, end this one, or move the logical
// clock. The transitions name their actions only; the tabs flow provides them (TABS_SESSION,
// ../flows.ts), so a session without it does nothing with a verdict (none comes: no child of it
// decides) and a bundle without it carries none of their code.

import { and } from 'xstate';
import type { SessionTransitions, sessionSetup } from '../setup';

/**
 * A part checked against the session's setup, as `sessionSetup.createStateConfig` checks it, without
 * importing the setup's code (the tabs flow reaches these parts before the session's machine).
 */
const stateConfig: typeof sessionSetup.createStateConfig = (part) => part;

/**
 * The verdicts heard in any state. A session taken while signed out is said again (as a sync
 * answer), so a tab whose sync request came before this login reached here hears it too.
 */
export const tabsOn = /* @__PURE__ */ (() =>
  stateConfig({
    on: {
      ADOPT: { guard: 'internal', target: '.signedIn', actions: ['adoptShared', 'loginRestrictions'] },
      HEARD: { guard: 'internal', actions: 'heardSeq' },
    },
  }).on)();

/** The verdicts heard while signed in. */
export const tabsSignedInOn = /* @__PURE__ */ (() =>
  stateConfig({
    on: {
      // Another tab refreshed (or logged in again), newer: take its token; the cycle restarts from
      // it, aborting a refresh of ours still in flight.
      ADOPT: [
        // Another login: the signed-in flows (refresh, profile, play time) start over for it,
        // with none of the previous player's data.
        {
          guard: and(['internal', 'otherLogin']),
          target: 'signedIn',
          reenter: true,
          actions: ['adopt', 'loginRestrictions'],
        },
        { guard: 'internal', actions: 'adoptRefreshed' },
      ],
      ENDED_ELSEWHERE: { guard: 'internal', target: 'signedOut', actions: 'endedElsewhere' },
    },
  }).on)();

/**
 * While signing out: another tab's login must not undo this logout, so a session taken meanwhile
 * is dropped (its token out of the vault).
 */
export const tabsSigningOutOn = /* @__PURE__ */ (() =>
  stateConfig({ on: { ADOPT: { actions: 'dropAdopted' } } }).on)();

/** The tabs flow's transitions, as the session takes a flow's (`tabs()`, `sessionCore`). */
export const TABS_TRANSITIONS: SessionTransitions = {
  root: tabsOn,
  signedIn: tabsSignedInOn,
  signingOut: tabsSigningOutOn,
};
