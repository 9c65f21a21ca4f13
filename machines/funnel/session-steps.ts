// The funnel's eyes on the session: it watches the actor system's inspection (the session's steps
// and the login child's count of rejected codes) and the session's own emitted events, and tells
// each moment once. It reads states by their tags (the public statuses) and copies no value it
// did not pick from a closed set.

import { compareLimit, type LimitKind } from 'pam-client';
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
    /** The profile flow's: a restriction accepted, not yet read. */
    expect?: { kind?: unknown } | null;
  };
  hasTag(tag: string): boolean;
  children?: Record<string, { getSnapshot?(): unknown } | undefined>;
}

// (Strongest first: the order `restrictionsOf` lists them in.)
const RESTRICTION_KINDS = ['spaExclusion', 'operatorExclusion', 'selfExclusion', 'pause'] as const;
type Told = { type: string } & Record<string, unknown>;
const LIMITS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];
/** What a limit is set to (its change compared by these and its time). */
const SETTING = ['amount', 'period', 'active'] as const;
const STARTS: readonly (SessionStatus | null)[] = ['signingIn', 'registering'];

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
  // The restriction the client bars betting for, accepted but not yet read (the profile flow's
  // `expect`), and the restrictions' events held while a change asked through `client.user` waits
  // for its answer (`hold`): they follow its `rg.changeAccepted` or `rg.changeFailed` (Y-10).
  let bar: (typeof RESTRICTION_KINDS)[number] | null = null;
  let holds = 0;
  const held: Told[] = [];

  /**
   * A restrictions' event, told (or held). A reading is told with what the client enforces: the
   * kept bar in force (no betting; an exclusion blocks the account), never "nothing in force" for
   * a player who just excluded themselves (fail closed), whenever the read was answered.
   */
  const tellRg = (e: Told) => {
    const f = e.inForce as string[] | undefined;
    if (holds) held.push(e);
    else
      o.emit(
        bar && f && !f.includes(bar)
          ? {
              ...e,
              inForce: RESTRICTION_KINDS.filter((k) => k === bar || f.includes(k)),
              canBet: false,
              accountBlocked: e.accountBlocked || bar !== 'pause',
              status: e.status === 'current' ? 'stale' : e.status,
            }
          : e,
      );
  };
  const release = () => {
    holds = 0;
    for (const e of held.splice(0)) tellRg(e);
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
    // (What a login that ends held is told with it, before what follows: its end, the next login.)
    if (s.status === 'stopped' || s.context.sid !== sid) release();
    if (s.status === 'stopped') {
      abandon('stopped');
      o.stopped();
      return;
    }
    const expect = (s.children?.profile?.getSnapshot?.() as Snap | undefined)?.context?.expect;
    bar = expect ? oneOf(expect.kind, RESTRICTION_KINDS, 'selfExclusion') : null;
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
  /** A change asked (`true`) or answered: while one waits, the restrictions' events are held. */
  const hold = (on: boolean) => (on ? holds++ : --holds > 0 || release());
  return Object.assign(inspect, { hold });
}
