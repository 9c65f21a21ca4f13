// Public types of the income-report machine (spec 2.13, 3.1, 4.5).

import type {
  IncomeReportData,
  IncomeReportDeliveryType,
  IncomeReportStatus,
  PamError,
  UserModule,
} from 'pam-client';
import type { PamEnvironment } from '../environment';

/** What the machine watches: polling pauses while the page is hidden or offline. */
export type IncomeReportEnvironment = Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>;

/** The three user-module calls the machine makes. */
export type IncomeReportUser = Pick<
  UserModule,
  'getAvailableYears' | 'generateIncomeReport' | 'getIncomeReportStatus'
>;

/**
 * The `input` of `incomeReportMachine`: its user module and, optionally, its timing.
 *
 * @example
 * createActor(incomeReportMachine, { input: { user } satisfies IncomeReportInput }).start();
 */
export interface IncomeReportInput {
  user: IncomeReportUser;
  /** The first wait before polling the report, ms. Default 2000. */
  pollIntervalMs?: number;
  /** Everything after `GENERATE` (the request and all polling) must end within this, ms. Default 5 min. */
  maxPollMs?: number;
  /**
   * The machine's clock, for `statusHistory` and the deadline. Default: the one clock's steady base
   * (`steadyClock()`). Give `() => clock.now()` with a `SimulatedClock`. A reading that throws or is
   * no finite number: `GENERATE` and `RETRY` go to `failed` with the typed error (`unexpected`),
   * and an answer is stamped at the last time seen.
   */
  now?: () => number;
  /** 0..1, for the ±10 % jitter of the poll interval. Default `Math.random`. */
  random?: () => number;
  /** Visibility, focus and network. Default: the browser's (inert outside a browser). */
  environment?: IncomeReportEnvironment;
}

/**
 * A report to generate: the `GENERATE` event's fields.
 *
 * @example
 * const request: IncomeReportRequest = { referenceYear: 2025, deliveryType: 'email' };
 * actor.send({ type: 'GENERATE', ...request });
 */
export interface IncomeReportRequest {
  referenceYear: number;
  deliveryType: IncomeReportDeliveryType;
}

/**
 * A report status as the machine saw it change (`context.statusHistory`).
 *
 * @example
 * snapshot.context.statusHistory.at(-1)?.status; // the last status seen
 */
export interface IncomeReportStatusChange {
  status: IncomeReportStatus;
  /** The machine's clock when the change was seen. */
  at: number;
}

/**
 * The context of `incomeReportMachine`: its services, the years, the report and the last error.
 *
 * @example
 * const { years, report, error } = actor.getSnapshot().context;
 */
export interface IncomeReportContext {
  readonly user: IncomeReportUser;
  readonly pollIntervalMs: number;
  readonly maxPollMs: number;
  /** A service (the machine's clock), like `user`: never persisted. */
  readonly now: () => number;
  /** A service (the jitter's random source), like `user`: never persisted. */
  readonly random: () => number;
  readonly environment: IncomeReportEnvironment;
  years: number[] | null;
  /** The last `GENERATE`; `RETRY` sends it again. */
  request: IncomeReportRequest | null;
  report: IncomeReportData | null;
  /** One entry per status seen, appended only when it differs from the last (spec 3.1). */
  statusHistory: IncomeReportStatusChange[];
  /** The last error, kept while polling goes on through transient failures; null after a good answer. */
  error: PamError | null;
  /** What `failed` failed at, so `RETRY` knows what to repeat. */
  failure: 'years' | 'report' | null;
  /** When the current report was asked for; `maxPollMs` counts from here. */
  startedAt: number | null;
  /** Polls sent for the current report; the backoff grows with it. */
  polls: number;
  /** The server's `Retry-After`, ms: the least the next wait may be. */
  minDelayMs: number;
  /**
   * When the next poll is due (the machine's clock): the last answer's time plus its wait (the
   * backoff, never under `minDelayMs`). A wake-up before it waits out the rest; null until polling.
   */
  dueAt: number | null;
}

/**
 * The events `incomeReportMachine` takes.
 *
 * @example
 * actor.send({ type: 'RETRY' } satisfies IncomeReportEvent);
 */
export type IncomeReportEvent =
  | { type: 'GENERATE'; referenceYear: number; deliveryType: IncomeReportDeliveryType }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  /** The session got a fresh token (e.g. the app's refresh cycle): poll again now, after a 401. */
  | { type: 'SESSION_REFRESHED' }
  /** From the environment: the page was hidden or went offline (polling pauses). */
  | { type: 'PAUSE' }
  /**
   * From the environment: the page is visible, focused or online again (a paused poll runs at once
   * if its wait is over, else when it is: `dueAt`).
   */
  | { type: 'WAKE' }
  /** Sent by `restoreActor` (XState persists no timer): a restored poll arms its timers again. */
  | { type: 'xstate.restore' };
