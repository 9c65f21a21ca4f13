import {
  AbortedError,
  type AvailableYearsResponse,
  type IncomeReportData,
  type PamError,
  RequestValidationError,
  retryAfterMs,
} from 'pam-client';
import { asPamError, clampDelay, isTransientError } from 'pam-client/internal';
import { and, assign, raise } from 'xstate';
import { fromCallback, fromPromise } from './actor-logic';
import { finiteOr, isTrusted, noReading, READ, type Read, readClock, steadyClock } from './clock';
import { isPaused, pageSignals } from './environment';
import { checkedAnswer } from './income-report/answer';
import { ReportFailedError } from './income-report/failed-error';
import { reportPollDelayMs } from './income-report/polling';
import type {
  IncomeReportContext,
  IncomeReportEnvironment,
  IncomeReportEvent,
  IncomeReportInput,
  IncomeReportRequest,
  IncomeReportUser,
} from './income-report/types';
import { machineSetup } from './machine-setup';
import { RESTORE_EVENT } from './persistence';

export type { IncomeReportFailedError } from './income-report/failed-error';
export type * from './income-report/types';

/** The report an actor's done event carries (told again with a reading: `READ`). */
const reportOf = (event: object): IncomeReportData => (event as { output: IncomeReportData }).output;

/** The failure an actor's error event carries (told again with a reading: `READ`), as a PamError. */
const failureOf = (event: object): PamError => asPamError((event as { error?: unknown }).error);

/** RESET from a finished report: back to `ready`, or to loading the years if they never came. */
const resetToReady = [
  { guard: 'yearsKnown', target: '#incomeReport.ready', actions: 'clearReport' },
  { target: '#incomeReport.loadingYears', actions: 'clearReport' },
] as const;

/**
 * What a report answer leads to, from generating or from a poll: status 3 completes, status 4
 * fails, anything else goes on (to `next`). The report is recorded either way.
 */
const reportOutcome = (next: string) =>
  [
    READ,
    { guard: 'isCompleted', target: '#incomeReport.completed', actions: 'recordReport' },
    { guard: 'isFailed', target: '#incomeReport.failed', actions: ['recordReport', 'markReportFailed'] },
    { target: next, actions: ['recordReport', 'schedulePoll'] },
  ] as const;

/**
 * What `generateReport` receives; `interrupted` when a restore finds it in flight (never re-sent);
 * `years`, the ones offered (a year not among them is refused, nothing sent).
 */
type GenerateInput = IncomeReportRequest & {
  user: IncomeReportUser;
  interrupted?: boolean;
  years?: readonly number[] | null;
};

/** Builds the machine; one pure call, so a bundle that does not use it drops all of it. */
function createIncomeReportMachine() {
  return machineSetup({
    // Types only: a spread of `{}`, which the minifier drops (createMachine does not read `types`).
    ...({} as {
      types: {
        context: IncomeReportContext;
        events: IncomeReportEvent;
        input: IncomeReportInput;
        // Each child id with its actor: without this map the published types carry an index
        // signature the `environment` child does not fit (TS2411 under skipLibCheck: false).
        children: {
          environment: 'watchEnvironment';
          loadYears: 'loadYears';
          generateReport: 'generateReport';
          pollStatus: 'pollStatus';
        };
      };
    }),
    actors: {
      loadYears: fromPromise<AvailableYearsResponse, { user: IncomeReportUser }>(({ input, signal }) =>
        input.user.getAvailableYears({ signal }),
      ),
      generateReport: fromPromise<IncomeReportData, GenerateInput>(({ input, signal }) => {
        // A POST may have been applied: a restored actor does not send it again on its own (RETRY does).
        if (input.interrupted) return Promise.reject(new AbortedError('POST', 'generateIncomeReport'));
        // A year `getAvailableYears` did not offer is bad input: refused, nothing sent (REVIEW29A-8).
        if (!input.years?.includes(input.referenceYear))
          return Promise.reject(
            new RequestValidationError('generateIncomeReport', [
              { path: ['reference_year'], code: 'invalid_value', message: `must be one of ${input.years}` },
            ]),
          );
        return input.user
          .generateIncomeReport({ reference_year: input.referenceYear, type: input.deliveryType }, { signal })
          .then((answer) => checkedAnswer(answer, input));
      }),
      // Hidden or offline: PAUSE; visible, focused or online again: WAKE (the page may have slept).
      watchEnvironment: fromCallback<IncomeReportEvent, IncomeReportEnvironment>(({ input, sendBack }) => {
        const to = (pause: unknown) => sendBack({ type: pause ? 'PAUSE' : 'WAKE' });
        const offs = [
          input.visibility.onChange(to),
          input.focus.onFocus(() => to(false)),
          input.online.onChange((online) => to(!online)),
        ];
        return () => {
          for (const off of offs) off();
        };
      }),
      // Its input: the report's id, and the request its answers must match (written out: a named
      // type here would be an undocumented name in the machine's public type).
      pollStatus: fromPromise<
        IncomeReportData,
        Partial<IncomeReportRequest> & { user: IncomeReportUser; id: number }
      >(({ input, signal }) =>
        input.user.getIncomeReportStatus(input.id, { signal }).then((answer) => checkedAnswer(answer, input)),
      ),
    },
    delays: {
      // What is left of the wait (`schedulePoll`'s `dueAt`) at the reading of the event that entered
      // the state (`READ`): no clock here. The whole wait after an answer, the rest after a wake-up.
      // Never longer than the longest wait the backoff gives now (its jitter's top): a clock stepped
      // back since `dueAt` was stamped would put the poll off by the step (review 134: an hour, past
      // the report's deadline).
      pollDelay: ({ context, event }) =>
        clampDelay(Math.min(context.dueAt! - (event as Read).at!, reportPollDelayMs(context, 1))),
      // (`maxPollMs` at most: a start read on a clock that stepped back since would put it off by
      // the step, days of polls: review 83.)
      deadline: ({ context, event }) =>
        clampDelay(
          Math.min(
            context.maxPollMs,
            (context.startedAt ?? (event as Read).at!) + context.maxPollMs - (event as Read).at!,
          ),
        ),
    },
    guards: {
      // INCOME_REPORT_STATUS.completed (3) and .failed (4), as literals (as checkedAnswer reads them):
      // the machine alone then carries no status table.
      isCompleted: ({ event }) => reportOf(event).status === 3,
      isFailed: ({ event }) => reportOf(event).status === 4,
      isTransient: ({ event }) => isTransientError((event as { error?: unknown }).error),
      isUnauthorized: ({ event }) => failureOf(event).code === 'unauthorized',
      yearsKnown: ({ context }) => context.years !== null,
      yearsFailed: ({ context }) => context.failure === 'years',
      isPaused: ({ context }) => isPaused(context.environment),
      isActive: ({ context }) => !isPaused(context.environment),
      // The wait after the last answer (the backoff, and any Retry-After) is over at the event's reading.
      isDue: ({ context, event }) => (event as Read).at! >= context.dueAt!,
      // Polling waits for a new session (a 401), the state a pause left.
      awaitsSession: ({ context }) => context.error?.code === 'unauthorized',
    },
    actions: {
      // On a clock that gives no time, an answer is stamped at the last time seen (never the
      // epoch, never ahead): the history stays in order.
      readClock: (a) => readClock(a, a.context.statusHistory.at(-1)?.at ?? a.context.startedAt),
      // A report is not started (nor retried) on a clock that gives no time: its deadline and
      // history could not be timed. `failed`, with the typed error; RETRY tries again.
      failClock: assign(({ context, event }) => ({
        error: (event as Read).clockError!,
        failure: context.failure ?? ('report' as const),
      })),
      storeYears: assign(({ event }) => ({
        error: null,
        failure: null,
        years: (event as unknown as { output: AvailableYearsResponse }).output.years,
      })),
      // GENERATE's report, kept (RETRY sends it again).
      // (Only GENERATE runs it: its fields read in the parameter, smaller.)
      rememberRequest: assign(
        ({
          event: { referenceYear, deliveryType },
        }: {
          event: Partial<IncomeReportRequest> & { type: string };
        }) => ({
          request: { referenceYear: referenceYear!, deliveryType: deliveryType! },
        }),
      ),
      startReport: assign(({ event }) => ({
        report: null,
        statusHistory: [],
        error: null,
        failure: null,
        startedAt: (event as Read).at!,
        polls: 0,
        minDelayMs: 0,
        dueAt: null,
      })),
      // A status is appended unless it is the one last seen (spec 3.1: a poll looks for a change).
      recordReport: assign(({ context: { statusHistory: h }, event }) => ({
        statusHistory:
          h.at(-1)?.status === reportOf(event).status
            ? h
            : [...h, { status: reportOf(event).status, at: (event as Read).at! }],
        report: reportOf(event),
        error: null,
        minDelayMs: 0,
      })),
      countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
      // When the next poll is due: the event's reading (an answer's, a restore's) plus the wait
      // `reportPollDelayMs` gives with its draw (after `recordReport`/`recordError`: their Retry-After).
      schedulePoll: assign(({ context, event }) => ({
        dueAt: (event as Read).at! + reportPollDelayMs(context, (event as Read).roll!),
      })),
      recordError: assign(({ event }) => {
        const error = failureOf(event);
        return { error, minDelayMs: retryAfterMs(error) ?? 0 };
      }),
      failYears: assign(({ event }) => ({ failure: 'years' as const, error: failureOf(event) })),
      failReport: assign(({ event }) => ({ failure: 'report' as const, error: failureOf(event) })),
      /** The server's verdict (status 4), as a typed error: the report's id, year and status. */
      markReportFailed: assign(({ event }) => ({
        failure: 'report' as const,
        error: new ReportFailedError(reportOf(event)),
      })),
      // (The request forgotten too: one held while the years load is a GENERATE sent meanwhile.)
      clearReport: assign({
        request: null,
        report: null,
        statusHistory: [],
        error: null,
        failure: null,
        startedAt: null,
        polls: 0,
        minDelayMs: 0,
        dueAt: null,
      }),
    },
  }).createMachine({
    id: 'incomeReport',
    context: ({ input }) => ({
      // The services (`restoreActor` takes them from a fresh input), then the data.
      user: input.user,
      // The one clock's steady base (docs/time.md): no device-clock step moves the deadline.
      now: input.now ?? steadyClock(),
      random: input.random ?? Math.random,
      // Only the page signals: a report needs no clock of the environment's, no cross-tab channel.
      environment: input.environment ?? pageSignals(),
      // NaN, zero or a negative interval would poll back to back: take the default instead (2 s,
      // and 5 min for the whole report: literals, which a bundle spells shorter than constants).
      pollIntervalMs: finiteOr(input.pollIntervalMs, 2_000, 1),
      maxPollMs: finiteOr(input.maxPollMs, 300_000, 1),
      years: null,
      request: null,
      report: null,
      statusHistory: [],
      error: null,
      failure: null,
      startedAt: null,
      polls: 0,
      minDelayMs: 0,
      dueAt: null,
    }),
    initial: 'loadingYears',
    invoke: { id: 'environment', src: 'watchEnvironment', input: ({ context }) => context.environment },
    states: {
      loadingYears: {
        // A GENERATE sent while the years load is kept (the last one) and sent once they came, as
        // in `ready` (a year they do not offer: refused, nothing sent); they fail: `failed`
        // ('years'), and RETRY loads them and sends it. Never dropped.
        on: { GENERATE: { actions: 'rememberRequest' } },
        invoke: {
          id: 'loadYears',
          src: 'loadYears',
          input: ({ context }) => ({ user: context.user }),
          onDone: {
            target: 'ready',
            actions: [
              'storeYears',
              // (None held: a RESET, which `ready` takes as no event. `context.request` read twice: 3 B
              // smaller gzipped than a destructured name, issue 33.)
              raise(
                ({ context }) =>
                  ({ type: context.request ? 'GENERATE' : 'RESET', ...context.request }) as never,
              ),
            ],
          },
          onError: {
            target: 'failed',
            actions: 'failYears',
          },
        },
      },
      ready: {
        on: {
          GENERATE: [
            READ,
            {
              guard: noReading,
              target: 'failed',
              actions: ['rememberRequest', 'failClock'],
            },
            {
              target: 'generating',
              actions: ['rememberRequest', 'startReport'],
            },
          ],
        },
      },
      generating: {
        invoke: {
          id: 'generateReport',
          src: 'generateReport',
          // `request` is set by GENERATE, the only way in besides RETRY of a report that had one.
          input: ({ context, event }) => ({
            user: context.user,
            ...(context.request as IncomeReportRequest),
            interrupted: event.type === RESTORE_EVENT,
            years: context.years,
          }),
          onDone: reportOutcome('polling'),
          // A POST is not repeated on its own (it may have been applied); RETRY sends it again.
          onError: {
            target: 'failed',
            actions: 'failReport',
          },
        },
        after: { deadline: 'timedOut' },
        on: { CANCEL: { target: 'ready', actions: 'clearReport' } },
      },
      polling: {
        initial: 'waiting',
        after: { deadline: 'timedOut' },
        on: {
          CANCEL: { target: 'ready', actions: 'clearReport' },
          // Restored (XState persists no timer): polls again after the next delay, before the deadline.
          // Only `restoreActor`'s (`trusted`): one an app sends would re-arm the deadline (review 114).
          [RESTORE_EVENT]: [
            READ,
            {
              guard: ({ event }) => isTrusted(event),
              target: 'polling',
              reenter: true,
              actions: 'schedulePoll',
            },
          ],
        },
        states: {
          // Nobody looks, or nothing can be sent: no timer, no request, until the page wakes. Then
          // the poll runs at once if its wait is over (the backoff and any Retry-After, from the
          // last answer), else the rest of the wait runs first (review 131: a tab switch never
          // polls sooner), in the state the pause left.
          paused: {
            on: {
              WAKE: [
                READ,
                { guard: and(['isActive', 'isDue']), target: 'fetching' },
                { guard: and(['isActive', 'awaitsSession']), target: 'waitingForSession' },
                { guard: 'isActive', target: 'waiting' },
              ],
            },
          },
          waiting: {
            always: { guard: 'isPaused', target: 'paused' },
            on: { PAUSE: { guard: 'isPaused', target: 'paused' } },
            after: { pollDelay: 'fetching' },
          },
          fetching: {
            entry: 'countPoll',
            invoke: {
              id: 'pollStatus',
              src: 'pollStatus',
              input: ({ context }) => ({
                user: context.user,
                ...(context.request as IncomeReportRequest),
                id: (context.report as IncomeReportData).id,
              }),
              onDone: reportOutcome('waiting'),
              onError: [
                READ,
                {
                  guard: 'isUnauthorized',
                  target: 'waitingForSession',
                  actions: ['recordError', 'schedulePoll'],
                },
                {
                  guard: 'isTransient',
                  target: 'waiting',
                  actions: ['recordError', 'schedulePoll'],
                },
                {
                  target: '#incomeReport.failed',
                  actions: 'failReport',
                },
              ],
            },
          },
          waitingForSession: {
            always: { guard: 'isPaused', target: 'paused' },
            on: { SESSION_REFRESHED: 'fetching', PAUSE: { guard: 'isPaused', target: 'paused' } },
            after: { pollDelay: 'fetching' },
          },
        },
      },
      completed: {
        on: {
          RESET: resetToReady,
        },
      },
      failed: {
        on: {
          RETRY: [
            READ,
            { guard: noReading, actions: 'failClock' },
            { guard: 'yearsFailed', target: 'loadingYears' },
            { target: 'generating', actions: 'startReport' },
          ],
          RESET: resetToReady,
        },
      },
      timedOut: {
        on: {
          RESET: resetToReady,
        },
      },
    },
  });
}

/**
 * Generates an income-tax report and polls it until it is done (spec 2.13, 3.1, 4.5).
 *
 * `loadingYears` → `ready` --GENERATE--> `generating` → `polling` → `completed` | `failed` | `timedOut`.
 * Polling backs off (`reportPollDelayMs`) through network errors, timeouts, 5xx and 429 (keeping
 * `context.error` set meanwhile); any other 4xx fails. A year the years' answer did not offer is
 * refused as `invalid_request` (issue on `reference_year`), nothing sent. `maxPollMs`, counted from `GENERATE`,
 * bounds the request and all polling. `CANCEL` returns to `ready` and aborts the request in flight.
 * Polling pauses while the page is hidden or offline (`polling.paused`, no timer); a wake-up polls
 * at once only when the wait since the last answer (the backoff, and any `Retry-After`) is over,
 * else it waits out the rest (`context.dueAt`): switching tabs never polls sooner.
 *
 * A 401 while polling means the adapter's `onUnauthorized` refresh did not help (or there is none):
 * the machine waits in `polling.waitingForSession` until the app sends `SESSION_REFRESHED` (say,
 * after its refresh cycle saved a new token) or the next backoff delay passes, then polls again,
 * still within `maxPollMs`.
 *
 * Only the report asked for completes: an answer (the generate's or a poll's) about another id,
 * year or delivery, or a completed download without a `download_url` that `downloadIncomeReport`
 * fetches (an http(s) URL or a path under the API), fails with `invalid_response`.
 *
 * Errors are told apart by brand and code (a user module from another copy of pam-client works).
 * Persistence (opt-in): `persistedData(actor)` holds data only (no user module, clock, random or
 * page signals); `restoreActor(incomeReportMachine, stored, input)` restores it with fresh services
 * (a restored poll polls again after the next delay).
 * A poll or the years' request that was in flight runs again; a `GENERATE` request (a POST) is
 * not re-sent: the restored actor fails with `aborted`, and `RETRY` sends it again.
 *
 * @example
 * const actor = createActor(incomeReportMachine, { input: { user: createUserModule(http) } }).start();
 * actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
 * actor.subscribe((s) => s.matches('completed') && open(s.context.report?.download_url));
 */
export const incomeReportMachine = /* @__PURE__ */ createIncomeReportMachine();
