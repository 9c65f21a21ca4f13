// The tabs flow: the other tabs of the origin, over the cross-tab channel (machines/cross-tab.ts,
// where every message passes one schema), as a child of the session that decides: whose session
// wins is ./order.ts; the flow tells the session its verdicts, answers another tab's sync, and
// revokes a token a logout elsewhere left valid here. Without the tabs flow the session keeps to
// its tab.

import type { StoredSession, TokenStore } from 'pam-client';
import type { EventObject } from 'xstate';
import { fromCallback } from '../actor-logic';
import type { CrossTab, CrossTabMessage, Kept } from '../cross-tab';
import { acceptedStoreOf } from './accepted-store';
import { ignoredExpiry } from './claim';
import { metaFields, ownerOf, servicesOf } from './context';
import { internal, type SessionInternalEvent, trusted } from './events';
import { heardInFlight, inFlightTold } from './in-flight';
import { canAdopt, endsOurs, isNewer, isOtherLogin, pulledBack, raiseClock, timed } from './order';
import { dayOf, withoutToken } from './profile-rules';
import { onBase, readClock, sending } from './refresh';
import { revokeToken } from './revoke';
import { isOwn, isSpent, isStale, named, ownHeld, ownSession, readNow, sameLogin, settle } from './store';
import type { ClockReading, SessionContext, SessionServices, Vault } from './types';

type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;
type SessionMessage = Extract<CrossTabMessage, { type: 'session' }>;
type SignOutMessage = Extract<CrossTabMessage, { type: 'signedOut' }>;

/** Where the session stands, as the tabs flow decides against it. */
export interface HeldSession {
  /** `signedIn`; `signingOut` (nothing is taken: another tab's login must not undo this logout); else `other`. */
  phase: 'signedIn' | 'signingOut' | 'other';
  context: SessionContext;
}

/** The tabs flow's input: the channel, the vault, and the session as it stands (its committed snapshot). */
export interface TabsFlowInput {
  crossTab: CrossTab | null;
  vault: Vault;
  held: () => HeldSession;
  /** The clock read now (an adoption carries it: the session's transitions read none). */
  read?: () => ClockReading;
  /** The shared store: it decides between a heard session and its login's newer one (`storeDecides`). */
  tokens?: TokenStore;
  /** The session's services: the restriction kept for a player (`kept`; none without the profile flow). */
  services?: SessionServices;
}

/** The session's play-time child (../playTimeMachine.ts), as the tabs flow tells it and reads it. */
interface PlayChild {
  send(event: { type: 'BEAT'; record: unknown }): void;
  getSnapshot(): { context?: { clock?: unknown; owner?: { userId: number | null } | null } };
}

/** The session as the tabs flow gets it (its `invoke`'s input): its context at start, and itself. */
export interface TabsFlowSession {
  context: SessionContext;
  self: {
    getSnapshot(): {
      context: SessionContext;
      hasTag(tag: string): boolean;
      children?: { playTime?: PlayChild };
    };
  };
}

/** The session's play-time child while it counts for player `userId` (none: no play-time flow). */
const playChild = (session: TabsFlowSession, userId: unknown): PlayChild | undefined => {
  const child = session.self.getSnapshot().children?.playTime;
  return child?.getSnapshot().context?.owner?.userId === userId ? child : undefined;
};

/**
 * The tabs flow's input from the session: it decides against the session as it stands (`self`'s
 * committed snapshot), never a copy taken when it started.
 */
export const tabsInputOf = ({ context, self }: TabsFlowSession): TabsFlowInput => {
  const s = servicesOf(context);
  return {
    crossTab: s.crossTab,
    vault: s.vault,
    read: () => readClock(s),
    tokens: s.tokens,
    services: s,
    held: () => {
      const now = self.getSnapshot();
      const phase = now.hasTag('signedIn') ? 'signedIn' : now.hasTag('signingOut') ? 'signingOut' : 'other';
      return { phase, context: now.context };
    },
  };
};

/** The clock's server time now (one that gives none: NaN). */
const readNowAt = (read?: () => ClockReading) => {
  const r = read?.();
  return r && !r.error ? r.serverAt : NaN;
};

/** Another tab's login heard (its session, or its expiry), which ours outranks or outlives. */
type Told = { userId?: number | null; sid?: number | null; seq?: number | null };

/** Another tab's session message, decided: the session's verdict, or null (its token leaves the vault). */
function sessionVerdict(
  held: HeldSession,
  { vault, read, crossTab, services, tokens }: TabsFlowInput,
  message: SessionMessage,
  tellOurs: (c: SessionContext, heard: Told) => void,
): SessionInternalEvent | null {
  const { accessToken, ...meta } = message.session;
  const heard = { session: { ...meta, handle: vault.put(accessToken) }, reason: message.reason };
  const c = held.context;
  // Not a token of the login our refresh call is rotating, while on its way: its answer decides.
  const sent = sending.get(crossTab!);
  const take =
    // (Never a token this tab gave up: a replay, review 42.)
    !isSpent(tokens, accessToken) &&
    !(sent && sameLogin(sent, message.session) && meta.seq! <= sent.seq!) &&
    (held.phase === 'signedIn' ? isNewer(c, heard) : held.phase === 'other' && canAdopt(c, heard));
  if (!take) {
    // Another login that ours outranks (the order is the same in every tab: every tab that holds it
    // gives it up for ours when it hears ours): ours told again, so that the tabs that still hold it
    // give it up for ours at once. Its token is theirs to revoke as they give it up (`adopt` in
    // ./flows.ts): revoked here, a tab that has not heard ours yet kept sending it (REVIEW-I).
    if (held.phase === 'signedIn' && isOtherLogin(c, heard)) tellOurs(c, message.session);
    vault.take(heard.session.handle);
    return null;
  }
  const otherLogin = held.phase !== 'signedIn' || isOtherLogin(c, heard);
  const reading = read?.();
  return internal({
    type: 'ADOPT',
    ...heard,
    user: withoutToken(message.user),
    otherLogin,
    // With the restriction kept for its player then (a sync answer's is kept already: `keepHeard`),
    // so the first signed-in view shows it (AB-2).
    ...(reading && { reading, kept: services?.kept?.(meta.userId, reading.serverAt) }),
  });
}

/**
 * A heard session as the shared store decides it (rk10 x5): the store's session of the same login
 * when that one is not older (newer, or as new with another token: a late message of a token since
 * rotated), else the heard one. A tab that hears a login late never takes (nor writes back) a
 * token its login's refresh rotated away. A read that fails: the heard one.
 */
const storeDecides = (message: SessionMessage, stored: StoredSession | null): SessionMessage =>
  isStale(message.session, stored) ? { ...message, session: stored! } : message;

/**
 * Another tab's sign-out, decided against the session held and the store's session `stored`: this
 * session ended (the newer token of it revoked), then its counter heard (a logout's: this tab's
 * floor, `heardOf` in ./order.ts).
 */
function signOutVerdict(
  held: HeldSession,
  message: SignOutMessage,
  refreshing: boolean,
  send: (event: SessionInternalEvent) => void,
  stored: StoredSession | null,
  crossTab: CrossTab,
  tellOurs: (c: SessionContext, heard: Told) => void,
  sent?: StoredSession,
): void {
  const c = held.context;
  // Another tab's expiry of the very token this tab's own refresh call is on its way with (both
  // sent it: a channel that lagged), or of an older one: this tab's answer decides (a 401 ends it
  // here too; a new token outlives it). That call sent the store's token of this login (`sending`),
  // which may be counted above the one held: a refresh of another tab stored, its word unheard.
  // Only a call of the login held, and an expiry of the token it sent or an older one: a claim
  // still held once its call stopped (a lost race's wait aborted as this tab took another login, or
  // a newer token of this one) decides nothing of the token held now, whose expiry then ends it
  // here (review 47: a tab stayed signed in on an expired login for good).
  const ownCall =
    refreshing &&
    message.reason === 'expired' &&
    message.sid === c.sid &&
    isOwn(sent, ownerOf(c)) &&
    message.seq! <= sent.seq!;
  // An expiry of this login is judged against the store's newer session of it too, as a 401 is
  // (`newerOwn`): another client of the store (one with no channel) may have refreshed it since,
  // its word never heard here; an expiry of an older token ends nothing (`endsOurs`).
  // (Signed in, a session always names its login: `isOwn` is of that login.)
  const own =
    message.reason === 'expired' && message.sid === c.sid && isOwn(stored, ownerOf(c)) ? stored.seq! : -1;
  if (held.phase === 'signedIn' && endsOurs(own > c.seq! ? { ...c, seq: own } : c, message)) {
    // Left to our call's answer, kept for when it gives none (`ignoredExpiry`, ./claim.ts).
    if (ownCall)
      ignoredExpiry.set(crossTab, Math.max(message.seq ?? c.seq!, ignoredExpiry.get(crossTab) ?? 0));
    else {
      revokeUnlessRevoked(c, message);
      send(internal({ type: 'ENDED_ELSEWHERE', reason: message.reason, at: message.at, seq: message.seq }));
    }
  } else if (held.phase === 'signedIn' && message.reason === 'expired' && message.sid !== c.sid)
    // Another login's expiry, which ends nothing here (`endsOurs`): ours told, so that the tab whose
    // login expired takes it (REVIEW-AK AK-1: a login made since in a new tab, counted below).
    tellOurs(c, message);
  // The counter as `heardOf` (./order.ts) takes it: none, or one out of reach, moves nothing.
  send(internal({ type: 'HEARD', seq: message.seq, reason: message.reason }));
}

/**
 * The tabs flow, a child that decides: it hears the other tabs (every message through the
 * channel's schema), judges each against the session as it stands (./order.ts) and tells the
 * session only its verdict: take this session (`ADOPT`), this session ended elsewhere and why
 * (`ENDED_ELSEWHERE`), or a counter heard (`HEARD`). It answers another tab's sync itself. A
 * shared token goes into the vault at once: a verdict carries only its handle.
 */
export const tabsFlow = /* @__PURE__ */ fromCallback<EventObject, TabsFlowSession>(
  ({ input: session, sendBack }) => {
    const input = tabsInputOf(session);
    // Another tab's play clock (`record`) for player `userId`, told to this tab's play-time child
    // when it counts for that player (a BEAT with it): it takes the higher counts (tabs with no
    // `localStorage` share no store).
    const sharePlay = (userId: number, record: unknown) =>
      record && playChild(session, userId)?.send(trusted({ type: 'BEAT', record }));
    // Ours told again once per session of another login heard (at its counter), while ours is at
    // its own: two tabs that each outrank the other's word (each ended the other's login, a lagging
    // channel) would otherwise answer each other without end, a storm of messages between tabs.
    const told = new Set<string>();
    // Told as a sync answer is: with the play clock and the changes in flight (a tab that takes
    // our login from it bars as the others do: REVIEW-25 R25-6).
    const answer = (c: SessionContext) =>
      answerSync(
        c,
        playChild(session, c.userId)?.getSnapshot().context?.clock,
        inFlightTold(session.self, c.refreshWaitMs, readNowAt(input.read)),
      );
    const tellOurs = (c: SessionContext, s: Told) => {
      const key = `${c.sid}:${c.seq}>${s.userId}:${s.sid}:${s.seq}`;
      if (told.has(key)) return;
      if (told.add(key).size > 32) told.delete(told.values().next().value!);
      answer(c);
    };
    return input.crossTab?.subscribe(
      (message) => {
        const held = input.held();
        let event: SessionInternalEvent | null = null;
        // What another tab keeps as accepted for a player (told at acceptance, or with a session:
        // a sync answer), kept for that player here, and, for the player held, told to the profile
        // flow (it only tightens: no betting until a read of its own shows it; a read lifts no limit
        // kept). A record of another player is kept for them only.
        const m = message as Kept & { userId?: number };
        const owner = message.type === 'session' ? message.session.userId : m.userId;
        const r = message.type === 'restricted' ? message : m.restricted;
        if (owner !== undefined && (r || m.limits)) {
          const reading = input.read?.();
          const told = keepHeard(held.context, owner, r, m.limits, reading);
          // (A sync answer tells what this tab may already keep: it reads again only for news.)
          if (
            held.phase === 'signedIn' &&
            held.context.userId === owner &&
            (told || message.type !== 'session')
          )
            // (Heard then, by a trusted reading: the day it is kept for counts from there.)
            sendBack(
              internal({
                type: 'PROFILE_CHANGED',
                restricts: r?.kind,
                remote: true,
                ...(reading?.trusted && !reading.error && { sent: reading.serverAt }),
              }),
            );
        }
        if (message.type === 'session') {
          // The store decides first (`storeDecides`): read at once from a store that answers at once
          // (a failed read: the heard one), then judged against the session as it stands.
          return settle(
            readNow(input.tokens, (stored) => {
              const verdict = sessionVerdict(input.held(), input, storeDecides(message, stored), tellOurs);
              if (verdict) sendBack(verdict);
              // The changes in flight its sync answer tells, held as heard from the tab that sent
              // each (the answering one: its own), once the session is taken or held (AJ-2: a tab
              // that joins bars as the others do).
              // (Not one of this tab's own, told back: its own release alone lifts it.)
              for (const f of message.inflight ?? [])
                if (f.from !== input.crossTab!.tabId)
                  heardInFlight(
                    session.self,
                    input.held(),
                    {
                      ...f,
                      settled: false,
                      from: f.from ?? message.from,
                      userId: message.session.userId!,
                      sid: message.session.sid!,
                    },
                    input.read!,
                  );
              // Its play clock, once the session is taken (its play-time child counts for it now).
              sharePlay(message.session.userId!, message.play);
            }),
          );
        }
        if (message.type === 'signedOut')
          // The store read first, as for a session (at once from a store that answers at once).
          return settle(
            readNow(input.tokens, (stored) =>
              signOutVerdict(
                input.held(),
                message,
                input.crossTab?.holding?.() === true,
                sendBack,
                stored,
                input.crossTab!,
                tellOurs,
                sending.get(input.crossTab!),
              ),
            ),
          );
        if (message.type === 'syncRequest') {
          if (held.phase === 'signedIn') answer(held.context);
          else answerSyncSignedOut(held.context);
        } else if (message.type === 'play') sharePlay(message.userId, message.play);
        else if (message.type === 'inflight') heardInFlight(session.self, held, message, input.read!);
        else if (message.type === 'profile') {
          event = internal({
            type: 'PROFILE_LOADED',
            user: null,
            userInfo: message.userInfo,
            at: message.at,
            remote: true,
            owner: { userId: message.userId, sid: message.sid },
          });
        }
        if (event) sendBack(event);
      },
      (reason) => sendBack(internal({ type: 'CHANNEL_REFUSED', reason })),
    );
  },
);

/**
 * What another tab keeps, kept for `userId` (as one accepted here: a day from when it was accepted,
 * from now at most; a clock that gives no time: not kept): whether it is news here (a restriction
 * none was kept of, limits that tighten what is kept).
 */
function keepHeard(
  c: SessionContext,
  userId: number,
  r: Kept['restricted'],
  limits: Kept['limits'],
  reading: ClockReading | undefined,
): boolean {
  const now = reading && !reading.error ? reading.serverAt : 0;
  if (!(now > 0)) return false;
  const s = servicesOf(c);
  const store = acceptedStoreOf(s.tokens, s.clock);
  const had = r && store.recall(userId, now);
  // Dated ahead: from now, on a clock that learned the server's time only (T-7: an untaught one
  // behind would date it early).
  const at = r?.at ?? now;
  if (r) store.remember(userId, { kind: r.kind, at: reading!.learned ? Math.min(at, now) : at, heard: true });
  // News: none kept before, or a kind kept now that was not (an exclusion over a pause, review 85).
  const news = !!r && (!had || had.kind !== store.recall(userId, now, true)?.kind);
  return (!!limits && store.rememberLimits!(userId, limits, now)) || news;
}

/** Another tab's session, taken. */
export function adopted(context: SessionContext, e: Internal<'ADOPT'>): Partial<SessionContext> {
  const meta = metaFields(pulledBack(e.session, e.reading));
  const sameLogin = meta.sid !== null && meta.sid === context.sid && meta.userId === context.userId;
  return {
    ...meta,
    clock: raiseClock(context.clock, e.session.seq),
    // Another login (maybe another player): nothing of the one before is kept.
    ...(sameLogin
      ? { user: e.user ?? context.user }
      : { user: e.user, userInfo: null, userInfoAt: null, restrictions: null, playTime: null }),
    error: null,
    signedOutReason: null,
  };
}

/**
 * This tab's session ends on another tab's word: the token it holds is revoked here, unless that
 * word proves it revoked (a logout of this login at this token or a later one, which rotated it
 * away). A word of another login, an expiry, a word naming no login (a tab of an older version):
 * none says this token is dead, and ending the session must not leave it live (a token already
 * revoked answers 401, ignored). Only the token of the login held: a store shared with other tabs
 * may hold another session by now, which stays theirs.
 */
function revokeUnlessRevoked(c: SessionContext, e: SignOutMessage): void {
  const s = servicesOf(c);
  // The session this client holds of its login (`ownHeld`): the store may hold none by now (a
  // logout of another login at our counter cleared a shared store, `endsOurs`).
  const held = ownHeld(s.tokens, ownerOf(c));
  if ((e.reason !== 'logout' || e.sid !== c.sid || e.seq! < c.seq!) && (held?.seq ?? null) === c.seq)
    revokeToken(s.auth, held?.accessToken, s);
}

/** `use` on the session in the store, when there is one (settled: a failure is nobody's to hear). */
function withStored(context: SessionContext, use: (stored: StoredSession) => unknown): void {
  settle(Promise.resolve(servicesOf(context).tokens.get()).then((stored) => stored && use(stored)));
}

/**
 * Another tab asked for the session (or said another login ours outranks): answer with ours, the
 * newest session of the login held (`ownSession`: the store's when it is of that login, else the
 * one this client holds of it; never another login's a shared store holds, which told again here
 * would be the very login ours outranks), and what this tab keeps as accepted for its player
 * (`Kept`: a tab that joins keeps it too, REVIEW-T T-2), and its play clock (`play`, the play-time
 * child's: a tab that joins counts the time counted here), and this tab's changes in flight that
 * bar betting and those it heard (`inflight`, each with the rest of its lapse: a tab that joins
 * bars until each settles, REVIEW-AJ AJ-2). None while the store holds a newer login, nor while an expiry of the login held is set aside.
 */
function answerSync(context: SessionContext, play?: unknown, inflight?: Kept['inflight']): void {
  const s = servicesOf(context);
  // Not a login whose expiry this tab set aside while its own refresh call of it is on its way
  // (`ignoredExpiry`): dying, it is offered to no tab, which would take it over a live one
  // (REVIEW-AK AK-1: a new tab's fresh login, counted below it). Only while the session held is
  // the one that expiry named (counted at or below it): a refresh that won is counted above, live
  // (the marks outlive the call until the next claim: REVIEW-25 R25-2).
  const crossTab = s.crossTab!;
  if (ignoredExpiry.get(crossTab)! >= context.seq! && isOwn(sending.get(crossTab), ownerOf(context))) return;
  const store = acceptedStoreOf(s.tokens, s.clock);
  // (A clock that gives no time: none told, and none re-dated at no time.)
  const { serverAt: now, error } = readClock(s);
  const r = !error && store.recall(context.userId, now);
  const limits = !error && store.recallLimits!(context.userId, now);
  // The answer names its player and login (a store written before they existed has neither).
  withStored(context, (stored) => {
    const { own } = ownSession(s.tokens, stored, ownerOf(context));
    return (
      own &&
      s.crossTab?.publishSession(named({ ...own }, context), 'sync', context.user, {
        // (Its day's start: told as heard, any of its kind in force shows it there.)
        ...(r && { restricted: { kind: r.kind, at: Math.floor(dayOf(r)) } }),
        ...(limits && { limits: { ...limits, at: Math.floor(limits.at) } }),
        play: play as Kept['play'],
        ...(inflight?.length && { inflight }),
      })
    );
  });
}

/**
 * Another tab asked for the session while this one holds none: the login this tab saw end is said
 * again (a sign-out message, which every tab already takes as often as it comes), so a tab opened or
 * reloaded since counts its next login past it and the others do not refuse that login as older.
 */
function answerSyncSignedOut(context: SessionContext): void {
  const ended = context.signedOut;
  if (context.savedAt !== null || !ended || (ended.seq === null && ended.sid === null)) return;
  servicesOf(context).crossTab?.publishSignedOut({
    seq: ended.seq,
    sid: ended.sid,
    reason: context.signedOutReason === 'expired' ? 'expired' : 'logout',
  });
}

/**
 * What the session forgets when another tab ended its login: why, when that tab said so, and (a
 * logout's) at which counter (`ForgetParams.seq`: the sign-out is kept there, not at ours).
 */
export const remoteForgetOf = (e: Internal<'ENDED_ELSEWHERE'>) =>
  e.reason === 'expired'
    ? { reason: 'expired' as const, at: e.at }
    : { reason: 'remote' as const, at: e.at, seq: e.seq };

/**
 * The refresh cycle restarts from an adopted session (its token stays in the vault, never here), at
 * the reading the adoption carries (none: the cycle reads its clock, an action).
 */
export const adoptedTokenSaved = (c: SessionContext, e: Internal<'ADOPT'>) => {
  // A reading of no time is none (`timed`): the cycle reads its own clock.
  const r = timed(e.reading);
  return {
    type: 'TOKEN_SAVED' as const,
    accessToken: '[adopted]',
    ...(r && { at: r.at }),
    savedAt: onBase(c.savedAt, c.timeBase, r) ?? undefined,
    ...(c.expiresAt !== null && { expiresAt: onBase(c.expiresAt, c.timeBase, r) }),
  };
};

/** A session verdict the session no longer takes (it began a logout meanwhile): its token leaves the vault. */
export const dropAdopted = (c: SessionContext, e: Internal<'ADOPT'>): void => {
  servicesOf(c).vault.take(e.session.handle);
};
