// Model-based test of incomeReportMachine.
//
// createTestModel refuses machines with `invoke` or `after`, so the model is an abstract twin:
// the same states, with each service answer and each timer as a plain event. Every shortest path
// of the model (one per state reached through each of its transitions) is replayed on the real
// machine, whose services are fast fakes we answer by hand and whose timers run on a SimulatedClock.

import {
  HttpError,
  type IncomeReportData,
  type IncomeReportStatus,
  NetworkError,
  type PamError,
  UnauthorizedError,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { adjacencyMapToArray, createTestModel, getAdjacencyMap } from 'xstate/graph';
import {
  type IncomeReportRequest,
  type IncomeReportUser,
  incomeReportMachine,
} from '../../machines/incomeReportMachine';

const MODEL_EVENTS = [
  'YEARS_LOADED',
  'YEARS_FAILED',
  'GENERATE',
  'CREATED',
  'CREATED_COMPLETED',
  'CREATED_FAILED',
  'GENERATE_REJECTED',
  'POLL_DUE',
  'STATUS_SAME',
  'STATUS_CHANGED',
  'STATUS_COMPLETED',
  'STATUS_FAILED',
  'POLL_UNAVAILABLE',
  'POLL_UNAUTHORIZED',
  'POLL_NOT_FOUND',
  'SESSION_REFRESHED',
  'DEADLINE',
  'CANCEL',
  'RETRY',
  'RESET',
] as const;
type ModelEvent = { type: (typeof MODEL_EVENTS)[number] };

const model = setup({ types: { events: {} as ModelEvent } }).createMachine({
  id: 'model',
  initial: 'loadingYears',
  states: {
    loadingYears: { on: { YEARS_LOADED: 'ready', YEARS_FAILED: 'failedYears' } },
    ready: { on: { GENERATE: 'generating' } },
    generating: {
      on: {
        CREATED: 'polling',
        CREATED_COMPLETED: 'completed',
        CREATED_FAILED: 'failedReport',
        GENERATE_REJECTED: 'failedReport',
        DEADLINE: 'timedOut',
        CANCEL: 'ready',
      },
    },
    polling: {
      initial: 'waiting',
      on: { DEADLINE: 'timedOut', CANCEL: 'ready' },
      states: {
        waiting: { on: { POLL_DUE: 'fetching' } },
        fetching: {
          on: {
            STATUS_SAME: 'waiting',
            STATUS_CHANGED: 'waiting',
            POLL_UNAVAILABLE: 'waiting',
            POLL_UNAUTHORIZED: 'waitingForSession',
            STATUS_COMPLETED: '#model.completed',
            STATUS_FAILED: '#model.failedReport',
            POLL_NOT_FOUND: '#model.failedReport',
          },
        },
        waitingForSession: { on: { SESSION_REFRESHED: 'fetching', POLL_DUE: 'fetching' } },
      },
    },
    completed: { on: { RESET: 'ready' } },
    failedYears: { on: { RETRY: 'loadingYears', RESET: 'loadingYears' } },
    failedReport: { on: { RETRY: 'generating', RESET: 'ready' } },
    timedOut: { on: { RESET: 'ready' } },
  },
});

const POLL_MS = 100;
const MAX_POLL_MS = 1_000_000;
const REQUEST: IncomeReportRequest = { referenceYear: 2025, deliveryType: 'download' };
const report = (status: IncomeReportStatus): IncomeReportData => ({
  id: 9,
  status,
  reference_year: 2025,
  delivery_type: 'download',
  download_url: status === 3 ? 'https://files.example/9.pdf' : null,
});
function httpError(status: number): PamError {
  const init = { status, method: 'GET', path: '/income-report/9' };
  return status === 401 ? new UnauthorizedError(init) : new HttpError(init);
}

type Service = 'loadYears' | 'generateReport' | 'pollStatus';
interface Call {
  service: Service;
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The real machine on fake services that answer only when told, and a simulated clock. */
function systemUnderTest() {
  const calls: Call[] = [];
  const fake = <T, I>(service: Service) =>
    fromPromise<T, I>(
      ({ input, signal }) =>
        new Promise<T>((resolve, reject) => {
          const call: Call = {
            service,
            input,
            signal,
            settled: false,
            resolve: (value) => {
              call.settled = true;
              resolve(value as T);
            },
            reject: (error) => {
              call.settled = true;
              reject(error);
            },
          };
          calls.push(call);
        }),
    );
  const machine = incomeReportMachine.provide({
    actors: {
      loadYears: fake<{ years: number[] }, { user: IncomeReportUser }>('loadYears'),
      generateReport: fake<IncomeReportData, IncomeReportRequest & { user: IncomeReportUser }>(
        'generateReport',
      ),
      pollStatus: fake<IncomeReportData, { user: IncomeReportUser; id: number }>('pollStatus'),
    },
  });
  const clock = new SimulatedClock();
  const unused = () => Promise.reject(new Error('a fake service should answer instead'));
  const user: IncomeReportUser = {
    getAvailableYears: unused,
    generateIncomeReport: unused,
    getIncomeReportStatus: unused,
  };
  const actor = createActor(machine, {
    clock,
    input: {
      user,
      pollIntervalMs: POLL_MS,
      maxPollMs: MAX_POLL_MS,
      now: () => clock.now(),
      random: () => 0.5,
    },
  }).start();
  /** Requests neither answered nor aborted. */
  const open = () => calls.filter((c) => !c.settled && !c.signal.aborted);
  /** Answers the one open request, which must be of `service`. */
  const answer = async (service: Service, outcome: { value: unknown } | { error: unknown }) => {
    const pending = open();
    expect(pending.map((c) => c.service)).toEqual([service]);
    const call = pending[0] as Call;
    if ('value' in outcome) call.resolve(outcome.value);
    else call.reject(outcome.error);
    await new Promise((r) => setImmediate(r));
  };
  return { actor, clock, calls, open, answer };
}

/** What the real machine must show in each model state: its value, open request and context. */
const EXPECTED: Record<string, { value: unknown; open: Service[] }> = {
  loadingYears: { value: 'loadingYears', open: ['loadYears'] },
  ready: { value: 'ready', open: [] },
  generating: { value: 'generating', open: ['generateReport'] },
  '{"polling":"waiting"}': { value: { polling: 'waiting' }, open: [] },
  '{"polling":"fetching"}': { value: { polling: 'fetching' }, open: ['pollStatus'] },
  '{"polling":"waitingForSession"}': { value: { polling: 'waitingForSession' }, open: [] },
  completed: { value: 'completed', open: [] },
  failedYears: { value: 'failed', open: [] },
  failedReport: { value: 'failed', open: [] },
  timedOut: { value: 'timedOut', open: [] },
};

const paths = createTestModel(model).getShortestPaths();

describe('incomeReportMachine (model-based)', () => {
  it('walks every state and every transition of the model', () => {
    const edge = (from: unknown, type: string) => `${JSON.stringify(from)} --${type}-->`;
    const modelEdges = adjacencyMapToArray(getAdjacencyMap(model, {})).map((t) =>
      edge(t.state.value, t.event.type),
    );
    const walked = new Set<string>();
    const visited = new Set<string>();
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        visited.add(JSON.stringify(step.state.value));
        const before = path.steps[i - 1];
        if (before) walked.add(edge(before.state.value, step.event.type));
      });
    }
    expect(new Set(modelEdges).size).toBe(31);
    expect([...walked].sort()).toEqual([...new Set(modelEdges)].sort());
    expect(visited.size).toBe(Object.keys(EXPECTED).length);
  });

  /** e.g. `GENERATE → CREATED → POLL_DUE ⇒ {"polling":"fetching"}` */
  const title = (path: (typeof paths)[number]) =>
    `${path.steps
      .slice(1)
      .map((s) => s.event.type)
      .join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;

  it.each(paths.map((path) => [title(path), path] as const))('%s', async (_title, path) => {
    const sut = systemUnderTest();
    expect(sut.actor.getSnapshot().value).toBe('loadingYears');
    await path.test({
      states: {
        '*': (state) => {
          const key = typeof state.value === 'string' ? state.value : JSON.stringify(state.value);
          const expected = EXPECTED[key];
          const snapshot = sut.actor.getSnapshot();
          expect(snapshot.value).toEqual(expected?.value);
          expect(sut.open().map((c) => c.service)).toEqual(expected?.open);
          const { context } = snapshot;
          if (key === 'failedYears') expect(context).toMatchObject({ failure: 'years', years: null });
          if (key === 'failedReport') expect(context.failure).toBe('report');
          if (key === 'ready') expect(context).toMatchObject({ report: null, error: null, years: [2025] });
          if (key === 'completed') expect(context.report?.status).toBe(3);
          if (key === 'timedOut') expect(sut.clock.now()).toBeGreaterThanOrEqual(MAX_POLL_MS);
          if (key === 'generating') expect(sut.calls.at(-1)?.input).toMatchObject(REQUEST);
        },
      },
      events: {
        YEARS_LOADED: () => sut.answer('loadYears', { value: { years: [2025] } }),
        YEARS_FAILED: () =>
          sut.answer('loadYears', { error: new NetworkError('GET', '/income-report/available-years') }),
        GENERATE: () => {
          sut.actor.send({ type: 'GENERATE', ...REQUEST });
        },
        CREATED: () => sut.answer('generateReport', { value: report(1) }),
        CREATED_COMPLETED: () => sut.answer('generateReport', { value: report(3) }),
        CREATED_FAILED: () => sut.answer('generateReport', { value: report(4) }),
        GENERATE_REJECTED: () => sut.answer('generateReport', { error: httpError(422) }),
        // The longest wait is 10 × POLL_MS (random 0.5: no jitter), far inside the deadline.
        POLL_DUE: () => sut.clock.increment(10 * POLL_MS),
        STATUS_SAME: () => sut.answer('pollStatus', { value: report(1) }),
        STATUS_CHANGED: () => sut.answer('pollStatus', { value: report(2) }),
        STATUS_COMPLETED: () => sut.answer('pollStatus', { value: report(3) }),
        STATUS_FAILED: () => sut.answer('pollStatus', { value: report(4) }),
        POLL_UNAVAILABLE: () => sut.answer('pollStatus', { error: httpError(503) }),
        POLL_UNAUTHORIZED: () => sut.answer('pollStatus', { error: httpError(401) }),
        POLL_NOT_FOUND: () => sut.answer('pollStatus', { error: httpError(404) }),
        SESSION_REFRESHED: () => {
          sut.actor.send({ type: 'SESSION_REFRESHED' });
        },
        DEADLINE: () => sut.clock.increment(MAX_POLL_MS),
        CANCEL: () => {
          sut.actor.send({ type: 'CANCEL' });
        },
        RETRY: () => {
          sut.actor.send({ type: 'RETRY' });
        },
        RESET: () => {
          sut.actor.send({ type: 'RESET' });
        },
      },
    });
    sut.actor.stop();
    expect(sut.open()).toEqual([]);
  });
});
