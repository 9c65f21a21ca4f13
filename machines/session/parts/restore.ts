// The restore, the session's first state: the stored session read back (a past expiry checked with
// the server, ../restore-session.ts), or signed out.

import { servicesOf } from '../context';
import type { SessionStateConfig } from '../setup';

/** `restoring`: the store's answer decides; an explicit login or logout wins over it. */
export const restoring = /* @__PURE__ */ (() =>
  ({
    tags: 'restoring',
    invoke: {
      id: 'restore',
      src: 'restore',
      input: ({ context }) => servicesOf(context),
      onDone: [
        {
          guard: {
            type: 'vaulted',
            params: ({ event }: { event: { output?: { handle?: string } | null } }) => event.output?.handle,
          },
          target: 'signedIn',
          actions: [
            { type: 'restored', params: ({ event }) => event.output!.meta },
            // Unknown (no betting) until this login's first read, as after a login.
            'loginRestrictions',
            { type: 'dropHandle', params: ({ event }) => event.output!.handle },
          ],
        },
        'signedOut',
      ],
      // A store that fails (or a clock that gives no time): signed out, with its typed error (not
      // "no session": the store could not say). Never a crash.
      onError: { target: 'signedOut', actions: 'takeError' },
    },
    // An explicit login or logout wins over a restore still reading the store; a logout
    // revokes the stored session (if any) and tells the other tabs, as from signedIn.
    on: {
      LOGIN: 'signingIn',
      REGISTER: 'signingIn',
      LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
    },
  }) satisfies SessionStateConfig)();
