// Shared helpers of review 91: a scripted fetch under a real ofetch adapter, and a clock.
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { type Actor, createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { type IncomeReportInput, incomeReportMachine } from '../../machines/incomeReportMachine';

export class TestClock extends SimulatedClock {
  readonly due = new Map<number, number>();
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
  advanceToNext(): boolean {
    if (this.due.size === 0) return false;
    this.set(Math.max(this.now(), Math.min(...this.due.values())));
    return true;
  }
}

export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export type Reply = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: BodyInit | null;
};

/** A fetch that answers by `route(method, url)`, recording every request. */
export function scriptedFetch(
  route: (method: string, url: string, seen: Seen[]) => Reply | Error,
  now: () => number,
) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers as HeadersInit).forEach((v, k) => {
      headers[k] = v;
    });
    seen.push({
      method,
      url,
      headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      at: now(),
    });
    const r = route(method, url, seen);
    if (r instanceof Error) throw r;
    const body = r.raw !== undefined ? r.raw : r.body === undefined ? null : JSON.stringify(r.body);
    return new Response(body, {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

export type ReportActor = Actor<typeof incomeReportMachine>;
export type ReportSnapshot = SnapshotFrom<typeof incomeReportMachine>;

export function reportActor(
  route: (method: string, url: string, seen: Seen[]) => Reply | Error,
  input: Partial<IncomeReportInput> = {},
) {
  const clock = new TestClock();
  const { fetch, seen } = scriptedFetch(route, () => clock.now());
  const http = createOfetchAdapter({
    baseURL: 'https://api.example.test/v1',
    fetch,
    getAccessToken: () => 'tok-abcdefgh-123',
    retry: 0,
  });
  const user = createUserModule(http);
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user,
      pollIntervalMs: 1000,
      maxPollMs: 120_000,
      now: () => clock.now(),
      random: () => 0.5,
      ...input,
    },
  }).start();
  return { actor, clock, seen };
}

const busy = (s: ReportSnapshot) =>
  s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' });

export async function runUntil(
  actor: ReportActor,
  clock: TestClock,
  done: (s: ReportSnapshot) => boolean,
  steps = 200,
) {
  for (let i = 0; i < steps; i++) {
    const s = await waitFor(actor, (x) => !busy(x), { timeout: 5000 });
    if (done(s)) return s;
    if (!clock.advanceToNext()) return s;
  }
  return actor.getSnapshot();
}

export const finished = (s: ReportSnapshot) =>
  (['completed', 'failed', 'timedOut'] as const).some((v) => s.matches(v));
