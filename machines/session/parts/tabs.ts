// The tabs flow's part of the session: what it does with the tabs flow's verdicts (../tabs.ts, the
// child that decides): take another tab's session, end this one, or move the logical clock.

import { and, assertEvent, emit, sendTo } from 'xstate';
import { servicesOf } from '../context';
import { revokeHandle } from '../refresh';
import { sessionSetup } from '../setup';
import { adoptedTokenSaved, remoteForgetOf } from '../tabs';

/**
 * The verdicts heard in any state. A session taken while signed out is said again (as a sync
 * answer), so a tab whose sync request came before this login reached here hears it too.
 */
export const tabsOn = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
    on: {
      ADOPT: {
        guard: 'internal',
        target: '.signedIn',
        actions: [{ type: 'adopt', params: { share: true } }, 'loginRestrictions'],
      },
      HEARD: { guard: 'internal', actions: 'heardSeq' },
      // A refreshed token heard while no login is held (signing out, signed out): not kept, revoked.
      TOKEN_REFRESHED: {
        guard: 'internal',
        actions: ({ context, event }) => {
          assertEvent(event, 'TOKEN_REFRESHED');
          revokeHandle(servicesOf(context), event.handle);
        },
      },
    },
  }).on)();

/** The verdicts heard while signed in. */
export const tabsSignedInOn = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
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
        {
          guard: 'internal',
          actions: [
            'adopt',
            sendTo('refresh', ({ context, event }) => {
              assertEvent(event, 'ADOPT');
              return adoptedTokenSaved(context, event);
            }),
            emit({ type: 'tokenRefreshed' as const }),
          ],
        },
      ],
      ENDED_ELSEWHERE: {
        guard: 'internal',
        target: 'signedOut',
        actions: [
          'clearTokensUnlessNewer',
          {
            type: 'forget',
            params: ({ event }) => {
              assertEvent(event, 'ENDED_ELSEWHERE');
              return remoteForgetOf(event);
            },
          },
          emit(({ event }) => {
            assertEvent(event, 'ENDED_ELSEWHERE');
            return { type: 'signedOut' as const, reason: event.reason, remote: true };
          }),
        ],
      },
    },
  }).on)();
