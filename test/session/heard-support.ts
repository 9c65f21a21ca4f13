// TOKLAPSE29's tests' support: another tab's change in flight, forged on the channel by tab X (a
// script, or a tab whose release is lost), for the login a token-mode tab holds, and what a tab
// shows and reads then.

import { sessionActorOf } from 'pam-client/devtools';
import { servicesOf } from '../../machines/session/context';
import { S, type Tab } from '../support/world';

/** How long another tab's change bars: the request's timeout (the world's tabs': 10 s) and 30 s. */
export const BAR = 40 * S;

/** Tab X's pause in flight for the login `tab` holds (a change of its own: no `ms`, the whole bar). */
export function pauseFromX(tab: Tab, id: string) {
  const { userId, sid } = sessionActorOf(tab.client).getSnapshot().context;
  return {
    app: 'pam-client',
    v: 1,
    from: 'tab-x',
    type: 'inflight',
    kind: 'pause',
    id,
    settled: false,
    userId,
    sid,
  };
}

/** Whether `tab` is signed in and free to bet. */
export const free = (t: Tab) =>
  t.client.view.status === 'signedIn' && t.client.view.restrictions?.canBet === true;

/** The server time as `tab`'s clock reads it now (its device clock and what it learned of the server's). */
export const serverNowOf = (t: Tab) => servicesOf(sessionActorOf(t.client).getSnapshot().context).serverNow();
