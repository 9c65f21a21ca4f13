// Review 96: the income-report machine over a real socket (node:http on 127.0.0.1:0), time on a
// SimulatedClock that knows its due timers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; raw?: string };

export interface RealServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/** A real HTTP server answering by `route`, recording every request at `now()`. */
export async function realServer(
  route: (method: string, url: string, seen: Seen[]) => Reply | Promise<Reply>,
  now: () => number,
): Promise<RealServer> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      seen.push({ method, url, headers: req.headers, at: now() });
      void Promise.resolve(route(method, url, seen)).then((r) => {
        const body = r.raw !== undefined ? r.raw : r.body === undefined ? '' : JSON.stringify(r.body);
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ReportActor = Actor<typeof incomeReportMachine>;
export type ReportSnapshot = SnapshotFrom<typeof incomeReportMachine>;

export const YEARS: Reply = { body: { years: [2024, 2025] } };
export const report = (status: unknown, extra: Record<string, unknown> = {}) => ({
  id: 7,
  reference_year: 2025,
  status,
  delivery_type: 'download',
  requested_at: '2026-01-01 10:00:00',
  generated_at: null,
  path: null,
  download_url: null,
  ...extra,
});

/** The usual route: years, a generate answering report 7 pending, polls answered by `poll`. */
export function routeWith(poll: (n: number) => Reply) {
  let n = 0;
  return (method: string, url: string): Reply => {
    if (url.endsWith('/income-report/available-years')) return YEARS;
    if (method === 'POST' && url.endsWith('/income-report/generate')) return { body: report(1) };
    if (/\/income-report\/7$/.test(url)) return poll(n++);
    return { status: 404, body: { message: 'no route' } };
  };
}

export const pollsOf = (seen: Seen[]) => seen.filter((r) => /\/income-report\/7$/.test(r.url));

export async function reportActor(
  route: (method: string, url: string, seen: Seen[]) => Reply | Promise<Reply>,
  input: Partial<IncomeReportInput> = {},
  token = 'tok-abcdefgh-123456789',
) {
  const clock = new TestClock();
  const server = await realServer(route, () => clock.now());
  const http = createOfetchAdapter({
    baseURL: `${server.url}/v1`,
    getAccessToken: () => token,
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
  });
  return { actor, clock, server, user, seen: server.seen };
}

const busy = (s: ReportSnapshot) =>
  s.status === 'active' &&
  (s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' }));

/** Runs the actor (real I/O awaited, simulated timers advanced) until `done` or `steps` run out. */
export async function runUntil(
  actor: ReportActor,
  clock: TestClock,
  done: (s: ReportSnapshot) => boolean,
  steps = 200,
) {
  for (let i = 0; i < steps; i++) {
    const s = await waitFor(actor, (x) => !busy(x), { timeout: 5000 });
    if (s.status !== 'active' || done(s)) return s;
    if (!clock.advanceToNext()) return s;
  }
  return actor.getSnapshot();
}

export const finished = (s: ReportSnapshot) =>
  s.matches('completed') || s.matches('failed') || s.matches('timedOut');
