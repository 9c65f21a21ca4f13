// The funnel and audit events (issue 34): one per moment, named `<flow>.<moment>`, each built here
// from allowlisted fields only: closed sets of words, counts, durations, server times and error
// codes. Nothing the player typed or the service said about them (e-mail, CPF, name, ids, notes,
// URLs, tokens, messages) has a field to go in. docs/events.md lists them in their order.

import {
  isPamError,
  type LimitKind,
  type PamError,
  type PamErrorCode,
  type RestrictionKind,
} from 'pam-client';

/** What every funnel event carries. */
export interface FunnelBase {
  /** When it happened: the server's clock (epoch ms, `environment.serverNow()`). */
  at: number;
  /**
   * The app's pseudonym of the player (`funnelEvents({ pseudonym })`), on the events of a signed-in
   * session only; absent without a pseudonym function.
   */
  player?: string;
}

/** Which run of a flow an event belongs to: 1, 2, 3… per client (never a player's or a server's id). */
export interface FunnelRun {
  run: number;
}

/** An error as a funnel reports it: its code (never its message) and its HTTP status, if any. */
export interface FunnelError {
  code: PamErrorCode;
  /** The HTTP status of an `http`, `unauthorized` or `step_up_required` error; null otherwise. */
  status: number | null;
}

/** How a login names the player: an e-mail address, or a CPF. Never the login itself. */
export type SignInMethod = 'email' | 'cpf';

/** Why a sign-in or registration ended without an outcome. */
export type AbandonReason = 'cancelled' | 'loggedOut' | 'restarted' | 'otherTab' | 'stopped';

/** The sensitive changes a step-up guards. */
export type StepUpChange = 'profile' | 'email' | 'phone' | 'address' | 'limits' | 'pause' | 'selfExclusion';

/** The responsible-gaming changes the player asks for. */
export type RgChange = 'limits' | 'pause' | 'selfExclusion';

type E<T extends string, F = unknown> = { type: T } & FunnelBase & F;
type LoginFlow<P extends 'signIn' | 'registration', Done extends string> =
  | E<`${P}.started`, FunnelRun & { method: SignInMethod; appSource: string | null }>
  | E<`${P}.codeAsked`, FunnelRun>
  | E<`${P}.codeRejected`, FunnelRun & { attempt: number }>
  | E<`${P}.${Done}`, FunnelRun & { durationMs: number; codeAsked: boolean }>
  | E<`${P}.failed`, FunnelRun & FunnelError & { durationMs: number }>
  | E<`${P}.cancelledAccount`, FunnelRun & { durationMs: number }>
  | E<`${P}.abandoned`, FunnelRun & { durationMs: number; reason: AbandonReason }>;

/**
 * The sign-in funnel: `signIn.started` (`method`: e-mail or CPF; `appSource` only when the app
 * listed it), then `signIn.codeAsked` and `signIn.codeRejected` (`attempt` 1..5) when a two-factor
 * code is asked, and one outcome: `signIn.signedIn` (`durationMs` since started, `codeAsked`),
 * `signIn.failed` (`code`, `status`), `signIn.cancelledAccount` or `signIn.abandoned` (`reason`).
 */
export type SignInFunnelEvent = LoginFlow<'signIn', 'signedIn'>;

/** The registration funnel: as sign-in's, its success `registration.completed`. */
export type RegistrationFunnelEvent = LoginFlow<'registration', 'completed'>;

/** The session's moments outside a sign-in. */
export type SessionFunnelEvent =
  /** A stored session was taken at start. */
  | E<'session.restored'>
  /** Another tab's session was taken (its login, or another player's). */
  | E<'session.adopted'>
  | E<'session.refreshed'>
  | E<'session.refreshFailed', FunnelError>
  /** The token's life ended (a refresh answered 401, or a wake-up past its expiry). */
  | E<'session.expired'>
  /** `remote`: the logout or expiry was another tab's. */
  | E<'session.signedOut', { reason: 'logout' | 'expired'; remote: boolean }>
  /** `client.stop()`: the last event, after every run still open was told abandoned. */
  | E<'session.stopped'>;

/** A step-up (the player's password for a sensitive change), from the first prompt to its outcome. */
export type StepUpFunnelEvent =
  | E<'stepUp.started', FunnelRun & { change: StepUpChange }>
  | E<'stepUp.passwordRejected', FunnelRun & { change: StepUpChange; attempt: number }>
  | E<'stepUp.completed', FunnelRun & { change: StepUpChange; durationMs: number }>
  | E<'stepUp.cancelled', FunnelRun & { change: StepUpChange; durationMs: number }>
  | E<'stepUp.failed', FunnelRun & FunnelError & { change: StepUpChange; durationMs: number }>
  /**
   * While the prompt was open (the change is `aborted`): `stopped`, `client.stop()`; `loginEnded`,
   * the login ended; `aborted`, the app's `signal` given to the call aborted.
   */
  | E<
      'stepUp.abandoned',
      FunnelRun & { change: StepUpChange; durationMs: number; reason: 'stopped' | 'loginEnded' | 'aborted' }
    >;

/** What the client read and enforced for responsible gaming, and the changes the player asked for. */
export type RgFunnelEvent =
  /**
   * The restrictions as read (or failed to read) for this login: what is in force and pending (by
   * kind, never a note or a date), whether betting is allowed, the mandatory limits missing.
   */
  | E<
      'rg.restrictionsRead',
      {
        status: 'current' | 'stale' | 'unknown';
        inForce: RestrictionKind[];
        pending: RestrictionKind[];
        canBet: boolean;
        accountBlocked: boolean;
        missingMandatoryLimits: LimitKind[];
        /** The failed read's code, when it failed. */
        code: PamErrorCode | null;
      }
    >
  /**
   * A limit read differs from the one read before for this login: in force now (`pendingUntil`
   * null; `change` stricter, looser or same), or waiting until `pendingUntil` (server epoch ms).
   */
  | E<
      'rg.limitChanged',
      { limit: LimitKind; change: 'stricter' | 'looser' | 'same'; pendingUntil: number | null }
    >
  | E<'rg.changeRequested', FunnelRun & { change: RgChange }>
  | E<'rg.changeAccepted', FunnelRun & { change: RgChange; durationMs: number }>
  | E<'rg.changeFailed', FunnelRun & FunnelError & { change: RgChange; durationMs: number }>
  /** Its answer still awaited when the client stopped (`client.stop()`). */
  | E<'rg.changeAbandoned', FunnelRun & { change: RgChange; durationMs: number; reason: 'stopped' }>
  /** Signed-in time reached 80 % (`warning`, the play-time flow's share) or 100 % of the time limit. */
  | E<'rg.playTimeAlert', { level: 'warning' | 'reached'; percent: number }>;

/** An income report, from the request to its file. */
export type IncomeReportFunnelEvent =
  | E<'incomeReport.requested', FunnelRun & { delivery: 'download' | 'email' | 'other' }>
  | E<'incomeReport.completed', FunnelRun & { durationMs: number }>
  | E<'incomeReport.failed', FunnelRun & FunnelError & { durationMs: number }>
  | E<'incomeReport.downloaded', { run: number | null }>
  | E<'incomeReport.abandoned', FunnelRun & { durationMs: number; reason: 'stopped' }>;

/**
 * Every funnel event, as `client.on` hears it with `funnelEvents()` among the client's flows.
 *
 * @example
 * client.on('signIn.signedIn', (e) => analytics.track('sign_in', { ms: e.durationMs, code: e.codeAsked }));
 */
export type FunnelEvent =
  | SignInFunnelEvent
  | RegistrationFunnelEvent
  | SessionFunnelEvent
  | StepUpFunnelEvent
  | RgFunnelEvent
  | IncomeReportFunnelEvent;

/** The name of a funnel event. */
export type FunnelEventType = FunnelEvent['type'];

/** Emits a funnel event (the funnel flow's own plumbing). */
/** Tells an event, stamped with whose it is (`who`: a run's player, named when it began), else the player now. */
export type EmitFunnel = (
  event: { type: string } & Record<string, unknown>,
  who?: { player?: string },
) => void;

/** An error's code (from the closed set; anything else is `unexpected`) and HTTP status. */
export function errorFields(error: unknown): FunnelError {
  const e = error as Partial<PamError> & { status?: unknown };
  // The core's own check (its brand and its closed set of codes), not a copy of the list.
  const code: PamErrorCode = isPamError(error) ? error.code : 'unexpected';
  const status = typeof e?.status === 'number' && Number.isInteger(e.status) ? e.status : null;
  return { code, status };
}

/** Only the words of `allowed` pass; anything else is `fallback`. */
export const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
