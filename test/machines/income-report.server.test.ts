// incomeReportMachine against the reference server over real HTTP.
//
// Time is simulated: the machine's delays run on a SimulatedClock, and the server's clock (which
// moves reports from status 1 to 2 to 3) reads the same clock. So a poll sent at t=1000 sees
// exactly what the schedule says, with no sleeps and no flakiness; only the HTTP round trips are
// real. `random: () => 0.5` takes the jitter out (factor 1.0), so poll times are exact.

import {
  AbortedError,
  createOfetchAdapter,
  createUserModule,
  describeError,
  HttpError,
  isPamError,
  RequestValidationError,
  UnauthorizedError,
} from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { ReportFailedError } from '../../machines/income-report/failed-error';
import { type IncomeReportInput, incomeReportMachine } from '../../machines/incomeReportMachine';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

/** A SimulatedClock that can jump straight to its next pending timer. */
class TestClock extends SimulatedClock {
  private readonly due = new Map<number, number>();
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.due.delete(id);
      fn();
    }, timeout);
    this.due.set(id, this.now() + timeout);
    return id;
  }
  override clearTimeout(id: number): void {
    this.due.delete(id);
    super.clearTimeout(id);
  }
  get pending(): number {
    return this.due.size;
  }
  /** Fires the earliest timer; false when none is left. */
  advanceToNext(): boolean {
    if (this.due.size === 0) return false;
    this.set(Math.max(this.now(), Math.min(...this.due.values())));
    return true;
  }
}

type Snapshot = SnapshotFrom<typeof incomeReportMachine>;
type ReportActor = Actor<typeof incomeReportMachine>;

const STEP_MS = 1000; // the server keeps a report this long in each of status 1 and 2
const POLL_MS = 400; // polls at +400, +600, +900, +1350, ... (×1.5, random 0.5 = no jitter)
const POLL_PATH = /^\/income-report\/\d+$/;

let clock = new TestClock();
let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ reportStepMs: STEP_MS, now: () => clock.now() });
});
beforeEach(() => {
  clock = new TestClock();
  server.reset();
});
afterAll(() => server.close());

/** The machine on a real adapter (no HTTP-level retry, so every poll is one request). */
function start(input: Partial<IncomeReportInput> = {}) {
  let token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({
    baseURL: server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
    retry: 0,
  });
  const module = createUserModule(http);
  // Every status request, so tests can look at its signal and how it ended.
  const polls: { signal: AbortSignal | undefined; settled: Promise<unknown> }[] = [];
  const user: IncomeReportInput['user'] = {
    getAvailableYears: module.getAvailableYears,
    generateIncomeReport: module.generateIncomeReport,
    getIncomeReportStatus: (id, options) => {
      const request = module.getIncomeReportStatus(id, options);
      polls.push({
        signal: options?.signal,
        settled: request.then(
          (r) => r,
          (e: unknown) => e,
        ),
      });
      return request;
    },
  };
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user,
      pollIntervalMs: POLL_MS,
      maxPollMs: 60_000,
      now: () => clock.now(),
      random: () => 0.5,
      ...input,
    },
  }).start();
  return { actor, polls, renewToken: () => (token = server.issueToken(server.seed.plain.id)) };
}

const inFlight = (s: Snapshot) =>
  s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' });

const settle = (actor: ReportActor) => waitFor(actor, (s) => !inFlight(s), { timeout: 10_000 });

/** Lets requests finish and timers fire, in order, until `done` holds. */
async function runUntil(actor: ReportActor, done: (s: Snapshot) => boolean): Promise<Snapshot> {
  for (let i = 0; i < 100; i++) {
    const s = await settle(actor);
    if (done(s)) return s;
    if (!clock.advanceToNext()) throw new Error(`stuck in ${JSON.stringify(s.value)}`);
  }
  throw new Error('did not finish in 100 steps');
}

const isIdle = (s: Snapshot) =>
  (['ready', 'completed', 'failed', 'timedOut'] as const).some((v) => s.matches(v));

/** Server clock times of the status requests seen so far. */
const pollTimes = () => server.requests.filter((r) => POLL_PATH.test(r.path)).map((r) => r.at);
const lines = () => server.requests.map((r) => `${r.method} ${r.path.replace(/\d+$/, ':id')}`);

async function readyActor(input: Partial<IncomeReportInput> = {}) {
  const started = start(input);
  const s = await settle(started.actor);
  expect(s.value).toBe('ready');
  return started;
}

describe('incomeReportMachine (reference server)', () => {
  it('loads the available years', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('loadingYears');
    const s = await settle(actor);
    expect(s.value).toBe('ready');
    expect(s.context.years).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(s.context.error).toBeNull();
    expect(lines()).toEqual(['GET /income-report/available-years']);
    expect(server.requests[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it('generates a 2025 report and polls it to completion, recording each status once', async () => {
    const { actor } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    expect(s.context.statusHistory).toEqual([
      { status: 1, at: 0 },
      { status: 2, at: 1000 },
      { status: 3, at: 3250 },
    ]);
    const report = s.context.report;
    expect(report).toMatchObject({ reference_year: 2025, status: 3, delivery_type: 'download' });
    expect(report?.download_url).toBe(`/income-report/${report?.id}/file`);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      reference_year: 2025,
      type: 'download',
    });
    expect(pollTimes()).toEqual([400, 1000, 1900, 3250]);
    expect(clock.pending).toBe(0);
  });

  it('ends in failed when the report does (2024 ends in status 4)', async () => {
    const { actor } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 2024, deliveryType: 'download' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('failed');
    expect(s.context.report?.status).toBe(4);
    expect(s.context.statusHistory.map((h) => h.status)).toEqual([1, 2, 4]);
    expect(s.context.failure).toBe('report');
    // The server's verdict is a typed error too (issue 20 item 6), so describeError has words for it.
    const error = s.context.error;
    expect(isPamError(error)).toBe(true);
    expect(error).toBeInstanceOf(ReportFailedError);
    expect(error).toMatchObject({
      code: 'report_failed',
      name: 'IncomeReportFailedError',
      reportId: s.context.report?.id,
      referenceYear: 2024,
      status: 4,
    });
    expect(describeError(error).title).toBe('The report could not be generated. Please try again later.');
    expect(describeError(error, { locale: 'pt-BR' }).title).toBe(
      'Não foi possível gerar o informe. Tente novamente mais tarde.',
    );
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: 'report_failed', status: 4 });
    // RETRY starts over without the old verdict.
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('completes an e-mail delivery with download_url null', async () => {
    const { actor } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 2023, deliveryType: 'email' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    expect(s.context.report).toMatchObject({ status: 3, delivery_type: 'email', download_url: null });
  });

  it('times out when no terminal status comes within maxPollMs of GENERATE', async () => {
    const { actor } = await readyActor({ maxPollMs: 1500 });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('timedOut');
    expect(clock.now()).toBe(1500);
    expect(pollTimes()).toEqual([400, 1000]); // the next would have been at 1900
    expect(s.context.report?.status).toBe(2);
    expect(clock.pending).toBe(0);
  });

  it('keeps polling through 503s, with the error kept meanwhile, then completes', async () => {
    const { actor } = await readyActor();
    server.faults.add({ method: 'GET', path: POLL_PATH, status: 503, times: 2 });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const failing = await runUntil(actor, (s) => s.context.error !== null);
    expect(failing.value).toEqual({ polling: 'waiting' });
    expect(failing.context.error).toBeInstanceOf(HttpError);
    expect((failing.context.error as HttpError).status).toBe(503);
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    expect(s.context.error).toBeNull();
    expect(pollTimes()).toEqual([400, 1000, 1900, 3250]);
    expect(s.context.statusHistory.map((h) => h.status)).toEqual([1, 2, 3]);
  });

  it("waits at least a 429's Retry-After before the next poll", async () => {
    const { actor } = await readyActor();
    server.faults.add({
      method: 'GET',
      path: POLL_PATH,
      status: 429,
      headers: { 'retry-after': '5' },
      times: 1,
    });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    expect(pollTimes()).toEqual([400, 5400]); // 600 by backoff, but the server asked for 5 s
  });

  it('fails on a 404 while polling and sends nothing more', async () => {
    const { actor } = await readyActor();
    server.faults.add({ method: 'GET', path: POLL_PATH, status: 404, body: { message: 'Gone' } });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('failed');
    expect(s.context.error).toBeInstanceOf(HttpError);
    expect((s.context.error as HttpError).status).toBe(404);
    expect(s.context.failure).toBe('report');
    expect(pollTimes()).toEqual([400]);
    expect(clock.pending).toBe(0);
  });

  it('fails at once on a payload the module rejects, sending nothing', async () => {
    const { actor } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 20.5, deliveryType: 'download' });
    const s = await settle(actor);
    expect(s.value).toBe('failed');
    expect(s.context.error).toBeInstanceOf(RequestValidationError);
    expect(lines()).toEqual(['GET /income-report/available-years']);
  });

  it('waits for SESSION_REFRESHED after a 401 while polling, then polls again at once', async () => {
    const { actor, renewToken } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await settle(actor);
    server.expireTokens();
    const waiting = await runUntil(actor, (s) => s.matches({ polling: 'waitingForSession' }));
    expect(waiting.context.error).toBeInstanceOf(UnauthorizedError);
    expect(pollTimes()).toEqual([400]);
    renewToken();
    actor.send({ type: 'SESSION_REFRESHED' });
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    expect(pollTimes().slice(0, 2)).toEqual([400, 400]); // the retry did not wait for the clock
  });

  it('CANCEL during a poll aborts it at once and sends nothing more', async () => {
    const { actor, polls } = await readyActor();
    // Held at the server (never answered), so CANCEL lands while the poll is there.
    server.faults.add({ method: 'GET', path: POLL_PATH, hang: true });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await settle(actor);
    clock.advanceToNext();
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    await until(() => pollTimes().length === 1, 'the poll at the server');
    expect(pollTimes()).toEqual([400]); // at the server, held there
    actor.send({ type: 'CANCEL' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context).toMatchObject({ report: null, statusHistory: [], error: null });
    expect(polls[0]?.signal?.aborted).toBe(true);
    expect(await polls[0]?.settled).toBeInstanceOf(AbortedError);
    expect(clock.pending).toBe(0);
    const seen = server.requests.length;
    await turns(20); // a request that would follow has reached the server
    expect(server.requests.length).toBe(seen);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('actor.stop() during a hung poll aborts it; no state change and no request afterwards', async () => {
    const { actor, polls } = await readyActor();
    server.faults.add({ method: 'GET', path: POLL_PATH, hang: true });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await settle(actor);
    clock.advanceToNext();
    await until(() => pollTimes().length === 1, 'the poll at the server');
    expect(pollTimes()).toEqual([400]); // hanging at the server
    const seen: unknown[] = [];
    actor.subscribe((s) => seen.push(s.value));
    actor.stop();
    expect(actor.getSnapshot()).toMatchObject({ status: 'stopped', value: { polling: 'fetching' } });
    expect(polls).toHaveLength(1);
    expect(polls[0]?.signal?.aborted).toBe(true);
    expect(await polls[0]?.settled).toBeInstanceOf(AbortedError);
    expect(clock.pending).toBe(0);
    clock.increment(120_000);
    await turns(20); // a request that would follow has reached the server
    expect(seen).toEqual([]);
    expect(polls).toHaveLength(1);
    expect(lines()).toEqual([
      'GET /income-report/available-years',
      'POST /income-report/generate',
      'GET /income-report/:id',
    ]);
  });

  it('RETRY after the years failed loads them again', async () => {
    server.faults.add({ path: '/income-report/available-years', status: 500, times: 1 });
    const { actor } = start();
    const failed = await settle(actor);
    expect(failed.value).toBe('failed');
    expect(failed.context).toMatchObject({ failure: 'years', years: null });
    expect((failed.context.error as HttpError).status).toBe(500);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('loadingYears');
    const s = await settle(actor);
    expect(s.value).toBe('ready');
    expect(s.context.years).toHaveLength(5);
    expect(s.context.error).toBeNull();
  });

  it('RETRY after the report failed generates the same report again', async () => {
    const { actor } = await readyActor();
    server.faults.add({ method: 'POST', path: '/income-report/generate', status: 502, times: 1 });
    actor.send({ type: 'GENERATE', referenceYear: 2022, deliveryType: 'email' });
    const failed = await settle(actor);
    expect(failed.value).toBe('failed');
    expect(failed.context.failure).toBe('report');
    actor.send({ type: 'RETRY' });
    const s = await runUntil(actor, isIdle);
    expect(s.value).toBe('completed');
    const posts = server.requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posts).toEqual([
      { reference_year: 2022, type: 'email' },
      { reference_year: 2022, type: 'email' },
    ]);
    expect(s.context.report).toMatchObject({ reference_year: 2022, delivery_type: 'email' });
  });

  it('RESET returns to ready with the report cleared and the years kept', async () => {
    const { actor } = await readyActor();
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await runUntil(actor, isIdle);
    actor.send({ type: 'RESET' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.context).toMatchObject({ report: null, statusHistory: [], error: null, failure: null });
    expect(s.context.years).toHaveLength(5);
  });
});
