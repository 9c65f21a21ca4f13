// The world of the unsigned-login tests (REVIEW-O O-19): the login answers that carry a token the
// client does not sign in with, a tab recording every surface a token must not reach, and what
// the reference server says of a token (the logouts that named it, whether it still opens the API).

import { inspect } from 'node:util';
import { sessionActorOf } from 'pam-client/devtools';
import type { InspectionEvent } from 'xstate';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { reachableStrings } from '../support/reachable';
import type { Tab, TabOptions, World } from '../support/world';

/**
 * The answer kinds a login can get that carry a token the client does not sign in with, and that
 * it reads. (One the reader refuses, `{ type: 'weird_type', access_token }`, reaches the session as
 * an `invalid_response` with no token in it; the auth module revokes its token: refused-login-token.)
 */
export const UNSIGNED = {
  challenge: (t: string) => ({ type: 'two_factor_code', message: 'code', access_token: t }),
  cancelled: (t: string) => ({ type: 'cancelled_account', message: 'gone', access_token: t, expires_in: 60 }),
  // A completed answer whose player's account is cancelled.
  cancelledUser: (t: string) => ({
    access_token: t,
    expires_in: 60,
    token_type: 'Bearer',
    user: { id: 1, email: 'p@example.com', cancelled_account: true },
    userInfo: PLAIN_USER_INFO,
  }),
} as const;

/** A tab (no channel) that records every surface a token must not reach: views, events, inspector, debug log. */
export function recordingTab(world: World, o: TabOptions = {}) {
  const seen: unknown[] = [];
  const tab: Tab = world.open({
    channel: false,
    retry: 0,
    inspect: (e: InspectionEvent) => seen.push(JSON.stringify(e), inspect((e as { event?: unknown }).event)),
    debug: (line, detail) => seen.push(line, detail),
    ...o,
  });
  tab.client.subscribe((view) => seen.push(view, JSON.stringify(view)));
  for (const type of ['signedIn', 'signedOut', 'signIn.failed'] as const)
    tab.client.on(type, (e) => seen.push(e, inspect(e, { depth: 8 })));
  /** Every string recorded, and the session's snapshots now. */
  const surfaces = () => {
    const actor = sessionActorOf(tab.client);
    seen.push(
      tab.client.view,
      JSON.stringify(actor.getSnapshot()),
      JSON.stringify(actor.getPersistedSnapshot()),
    );
    return reachableStrings(seen);
  };
  return { tab, surfaces };
}

/** The logouts the server saw that named `token` (test/support/held-refresh's `logoutsWith`). */
export { logoutsWith as logoutsOf } from '../support/held-refresh';

/** Whether the server still takes `token` (a profile read answers 200). */
export async function live(world: World, token: string): Promise<boolean> {
  const r = await globalThis.fetch(`${world.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.status === 200;
}
