// Logout's part of the session: `signingOut` empties the store and revokes the token (../store.ts);
// signed out either way.

import { emit } from 'xstate';
import { ownerOf, servicesOf } from '../context';
import { resendingAuth } from '../revoke';
import type { SessionStateConfig } from '../setup';
import { service } from '../store';

/** `signingOut`: another tab's login is not taken meanwhile; a login sent meanwhile waits. */
export const signingOut = /* @__PURE__ */ (() =>
  ({
    tags: 'signingOut',
    // Its profile flow stopped (nothing watches the clock or the register now): the restrictions
    // go stale, betting off, from the first signing-out view (fail closed; a clock stepped 25 h
    // meanwhile left them current, the model's seed 3). The profile flow's (./flows.ts).
    entry: 'staleRestrictions',
    on: {
      // Honoured once signed out.
      LOGIN: { actions: 'rememberPending' },
      REGISTER: { actions: 'rememberPending' },
      CANCEL: { actions: 'dropPending' },
    },
    invoke: {
      id: 'logout',
      src: 'logout',
      // The login signed out: only its tokens are revoked (a shared store may hold a newer login). A
      // revoke that got no verdict (a 5xx, no answer) is sent again, detached (`resendingAuth`).
      input: ({ context }) => {
        const s = servicesOf(context);
        return service({ ...s, auth: resendingAuth(s.auth, s), owner: ownerOf(context) });
      },
      // Signed out either way: a failed logout request must not keep a session alive here.
      onDone: 'signedOut',
      onError: { target: 'signedOut', actions: 'takeError' },
    },
    exit: [
      // The store cleared unless it holds a newer login (another tab's, stored while the revoke was
      // on its way: REVIEW-I i5), judged against the login signed out, so before `forget`: exit
      // actions run before a transition's, and after it no login was left to compare (LOGREAD30).
      { type: 'clearTokensUnlessNewer', params: 'logout' },
      { type: 'forget', params: { reason: 'logout' } },
      emit({ type: 'signedOut' as const, reason: 'logout' as const, remote: false }),
    ],
  }) satisfies SessionStateConfig)();
