// The server session's setup (./machine.ts builds its statechart on it): its types, children,
// guards and actions. Each action is written here, in the `machineSetup` call, so its params are
// inferred and checked against the states that name it.

import { asPamError } from 'pam-client/internal';
import { type AnyActorRef, assign, emit, enqueueActions, sendTo } from 'xstate';
import { fromPromise } from '../actor-logic';
import { readClock, trusted } from '../clock';
import { randomTabId, wakeSignals } from '../environment';
import { statusOf } from '../errors';
import { loginMachine } from '../loginMachine';
import { afterStep, machineSetup } from '../machine-setup';
import { internal, type SessionInternalEvent } from '../session/events';
import { profileNow, takeProfile } from '../session/flows';
import { boxCommand, flowStarted, type LoginChildSnapshot, loginProgress } from '../session/login';
import { createProfileFlow } from '../session/profile';
import { type InFlight, inFlightAt, type ProfileFlowContext } from '../session/profile-rules';
import type { SessionEmitted, SessionEvent } from '../session/types';
import { absent, expiryTimer, readServerClock, retryTimer, seedRead } from './actors';
import type { ServerLoginSuccess } from './auth';
import {
  type BarringKind,
  forgotten,
  fromLogin,
  fromSeed,
  type ServerSessionContext,
  type ServerSessionDeps,
  type ServerSessionInput,
  serverServicesOf,
  unavailable,
} from './context';
import { serverSessionGuards } from './guards';
import { seededReadProfile, signedOutLogins } from './seed';
import { barMsOf, serverTabsListener, UNNAMED } from './tabs';

/** The id of this tab's own wait for the answers to its ask, in the profile flow's changes in flight. */
const ASK = 'ask';
/** The id of this tab's bar while it asks the server whether a `signedOut` word is true (B-1). */
const DOUBT = 'doubt';

type Kept = ServerSessionContext['inFlightHeard'];

/**
 * The changes kept for logins not held (`inFlightHeard`): the latest 8 of each login, 64 in all
 * (REVIEW-26 R26-9). Those it drops are never forgotten (REVIEW-26B B-1: a script's messages for
 * made-up logins, or with no time left, pushed a real one out): they fold into ONE entry of no
 * login nor id (`''`, which no message names) nor kind, ending at the latest of their ends (each
 * the bar's at most, `barMsOf`): it bars whichever login is held before then (`takeInFlight`,
 * `fromSeed`), and is told to a tab that asks (`tellInFlight`, R28). A flood only bars. At most 65
 * entries.
 */
const capKept = (l: Kept): Kept => {
  const kept = l
    .filter((e, i) => e.loginId && l.slice(i + 1).filter((f) => f.loginId === e.loginId).length < 8)
    .slice(-64);
  // (One of no known end, +Infinity, heard while the clock gave no time: the fold too, until the
  // clock gives a time again, `clockBack` (R28: then the bar's length from it). Never NaN.)
  const ends = l.filter((e) => !kept.includes(e)).map((e) => (e.until < 1 / 0 ? e.until : 1 / 0));
  return ends.length ? [...kept, { loginId: '', id: '', until: Math.max(...ends) }] : kept;
};

/** The profile flow's context, while one runs (in `signedIn`). */
const flowOf = (self: { getSnapshot(): { children: object } }) =>
  (
    self.getSnapshot().children as { profile?: { getSnapshot(): { context: ProfileFlowContext } } }
  ).profile?.getSnapshot().context;

import type { ServerInternal } from './transitions';

/** One of the session's own events, by type. */
export type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;
type Announced = { type: 'signedIn' } | { type: 'signedOut'; reason: 'logout' | 'expired' };

/** The setup (built in one pure call): ./machine.ts's `createMachine` is its. */
export const serverSessionSetup = /* @__PURE__ */ (() =>
  machineSetup({
    types: {
      context: {} as ServerSessionContext,
      events: {} as SessionEvent | SessionInternalEvent | ServerInternal,
      emitted: {} as SessionEmitted,
      input: {} as ServerSessionInput,
      children: {} as {
        seed: 'readSeed';
        login: 'login';
        logout: 'logout';
        wake: 'wake';
        tabs: 'tabs';
        expiry: 'expiry';
        retry: 'retry';
        profile: 'profile';
        playTime: 'playTime';
      },
    },
    actors: {
      readSeed: seedRead,
      // Its clock read (a 429's `retryAt`) told again as the machines' own: the guarded door
      // refuses anything else, and the child would wait for it forever (REVIEW-P P7).
      login: loginMachine.provide({
        actions: {
          readClock: afterStep((a: Parameters<typeof readClock>[0]) =>
            readClock({ ...a, self: { send: (e) => a.self.send(trusted(e as object) as never) } }),
          ),
        },
      }),
      // A 401 is the server's word too (this login is no session there: ended, or the cookie holds
      // another since): done, as its 204, but told (1): the session is then read again. No answer
      // (the network): sent again, twice at most, at once: the proxy may have ended the login and
      // its answer (the cookie cleared) been lost, and it answers such a try as that logout done
      // (review 53: the ended cookie kept refused the player's logins for a minute).
      logout: fromPromise<1 | void, ServerSessionDeps>(async ({ input, signal }) => {
        // (Every try names the logout, `X-Pam-Logout`: only its own try is answered as it done. A
        // first try that timed out is sent again too: the proxy may have ended the login, its
        // answer slow, review 56.)
        const id = randomTabId(input.random);
        for (let tries = 3; ; )
          try {
            return await input.auth.logout({
              signal,
              [Symbol.for('pam-client.again')]: `${id}.${4 - tries}`,
            } as never);
          } catch (e) {
            const code = (e as { code?: unknown }).code;
            if (statusOf(e) === 401) return 1;
            if (!--tries || (code !== 'network' && (code !== 'timeout' || tries < 2))) throw e;
          }
      }),
      wake: wakeSignals,
      tabs: serverTabsListener,
      expiry: expiryTimer,
      retry: retryTimer,
      profile: createProfileFlow().provide({ actors: { readProfile: seededReadProfile } }),
      playTime: absent,
    },
    guards: serverSessionGuards,
    actions: {
      // --- context (pure) ---
      fromSeed: assign(({ context }) => fromSeed(context)),
      fromLogin: assign(({ context, event }) =>
        fromLogin(context, (event as unknown as { output: ServerLoginSuccess }).output),
      ),
      forget: assign((_, reason: ServerSessionContext['signedOutReason']) => forgotten(reason)),
      tookSeed: assign(({ context, event }) => {
        const o = (
          event as unknown as { output: Pick<ServerSessionContext, 'seed' | 'seedReading' | 'barred'> }
        ).output;
        // (One heard from another tab stays, unless the seed's player has one kept.)
        return { ...o, barred: o.barred ?? context.barred, attempts: context.attempts + 1, error: null };
      }),
      failedSeed: assign(({ context, event }) => ({
        attempts: context.attempts + 1,
        error: asPamError((event as { error?: unknown }).error),
      })),
      seedUnavailable: assign({ error: unavailable }),
      queue: assign({ queued: true }),
      unqueue: assign({ queued: false, unread: false }),
      markUnread: assign({ unread: true }),
      unname: assign({ loginId: null }),
      countTry: assign(({ context }) => ({ attempts: context.attempts + 1 })),
      // The login a 401 ended (named in `confirming`), told ended to the other tabs.
      tellEnded: ({ context: c }) =>
        c.loginId &&
        serverServicesOf(c).tabs?.post({ type: 'signedOut', loginId: c.loginId, reason: 'expired' }),
      // A change in flight heard for a login not held here: kept (its release drops it), `capKept`.
      keepInFlight: enqueueActions(({ context: c, event, self, enqueue }) => {
        const heard = (c as ServerSessionContext).inFlightHeard;
        const { loginId, kind, id, until, settled, from } = event as Extract<
          ServerInternal,
          { type: 'REMOTE_INFLIGHT' }
        >;
        const same = (e: { id: string; from?: string }) => e.id === id && e.from === from;
        const rest = heard.filter((e) => !same(e));
        // (Told again, it ends no sooner: R26-10.)
        const was = heard.find(same)?.until ?? until;
        const kept = settled
          ? rest
          : capKept([...rest, { loginId, kind, id, until: Math.max(was, until), from }]);
        enqueue.assign({ inFlightHeard: kept });
        // (A fold told to this tab's ask, R28: it bars the login held here too, until the fold's end.)
        if (!loginId && flowOf(self)) {
          enqueue('heardAt');
          enqueue.sendTo('profile', { ...kept.at(-1)!, type: 'INFLIGHT', heard: true });
        }
      }) as never,
      // The login held now: those kept for it are told to its profile flow (heard: each lifted only
      // by its teller's release, or at its end; this tab's own, kept as it left it, by its own).
      // While this tab's ask waits (R25-7): barred by the wait itself (no kind: nothing shown in
      // force; `''`: no tab's word lifts it; no end in server time: `asked` alone lifts it, R26-1).
      takeInFlight: enqueueActions(({ context: c, enqueue }) => {
        const { inFlightHeard, askUntil } = c as ServerSessionContext;
        // (And the entry of no login, what the cap dropped: it stays until its end, for any login, B-1.)
        const mine = inFlightHeard.filter((e) => !e.loginId || e.loginId === c.loginId);
        // (The flow told the time first, as `keepInFlight` does: each lapse timed from now, not from
        // the flow's last time, seconds or hours old: a fold taken 5 s after it ended 5 s late.)
        if (askUntil !== null || mine.length) enqueue('heardAt');
        if (askUntil !== null)
          enqueue.sendTo('profile', { type: 'INFLIGHT', id: ASK, until: askUntil, heard: true });
        if (!mine.length) return;
        for (const { own, ...e } of mine)
          enqueue.sendTo('profile', { ...e, type: 'INFLIGHT', ...(!own && { heard: true as const }) });
        enqueue.assign({ inFlightHeard: inFlightHeard.filter((e) => e.loginId !== c.loginId) });
      }) as never,
      // The profile flow told the time a change is heard (the clock read as it is heard, by this
      // action, SS29-2) before the change: its lapse is timed from then, never from the flow's last
      // time, which may be old (a tab idle for an hour: late; after the clock stepped back: early).
      // A reading of a clock not trusted is not the flow's time (its own rule).
      heardAt: ({ context, self }) =>
        (self.getSnapshot().children as { profile?: { send(e: unknown): void } }).profile?.send(
          profileNow(readServerClock(serverServicesOf(context))),
        ),
      // Another tab's change in flight, for the login held: barred until it settles or ends (AI-3);
      // told again (an answer to an ask), it ends no sooner than held (REVIEW-26 R26-10).
      heardToProfile: sendTo('profile', ({ event, self }) => {
        const e = event as Extract<ServerInternal, { type: 'REMOTE_INFLIGHT' }>;
        const was = flowOf(self)?.pending?.find(
          (p) => p.id === e.id && (p as { from?: string }).from === e.from,
        )?.until;
        return { ...e, type: 'INFLIGHT' as const, heard: true, until: Math.max(was ?? e.until, e.until) };
      }),
      // While a `signedOut` word is asked of the server (B-1): barred, by no kind, lifted by no tab's
      // word (`''`), only once the read is done (`undoubt`); the word's reason kept for the app.
      doubt: sendTo('profile', {
        type: 'INFLIGHT',
        id: DOUBT,
        until: Infinity,
        heard: true,
      } as never),
      undoubt: sendTo('profile', { type: 'INFLIGHT', id: DOUBT, settled: true, heard: true } as never),
      // The server's word that a login doubted ended (or a read that failed: taken, R27-1), told
      // with the server's reason: past its end at the read's time, `expired`, else `logout` (never
      // the word's: a script's could set it).
      emitDoubtedSignOut: emit(({ context: c, event }) => ({
        type: 'signedOut' as const,
        reason:
          c.expiresAt !== null &&
          c.expiresAt <=
            ((event as { output?: { seedReading?: { serverAt: number } } }).output?.seedReading?.serverAt ??
              NaN)
            ? ('expired' as const)
            : ('logout' as const),
        remote: true,
      })),
      // The ask had its turn: its wait's bar lifts (the answers heard bar by themselves).
      asked: assign({ askUntil: null }),
      unbarAsk: sendTo('profile', { type: 'INFLIGHT', id: ASK, settled: true, heard: true } as never),
      // Leaving the login held (a 401 asks the server first, AL-3; a word read again): its changes
      // in flight (own and heard) kept for it, so the same login read again bars as before
      // (REVIEW-25 R25-3). This tab's own end at its profile flow's time (stamped as it was sent, at
      // least: `publishInFlight`) + the bar's lapse at most (the request's timeout and 30 s: `barMsOf`): a release
      // told while no flow held it is not heard again.
      keepHeldInFlight: enqueueActions(({ context: c, self, enqueue }) => {
        const p = flowOf(self);
        // (The ask's wait is no change: not kept.)
        const held = p && c.loginId ? inFlightAt(p.pending, p.now).filter((e) => e.kind) : [];
        if (!held.length) return;
        enqueue.assign({
          inFlightHeard: capKept([
            ...(c as ServerSessionContext).inFlightHeard,
            ...held.map(({ kind, id, until, from }: InFlight & { from?: string }) => ({
              loginId: c.loginId!,
              kind,
              id,
              ...(from === undefined
                ? {
                    until: Math.min(
                      until,
                      p!.now + barMsOf(serverServicesOf(c as ServerSessionContext).waitMs),
                    ),
                    own: true as const,
                  }
                : { until, from }),
            })),
          ]),
        });
      }) as never,
      logoutFailed: assign(({ event }) => ({ error: asPamError((event as { error?: unknown }).error) })),
      clearError: assign({ error: null }),
      // The login child's progress: the two fields both contexts share (its error, its waits).
      progress: assign(
        ({ event }) =>
          loginProgress((event as { snapshot?: LoginChildSnapshot }).snapshot) as Pick<
            ServerSessionContext,
            'error' | 'login'
          >,
      ),
      startFlow: assign(flowStarted),
      rememberPending: assign(({ event }) => ({
        pending: event.type === 'LOGIN' || event.type === 'REGISTER' ? boxCommand(event) : null,
      })),
      dropPending: assign({ pending: null }),
      // --- the profile flow's (its session actions: restrictions, and the app told of changes) ---
      takeProfile: takeProfile as never,
      // No channel of tokens here: a profile read is told to the other tabs by nobody (they read their own).
      publishProfile: () => {},
      // A change that bars betting, heard from another tab (for the login it names): kept, so a
      // login of that id taken later here starts barred too (its seed read may predate it).
      heard: assign(({ event }) => {
        const { loginId, kind, at } = event as Extract<ServerInternal, { type: 'REMOTE_RESTRICTED' }>;
        return { barred: { loginId, kind, at } };
      }),
      // Another tab's word, for the login held here: no betting until this tab's own read shows it.
      // (Sent at `at`, as the tab that had it accepted tells: once shown, a replica that lags
      // later does not lift it, as there.)
      barProfile: sendTo('profile', ({ event }) => {
        const { kind, at } = event as Extract<ServerInternal, { type: 'REMOTE_RESTRICTED' }>;
        return { type: 'CHECK' as const, restricts: kind, at };
      }),
      // A responsible-gaming change made here: the flow reads again (`restricts`: barred until a read
      // shows it, kept for the player: `at`, when it was sent).
      checkProfile: sendTo('profile', ({ event }) => {
        const { restricts, sent } = event as Internal<'PROFILE_CHANGED'>;
        return { type: 'CHECK' as const, restricts, at: sent };
      }),
      // Told without a time (the clock gave none when the user module's wrapper sent it, which reads
      // it in this mode too): stamped with the clock now, told again as our own (an effect, as
      // `readClock`), so it is kept for the player all the same.
      stampChange: ({ context, event, self }) =>
        self.send(
          internal({
            ...(event as Internal<'PROFILE_CHANGED'>),
            sent: readServerClock(serverServicesOf(context)).serverAt,
          }),
        ),
      // One that bars betting is told to the other tabs of the login (they bar, and read).
      announceRestricted: ({ context: c, event }) => {
        const { restricts, sent } = event as Internal<'PROFILE_CHANGED'>;
        if ((restricts === 'pause' || restricts === 'selfExclusion') && c.loginId)
          serverServicesOf(c).tabs?.post({
            type: 'restricted',
            loginId: c.loginId,
            kind: restricts,
            at: sent!,
          });
      },
      askServer: sendTo('profile', { type: 'CHECK' }),
      // A tab that started asked: the changes in flight of this login held here are told to it (its
      // own and those heard, `by` their tellers; each with the rest of its lapse, the bar's at most: AJ-2, `barMsOf`).
      // Answered in every state (REVIEW-26 R26-6): those kept while no profile flow holds them (a
      // tab signing out, or asking the server after a 401) are told too, this tab's own and those
      // heard, for every login (SS29-1: the cookie may name any of them; `capKept`'s 64 at most).
      tellInFlight: ({ context: c, self }) => {
        const s = serverServicesOf(c);
        const now = readServerClock(s).serverAt;
        const cap = barMsOf(s.waitMs);
        const p = flowOf(self);
        // Those of the login held (its flow's), then those kept, each for its login whatever login
        // is held here (SS29-1: the asking tab may take any of them); past 72 (a flood), and the
        // cap's fold (R28), folded as one message, the latest end: it bars the asking tab's login.
        let fold = -1;
        let told = 0;
        for (const e of [
          ...(p ? inFlightAt(p.pending, now) : []),
          ...inFlightAt(c.inFlightHeard as InFlight[], now),
        ] as Partial<Kept[number]>[]) {
          // (The flow's have no login: the one held here.)
          const loginId = e.loginId ?? c.loginId;
          const rest = e.until! - now;
          const ms = rest < cap ? Math.max(0, Math.floor(rest)) : cap;
          // (A wait of this tab's own, its ask's or doubt's: no change, none told.)
          if (loginId && e.kind && told++ < 72)
            s.tabs?.post({
              type: 'inflight',
              loginId,
              kind: e.kind,
              id: e.id!,
              settled: false,
              ms,
              by: e.from,
            });
          else if (!loginId || e.kind) fold = Math.max(fold, ms);
        }
        if (fold >= 0) s.tabs?.post({ type: 'folded', ms: fold });
      },
      // The clock gives a time again (`at`, R28): each end heard while it gave none (kept, the fold,
      // or held by the profile flow from another tab) lapses the bar's length from then: never
      // sooner than its own bar (heard before then), never for good (a change whose teller is gone,
      // a script's flood while the clock was broken). Its teller's release lifts it sooner.
      clockBack: enqueueActions(({ context: c, event, self, enqueue }) => {
        const until =
          (event as Extract<ServerInternal, { type: 'CLOCK_BACK' }>).at +
          barMsOf(serverServicesOf(c as ServerSessionContext).waitMs);
        const open = (e: { until: number }) => !(e.until < 1 / 0);
        enqueue.assign({
          inFlightHeard: (c as ServerSessionContext).inFlightHeard.map((e) =>
            open(e) ? { ...e, until } : e,
          ),
        });
        // (Another tab's, `from`, or the fold, `''`: never this tab's own, nor its ask's or doubt's wait.)
        for (const p of (flowOf(self)?.pending ?? []) as (InFlight & { from?: string })[])
          if (open(p) && (p.from || !p.id))
            enqueue.sendTo('profile', { ...p, type: 'INFLIGHT', until, heard: true });
      }) as never,
      emitSessionExpired: emit({ type: 'sessionExpired' as const }),
      // Told on the way in (never on the way back from a failed logout: no new sign-in).
      emitSignedIn: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
      emitExpiredSignOut: emit({ type: 'signedOut' as const, reason: 'expired' as const, remote: false }),
      // --- effects ---
      // An app's TICK: the clock read now (an effect), told to the machine as our own TICK.
      // (Once the step is done: a read that sees a step tells the clock's listeners, review 123.)
      readClock: afterStep(({ context, self }: { context: ServerSessionContext; self: AnyActorRef }) =>
        self.send(internal({ type: 'TICK', reading: readServerClock(serverServicesOf(context)) })),
      ),
      // The other tabs told of a login or logout (`m`) by the login held here; a logout (the server's
      // word) is kept for this origin's pages (`signedOutLogins`: an old page's seed of it is not shown).
      // A logout that named none (`loginId` null) ended whatever the cookie held: told as `UNNAMED`.
      announce: ({ context: c }, m: Announced) => {
        serverServicesOf(c).tabs?.post({ ...m, loginId: c.loginId ?? UNNAMED });
        if (c.loginId && m.type === 'signedOut' && m.reason === 'logout') signedOutLogins(c.loginId);
      },
    },
  }))();

/** This tab's login logged out (the server's 204 or 401): told to the tabs and the app. */
export const LOGGED_OUT = [
  { type: 'announce', params: { type: 'signedOut', reason: 'logout' } },
  { type: 'forget', params: 'logout' },
  /* @__PURE__ */ emit({ type: 'signedOut', reason: 'logout', remote: false }) as never,
] as const;
