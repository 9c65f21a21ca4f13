// The funnel's eyes on the session: it watches the actor system's inspection (the session's steps
// and the login child's count of rejected codes) and the session's own emitted events, and tells
// each moment once. It reads states by their tags (the public statuses) and copies no value it
// did not pick from a closed set.

import { compareLimit, type LimitKind } from 'pam-client';
import type { TimersLike } from 'pam-client/internal';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { SESSION_STATUSES, type SessionStatus } from '../client/session-facade';
import type { SessionRestrictions } from '../session/profile-rules';
import { type AbandonReason, type EmitFunnel, errorFields, oneOf } from './events';

interface LoginRun {
  kind: 'signIn' | 'registration';
  run: number;
  startedAt: number;
  codeAsked: boolean;
  rejected: number;
  children: Set<{ getSnapshot?(): unknown }>;
}

export interface SessionStepsOptions {
  emit: EmitFunnel;
  /** The steady clock, for durations. */
  now(): number;
  /** The server's clock: a restrictions' event is stamped (`at`) when read, held or not. */
  serverNow(): number;
  /** For the bound of a hold (`HOLD_MS`). */
  timers: TimersLike;
  nextRun(): number;
  appSources: readonly string[];
  /** The player signed in now (their id), or null: for the app's pseudonym. */
  playerIs(userId: number | null): void;
  /** The session actor, once, as it is made (before it starts). */
  attach(session: AnyActorRef): void;
  /** The client stopped (after the abandoned sign-in, if any, was told). */
  stopped(): void;
}

interface Snap {
  status: string;
  context: {
    userId?: number | null;
    sid?: number | null;
    error?: unknown;
    restrictions?: SessionRestrictions | null;
    rejectedCodes?: unknown;
  };
  hasTag(tag: string): boolean;
  children?: Record<string, { getSnapshot?(): unknown } | undefined>;
}

// (Strongest first: the order `restrictionsOf` lists them in.)
const RESTRICTION_KINDS = [
  'underAge',
  'spaExclusion',
  'operatorExclusion',
  'selfExclusion',
  'pause',
  'betLimitZero',
  'lossLimitZero',
  'timeLimitZero',
] as const;
type Told = { type: string } & Record<string, unknown>;
const LIMITS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];
/** What a limit is set to (its change compared by these and its time). */
const SETTING = ['amount', 'period', 'active'] as const;
const STARTS: readonly (SessionStatus | null)[] = ['signingIn', 'registering'];
/** The longest a change's wait holds a restrictions' event (REVIEW-Z Z-4: a prompt left open, a hung call). */
export const HOLD_MS = 30_000;

const kindsOf = (list: readonly { kind: unknown }[]) =>
  list.map((r) => oneOf(r.kind, RESTRICTION_KINDS, 'operatorExclusion'));

/** How a login names the player, never the login: an `@` is an e-mail, anything else a CPF. */
const methodOf = (login: unknown) => (typeof login === 'string' && login.includes('@') ? 'email' : 'cpf');

/**
 * The inspection observer that turns the session's steps into funnel events.
 *
 * @example
 * createActor(machine, { inspect: sessionSteps({ emit, now, nextRun, appSources: [], playerIs, attach, stopped }) });
 */
export function sessionSteps(o: SessionStepsOptions) {
  let root: AnyActorRef | null = null;
  let status: SessionStatus | null = null;
  let heard: { type: string; reason?: unknown; remote?: unknown; error?: unknown; playTime?: unknown }[] = [];
  let flow: LoginRun | null = null;
  let kind: LoginRun['kind'] = 'signIn';
  let command = { method: 'email' as 'email' | 'cpf', appSource: null as string | null };
  let restrictions: SessionRestrictions | null = null;
  let sid: number | null | undefined;
  // The changes asked through `client.user` and not yet answered (`hold`: each its number and the
  // timer of its bound), and the restrictions' events held for them, each with the number of the
  // last change asked when it was read (Y-10: they follow its `rg.changeAccepted` or
  // `rg.changeFailed`; REVIEW-Z Z-4).
  let asked = 0;
  const holds = new Map<number, unknown>();
  const held: [Told, number][] = [];

  /**
   * A restrictions' event (a reading: what the client enforces, a restriction kept but not yet
   * read in force, `restrictionsAt`), stamped when read, told once no change asked before it waits.
   * Those held go out in their order: a later one waits for every change an earlier one waits for.
   */
  const release = () => {
    while (held.length && ![...holds.keys()].some((k) => k <= held[0]![1])) o.emit(held.shift()![0]);
  };
  const tellRg = (e: Told) => {
    held.push([{ ...e, at: o.serverNow() }, asked]);
    release();
  };
  /** The change `k` waits no longer (answered, its login ended, or its bound passed). */
  const done = (k: number) => {
    o.timers.clearTimeout(holds.get(k));
    if (holds.delete(k)) release();
  };

  const end = (type: string, fields: object = {}) => {
    if (!flow) return;
    const f = flow;
    flow = null;
    o.emit({
      type: `${f.kind}.${type}`,
      run: f.run,
      durationMs: Math.max(0, o.now() - f.startedAt),
      ...fields,
    });
  };
  const abandon = (reason: AbandonReason) => end('abandoned', { reason });

  const start = (kind: LoginRun['kind']) => {
    if (flow) abandon('restarted');
    flow = { kind, run: o.nextRun(), startedAt: o.now(), codeAsked: false, rejected: 0, children: new Set() };
    o.emit({ type: `${kind}.started`, run: flow.run, ...command });
  };

  function told(event: (typeof heard)[number], prev: SessionStatus | null, cause: string) {
    switch (event.type) {
      case 'signedIn': {
        // A child's answer (the stored session, the login's): else another tab's session.
        const answer = cause.startsWith('xstate.done.actor.');
        if (answer && prev === 'restoring') o.emit({ type: 'session.restored' });
        else if (answer && flow)
          end(flow.kind === 'signIn' ? 'signedIn' : 'completed', { codeAsked: flow.codeAsked });
        else {
          abandon('otherTab');
          o.emit({ type: 'session.adopted' });
        }
        return;
      }
      case 'signedOut':
        return o.emit({
          type: 'session.signedOut',
          reason: oneOf(event.reason, ['logout', 'expired'], 'logout'),
          remote: event.remote === true,
        });
      case 'sessionExpired':
        return o.emit({ type: 'session.expired' });
      case 'tokenRefreshed':
        return o.emit({ type: 'session.refreshed' });
      case 'refreshFailed':
        return o.emit({ type: 'session.refreshFailed', ...errorFields(event.error) });
      case 'timeLimitWarning':
      case 'timeLimitReached': {
        const p = event.playTime as { usedMs?: unknown; limitMs?: unknown } | undefined;
        const share = Number(p?.usedMs) / Number(p?.limitMs);
        const reached = event.type === 'timeLimitReached';
        const percent = reached ? 100 : Number.isFinite(share) ? Math.min(100, Math.floor(share * 100)) : 80;
        return o.emit({ type: 'rg.playTimeAlert', level: reached ? 'reached' : 'warning', percent });
      }
    }
  }

  function loginStep(next: SessionStatus | null, prev: SessionStatus | null, s: Snap, cause: string) {
    if (STARTS.includes(next)) {
      if (!STARTS.includes(prev)) start(kind);
      return;
    }
    if (!flow) return;
    // The login child's count of rejected codes (its snapshot is current when the session steps;
    // kept from the step before, since leaving the flow's states stops it and drops it).
    const f = flow;
    for (const child of Object.values(s.children ?? {})) if (child) f.children.add(child);
    for (const child of f.children) {
      const rejected = (child.getSnapshot?.() as Snap | undefined)?.context?.rejectedCodes;
      if (typeof rejected !== 'number' || rejected <= f.rejected) continue;
      f.rejected = rejected;
      o.emit({ type: `${f.kind}.codeRejected`, run: f.run, attempt: rejected });
    }
    if (next === 'twoFactorRequired' && !flow.codeAsked) {
      flow.codeAsked = true;
      o.emit({ type: `${flow.kind}.codeAsked`, run: flow.run });
    } else if (next === 'failed') end('failed', errorFields(s.context.error));
    else if (next === 'cancelledAccount') end('cancelledAccount');
    else if (next === 'signedOut') abandon(cause === 'CANCEL' ? 'cancelled' : 'loggedOut');
  }

  function restrictionsStep(s: Snap) {
    const r = s.context.restrictions ?? null;
    // Another login: its restrictions are compared with nothing of the previous one's.
    if (s.context.sid !== sid) {
      sid = s.context.sid;
      restrictions = null;
    }
    if (!r || r === restrictions) return;
    const before = restrictions;
    restrictions = r;
    // The login answer's, before this login's first read: not a read.
    if (r.checkedAt === null && !r.error) return;
    // Each new restrictions object is a read's outcome (here, in another tab, or a re-read).
    tellRg({
      type: 'rg.restrictionsRead',
      status: oneOf(r.status, ['current', 'stale', 'unknown'], 'unknown'),
      inForce: kindsOf(r.inForce),
      pending: kindsOf(r.pending),
      canBet: r.canBet === true,
      accountBlocked: r.accountBlocked === true,
      missingMandatoryLimits: r.missingMandatoryLimits.map((l) => oneOf(l, LIMITS, 'loss')),
      code: r.error ? errorFields(r.error).code : null,
    });
    if (before?.checkedAt == null || r.checkedAt === null) return;
    for (const limit of LIMITS) limitStep(limit, before, r);
  }

  function limitStep(limit: LimitKind, before: SessionRestrictions, r: SessionRestrictions) {
    const [a, b] = [before.limits[limit], r.limits[limit]];
    if (SETTING.some((k) => a[k] !== b[k]))
      tellRg({ type: 'rg.limitChanged', limit, change: compareLimit(a, b), pendingUntil: null });
    const [pa, pb] = [a.pendingChange, b.pendingChange];
    if (pb && (pa?.effectiveAt !== pb.effectiveAt || SETTING.some((k) => pa?.[k] !== pb[k]))) {
      const proposed = {
        amount: pb.amount ?? b.amount,
        period: pb.period ?? b.period,
        active: pb.active ?? b.active,
      };
      const until = typeof pb.effectiveAt === 'number' ? pb.effectiveAt : null;
      tellRg({ type: 'rg.limitChanged', limit, change: compareLimit(b, proposed), pendingUntil: until });
    }
  }

  function step(cause: string, s: Snap) {
    // (What a login that ends held is told with it, before what follows: its end, the next login.
    // Every change waiting then was asked in it: its later answer changes nothing.)
    if (s.status === 'stopped' || s.context.sid !== sid) for (const k of holds.keys()) done(k);
    if (s.status === 'stopped') {
      abandon('stopped');
      o.stopped();
      return;
    }
    const prev = status;
    const next = SESSION_STATUSES.find((t) => s.hasTag(t)) ?? null;
    status = next;
    const id = s.context.userId;
    o.playerIs(next === 'signedIn' && typeof id === 'number' ? id : null);
    const events = heard;
    heard = [];
    for (const event of events) told(event, prev, cause);
    loginStep(next, prev, s, cause);
    restrictionsStep(s);
  }

  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.actor') {
      // The root is the first actor: the session's emitted events are heard from it.
      if (!root && e.actorRef.sessionId === e.rootId) {
        const ref = e.actorRef as AnyActorRef;
        root = ref;
        ref.on('*', (event: (typeof heard)[number]) => heard.push(event));
        o.attach(ref);
      }
      return;
    }
    if (e.type === '@xstate.event') {
      const ev = e.event as { type: string; login?: unknown; appSource?: unknown; payload?: unknown };
      if (e.actorRef !== root || (ev.type !== 'LOGIN' && ev.type !== 'REGISTER')) return;
      const appSource =
        ev.type === 'LOGIN' ? ev.appSource : (ev.payload as { app_source?: unknown })?.app_source;
      kind = ev.type === 'LOGIN' ? 'signIn' : 'registration';
      command = {
        method: ev.type === 'LOGIN' ? methodOf(ev.login) : 'email',
        appSource: appSource === undefined ? null : oneOf(appSource, o.appSources, 'other'),
      };
      return;
    }
    if (e.type !== '@xstate.snapshot') return;
    const s = e.snapshot as unknown as Snap;
    if (e.actorRef === root) step((e.event as { type: string }).type, s);
  };
  /**
   * A change asked: the restrictions' events read from now on are held until the function returned
   * is called (its answer told; a second call, or one after its login ended, changes nothing), its
   * login ends, or `HOLD_MS` passed.
   */
  const hold = () => {
    const k = ++asked;
    holds.set(
      k,
      o.timers.setTimeout(() => done(k), HOLD_MS),
    );
    return () => done(k);
  };
  return Object.assign(inspect, { hold });
}
