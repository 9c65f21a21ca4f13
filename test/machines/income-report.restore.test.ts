// incomeReportMachine restored from a persisted snapshot with fresh input, and errors from another
// copy of pam-client (brand + code, never instanceof).
import { createOfetchAdapter, createUserModule, type PamError } from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { type IncomeReportInput, incomeReportMachine } from '../../machines/incomeReportMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { turns } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

type Snapshot = SnapshotFrom<typeof incomeReportMachine>;
type ReportActor = Actor<typeof incomeReportMachine>;

let clock = new SimulatedClock();
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ reportStepMs: 1000, now: () => clock.now() });
});
beforeEach(() => {
  clock = new SimulatedClock();
  server.reset();
});
afterAll(() => server.close());

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Every request of the test, so it can wait for them to settle (never on a timer). */
let tracked = trackedFetch();
beforeEach(() => {
  tracked = trackedFetch();
});

function input(): IncomeReportInput {
  const token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({
    baseURL: server.url,
    fetch: tracked.fetch,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
    retry: 0,
  });
  return {
    user: createUserModule(http),
    pollIntervalMs: 400,
    maxPollMs: 60_000,
    now: () => clock.now(),
    random: () => 0.5,
  };
}

const busy = (s: Snapshot) =>
  s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' });

/** Lets requests finish and moves the clock 500 ms at a time until `done` holds. */
async function runUntil(actor: ReportActor, done: (s: Snapshot) => boolean): Promise<Snapshot> {
  for (let i = 0; i < 60; i++) {
    const s = await waitFor(actor, (x) => !busy(x), { timeout: 10_000 });
    if (done(s)) return s;
    clock.increment(500);
  }
  throw new Error(`stuck in ${JSON.stringify(actor.getSnapshot().value)}`);
}

function functionsIn(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'function') out.push(path);
  if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) functionsIn(v, `${path}.${k}`, out);
  return out;
}

function foreignError(code: string, fields: Record<string, unknown>): PamError {
  class ForeignHttpError extends Error {
    get [Symbol.for('pam-client.error')]() {
      return true;
    }
    toJSON() {
      return { name: this.name, code };
    }
  }
  return Object.assign(new ForeignHttpError(`foreign ${code}`), {
    name: 'HttpError',
    code,
    ...fields,
  }) as never;
}

describe('incomeReportMachine restored from a persisted snapshot', () => {
  it('generates a report after a JSON round trip of a ready actor, with fresh input', async () => {
    const first = createActor(incomeReportMachine, { input: input(), clock }).start();
    await runUntil(first, (s) => s.matches('ready'));
    const persisted = json(persistedData(first));
    first.stop();

    const restored = restoreActor(incomeReportMachine, persisted, input(), { clock }).start();
    expect(restored.getSnapshot().value).toBe('ready');
    const year = restored.getSnapshot().context.years?.[0] as number;
    restored.send({ type: 'GENERATE', referenceYear: year, deliveryType: 'download' });
    const done = await runUntil(restored, (s) => s.matches('completed') || s.matches('failed'));
    expect(done.value).toBe('completed');
  });

  it('persists data only while polling, and a restored actor polls on to the end', async () => {
    const first = createActor(incomeReportMachine, { input: input(), clock }).start();
    await runUntil(first, (s) => s.matches('ready'));
    first.send({
      type: 'GENERATE',
      referenceYear: first.getSnapshot().context.years?.[0] as number,
      deliveryType: 'download',
    });
    await runUntil(first, (s) => s.matches({ polling: 'waiting' }));
    const persisted = persistedData(first) as unknown as { context: Record<string, unknown> };
    first.stop();
    expect(functionsIn(persisted)).toEqual([]);
    for (const key of ['user', 'now', 'random', 'environment'])
      expect(Object.keys(persisted.context)).not.toContain(key);

    const restored = restoreActor(incomeReportMachine, json(persisted), input(), { clock }).start();
    const done = await runUntil(restored, (s) => s.matches('completed') || s.matches('failed'));
    expect(done.value).toBe('completed');
  });

  it('does not send GENERATE again on its own after a restore; RETRY does', async () => {
    const first = createActor(incomeReportMachine, { input: input(), clock }).start();
    await runUntil(first, (s) => s.matches('ready'));
    const year = first.getSnapshot().context.years?.[0] as number;
    first.send({ type: 'GENERATE', referenceYear: year, deliveryType: 'download' });
    expect(first.getSnapshot().value).toBe('generating');
    const persisted = json(persistedData(first));
    first.stop();
    await tracked.idle(); // the aborted POST has settled, wherever it got
    const posts = () => server.requests.filter((r) => r.method === 'POST').length;
    const sent = posts();

    const restored = restoreActor(incomeReportMachine, persisted, input(), { clock }).start();
    const failed = await waitFor(restored, (s) => s.matches('failed'), { timeout: 10_000 });
    expect(failed.context.error?.code).toBe('aborted');
    expect(posts()).toBe(sent);
    restored.send({ type: 'RETRY' });
    const done = await runUntil(restored, (s) => s.matches('completed') || s.matches('failed'));
    expect(done.value).toBe('completed');
    expect(posts()).toBe(sent + 1);
  });
});

describe('incomeReportMachine: errors from another copy of pam-client', () => {
  it('keeps polling through a foreign 429 and honours its Retry-After', async () => {
    const calls: number[] = [];
    const user: IncomeReportInput['user'] = {
      getAvailableYears: async () => ({ years: [2025] }),
      generateIncomeReport: async () => ({ id: 7, status: 1 }) as never,
      getIncomeReportStatus: async () => {
        calls.push(clock.now());
        throw foreignError('http', { status: 429, retryAfter: 30 });
      },
    };
    const actor = createActor(incomeReportMachine, {
      input: { user, pollIntervalMs: 400, now: () => clock.now(), random: () => 0.5 },
      clock,
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await waitFor(actor, (s) => s.matches({ polling: 'waiting' }));
    clock.increment(400);
    const after = await waitFor(actor, (s) => s.matches({ polling: 'waiting' }) && calls.length === 1);
    expect(after.context.error?.code).toBe('http');
    expect(after.context.minDelayMs).toBe(30_000);
    clock.increment(29_000);
    await turns(10); // a poll that would start has started
    expect(calls).toHaveLength(1);
  });
});
