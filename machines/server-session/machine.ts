// The session in server-session mode (issue 28.2): the token lives in the server's HttpOnly
// cookie, so this machine holds none and refreshes nothing. It starts from the server's view (the
// seed, judged at the one clock's reading when it was taken), signs in through the login child (the
// two-factor step included) with the proxy's token-less answer, keeps the restrictions with the
// profile flow (its first read answered by the seed when that is current), tells the other tabs of
// logins and logouts by login id, and signs out on the proxy's 401. A seed read that could not tell
// where the session stands is shown signed out with its error and read again (`restoring.waiting`).
// States and tags are the session's (`SESSION_STATUSES`), so the session view reads it unchanged.
// Its setup (types, children, guards, actions) is ./setup.ts's; its `signedIn` state (the login
// held) ./signed-in.ts's.

import { assign, enqueueActions, raise, sendTo } from 'xstate';
import { internal, isInternal, isTrusted } from '../session/events';
import { boxCommand, childIs, resent, toChild } from '../session/login';
import type { PendingCommand } from '../session/types';
import { readServerClock, stampedAuth } from './actors';
import { initialContext, serverServicesOf } from './context';
import { type Internal, LOGGED_OUT, serverSessionSetup } from './setup';
import { signedIn } from './signed-in';
import { AFTER_FAILURE, AGAIN, CUT_SHORT, expire, QUEUE, RETRY, readSeed, seedOf } from './transitions';

/** Builds the machine (one pure call). */
/* @__NO_SIDE_EFFECTS__ */
function createServerSessionMachine() {
  return serverSessionSetup.createMachine({
    id: 'serverSession',
    context: ({ input, self }) => initialContext(input, self, input),
    initial: 'restoring',
    // A restriction heard for a login not held here (yet): kept for it (`barred`); so is a change
    // in flight heard (or told to this tab as it started) for a login not held here (yet): it bars
    // that login once held here, until released or its end (`inFlightHeard`, AJ-2).
    on: {
      REMOTE_RESTRICTED: { guard: 'trusted', actions: 'heard' },
      REMOTE_INFLIGHT: { guard: 'trusted', actions: 'keepInFlight' },
      ASKED: { guard: 'trusted', actions: 'asked' },
      // A tab that started: told the changes in flight held here, or kept (R26-6: in every state).
      REMOTE_ASK: { guard: 'trusted', actions: 'tellInFlight' },
      CLOCK_BACK: { guard: 'trusted', actions: 'clockBack' },
    },
    invoke: [
      // A wake-up carries the clock as read then (the guards judge the event, never the clock).
      {
        id: 'wake',
        src: 'wake',
        input: ({ context }) => {
          const s = serverServicesOf(context);
          return { ...s.signals, read: () => readServerClock(s) };
        },
      },
      {
        id: 'tabs',
        src: 'tabs',
        input: ({ context }) => serverServicesOf(context),
      },
    ],
    states: {
      // Where the session stands: from the seed given, else (or when it says `unavailable`) from
      // `GET <prefix>/session`. Never signed in without a player. A read that did not say (it
      // answered `unavailable`, a 5xx or 429, nothing before the adapter's timeout) is shown signed
      // out with its error, so `ready` settles (the app can offer its sign-in, which works while the
      // profile read does not), and read again with backoff (1 s doubling to 30 s, or at once on a
      // wake-up) without a `restoring` frame: a session that reads then is signed in.
      restoring: {
        initial: 'deciding',
        states: {
          deciding: {
            tags: 'restoring',
            always: [
              {
                guard: 'seedEnded',
                target: '#serverSession.signedOut',
                actions: { type: 'forget', params: 'expired' },
              },
              { guard: 'seedUnjudged', target: 'reading' },
              {
                guard: 'seedSignedIn',
                target: '#serverSession.signedIn',
                actions: ['fromSeed', 'emitSignedIn'],
              },
              { guard: 'seedSignedOut', target: '#serverSession.signedOut' },
              // A read answered `unavailable` (a session whose player the server could not read).
              { guard: 'triedBefore', target: 'waiting', actions: 'seedUnavailable' },
              { target: 'reading' },
            ],
          },
          reading: { tags: 'restoring', entry: 'unqueue', invoke: readSeed('reading'), on: CUT_SHORT },
          waiting: {
            tags: 'signedOut',
            invoke: RETRY,
            on: { WAKE: { guard: 'trusted', target: 'again' }, REMOTE_LOGIN: AGAIN },
          },
          again: { tags: 'signedOut', entry: 'unqueue', invoke: readSeed('again') },
          // The proxy's 401 on a call of the login held (REVIEW-AL AL-3): that login is over, but
          // the cookie may hold another since (the browser signed in again outside the tabs'
          // channel). The server is asked once: signed in there, that login is taken as a new one
          // (`deciding`: the seed's read, never betting on a login not read), told to the other
          // tabs (each asks the server); signed out, or a read that did not tell: signed out, as
          // the 401 says, the other tabs told; so is a login found live once already after a 401
          // (`confirmed`: never a read loop on a proxy that contradicts itself). (The old login's
          // changes in flight settle by their own answers.)
          confirming: {
            tags: 'restoring',
            entry: 'unqueue',
            on: CUT_SHORT,
            invoke: {
              id: 'seed',
              src: 'readSeed',
              input: ({ context }) => serverServicesOf(context),
              onDone: [
                { guard: 'queued', target: 'confirming', reenter: true },
                // (The same login found live once before after a 401: the 401 believed, `confirmed`.)
                {
                  guard: ({ context: c, event }) =>
                    seedOf(event)?.status !== 'signedIn' || c.confirmed === seedOf(event)!.loginId,
                  target: '#serverSession.signedOut',
                  actions: expire(),
                },
                {
                  target: 'deciding',
                  actions: [
                    ({ context, event }) =>
                      serverServicesOf(context).tabs?.post({
                        type: 'signedIn',
                        loginId: seedOf(event)!.loginId as string,
                      }),
                    assign(({ context }) => ({ confirmed: context.loginId })),
                    { type: 'forget', params: null },
                    'tookSeed',
                  ],
                },
              ],
              // (A read that failed with a word heard meanwhile: read again, as at the start.)
              onError: [
                { guard: 'queued', target: 'reading', actions: expire() },
                { target: '#serverSession.signedOut', actions: expire() },
              ],
            },
            // (A LOGOUT here names the ended login, FIXLOGOUT28: one the cookie no longer holds is
            // refused, never ending another; one that fails reads the session again: no player held.)
          },
        },
        on: {
          // (From `waiting` and `again`: `reading` and `confirming` cut short, `CUT_SHORT`.)
          LOGIN: { target: 'signingIn', actions: 'markUnread' },
          REGISTER: { target: 'signingIn', actions: 'markUnread' },
          LOGOUT: { target: 'signingOut' },
          // A read on its way: one more after it.
          REMOTE_LOGIN: QUEUE,
        },
      },
      signedOut: {
        tags: 'signedOut',
        // A login sent while the logout was running starts now.
        // No login in the cookie that this tab knows of (`queued` cleared), but after a logout that
        // heard one meanwhile (or answered 401) with a login pending: that login goes with `queued`
        // (read should it fail, review 48 D2).
        entry: enqueueActions(({ context, enqueue }) => {
          if (!context.pending) return enqueue('unqueue');
          enqueue.raise(context.pending);
          enqueue('dropPending');
        }),
        on: {
          LOGIN: 'signingIn',
          REGISTER: 'signingIn',
          // Another tab signed in (the cookie is shared): ask the server, never the message.
          REMOTE_LOGIN: { guard: 'trusted', target: 'restoring.reading' },
        },
      },
      signingIn: {
        entry: [
          'startFlow',
          // Only LOGIN and REGISTER enter `signingIn` (no `assertEvent`, whose check could never fail here).
          raise(({ event }) => internal({ type: 'BEGIN', command: boxCommand(event as PendingCommand) })),
        ],
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ context }) => ({
            auth: stampedAuth(serverServicesOf(context)),
            now: serverServicesOf(context).now,
            // A resend's rejected codes (`resent`, REVIEW-Q Q-2): none else.
            carried: (context.login as { carry?: number }).carry,
          }),
          onSnapshot: [
            { guard: childIs('failed'), target: 'failed', actions: 'progress' },
            { guard: childIs('cancelledAccount'), target: 'cancelledAccount', actions: 'progress' },
            { guard: childIs('twoFactorRequired'), target: '.twoFactorRequired', actions: 'progress' },
            { guard: childIs('verifyingTwoFactor'), target: '.verifyingCode', actions: 'progress' },
            { guard: childIs('registering'), target: '.registering', actions: 'progress' },
            { guard: childIs('submitting'), target: '.submitting', actions: 'progress' },
          ],
          onDone: [
            { guard: 'endedAnswer', target: 'signedOut', actions: { type: 'forget', params: 'expired' } },
            {
              guard: 'signedInAnswer',
              target: 'signedIn',
              actions: ['fromLogin', { type: 'announce', params: { type: 'signedIn' } }, 'emitSignedIn'],
            },
          ],
        },
        initial: 'submitting',
        states: {
          submitting: { tags: 'signingIn' },
          registering: { tags: 'registering' },
          twoFactorRequired: {
            tags: 'twoFactorRequired',
            on: {
              LOGIN: { target: '#serverSession.signingIn', reenter: true, actions: assign(resent as never) },
              REGISTER: { target: '#serverSession.signingIn', reenter: true },
              // Its code and captcha token boxed (at the door already; here for a machine run without one).
              SUBMIT_CODE: { actions: sendTo('login', ({ event }) => boxCommand(event)) },
            },
          },
          verifyingCode: {
            tags: 'verifyingCode',
            // The code's answer failed once its head was in with no refusal (its body cut off):
            // the proxy set the login's cookie, and kept-login.ts reads again (`loginId` null: this
            // page's own word, never a tab's). Read now, never asked for a spent code (review 51).
            on: {
              REMOTE_LOGIN: {
                guard: ({ event }) => (event as { loginId?: unknown }).loginId === null && isTrusted(event),
                target: '#serverSession.restoring.reading',
              },
            },
          },
        },
        on: {
          BEGIN: {
            guard: ({ event }) => isInternal(event),
            actions: sendTo('login', ({ event }) => toChild((event as Internal<'BEGIN'>).command)),
          },
          LOGIN: {},
          REGISTER: {},
          // Another tab signed in meanwhile (the cookie is shared): the session is read, as while
          // signed out (this login's fetch is aborted before its head, kept-login.ts).
          CANCEL: [{ guard: 'unsure', target: 'restoring.reading' }, { target: 'signedOut' }],
          // Another tab signed in (the cookie is shared): read once this login has failed or is
          // cancelled, if it is (one that succeeds replaced that cookie; `AFTER_FAILURE`).
          REMOTE_LOGIN: QUEUE,
          // The cookie may hold a login this tab has not read (`queued`: another tab's, the app's own,
          // one there when a read was cut short): revoked, as a logout asks. Else no cookie was set
          // before the login completed: nothing to revoke.
          // (Naming no login: one still named here is the login a 401 ended, which the proxy refuses
          // to end while the cookie's stays live: review 48 D3.)
          LOGOUT: [
            { guard: 'unsure', target: 'signingOut', actions: assign({ loginId: null }) },
            { target: 'signedOut', actions: { type: 'forget', params: 'logout' } },
          ],
        },
      },
      failed: { tags: 'failed', ...AFTER_FAILURE },
      cancelledAccount: { tags: 'cancelledAccount', ...AFTER_FAILURE },
      signedIn,
      signingOut: {
        tags: 'signingOut',
        entry: ['clearError', 'unqueue'],
        on: {
          LOGIN: { actions: 'rememberPending' },
          REGISTER: { actions: 'rememberPending' },
          CANCEL: { actions: 'dropPending' },
          // Another tab signed in meanwhile (the cookie is shared): once this logout is done, the
          // session is read, never signed out over a login made since.
          REMOTE_LOGIN: QUEUE,
        },
        // Signed out only on the server's word (its 204, or a 401: no session there), and only
        // then are the other tabs told. Behind the proxy the HttpOnly cookie is the session: a
        // logout that failed (no answer, a 5xx, the same-origin check's 403) left it live, so the
        // session stays signed in with the error (`logout()` offered again; the profile read
        // again), or, when none was held yet, its state is read again; a login sent meanwhile is dropped.
        // Its 401 (the login named is not the cookie's: another signed in since, or none there):
        // this login's logout done all the same, and the cookie followed (its login read, never shown before).
        invoke: {
          id: 'logout',
          src: 'logout',
          input: ({ context }) => serverServicesOf(context),
          onDone: [
            // (The actor's 1; a login asked meanwhile starts instead, as after a 204.)
            {
              guard: ({ context, event }) => (event.output === 1 || context.queued) && !context.pending,
              target: 'restoring.reading',
              actions: LOGGED_OUT,
            },
            // (A 401 with a login pending: the cookie may hold another, read should that login fail.)
            {
              guard: ({ event }) => event.output === 1,
              target: 'signedOut',
              actions: [...LOGGED_OUT, 'queue'],
            },
            { target: 'signedOut', actions: LOGGED_OUT },
          ],
          onError: [
            {
              guard: ({ context }) => !!context.user,
              target: 'signedIn',
              actions: ['logoutFailed', 'dropPending'],
            },
            { target: 'restoring.reading', actions: 'dropPending' },
          ],
        },
      },
    },
  });
}

/**
 * The session machine of the server-session client (see `createServerSessionClient`): the
 * session's states and tags, no token, no refresh cycle.
 *
 * @example
 * const view = selectSessionView(client.session.getSnapshot() as never);
 */
export const serverSessionMachine = /* @__PURE__ */ createServerSessionMachine();
