// Review 131: the income-report machine over a real socket (node:http on 127.0.0.1:0), time on a
// SimulatedClock that knows its due timers, page signals a test flips (FakePage).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { type IncomeReportInput, incomeReportMachine } from '../../machines/incomeReportMachine';
import { FakePage } from '../support/fake-page';

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
  at: number;
}
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Route = (method: string, url: string) => Reply;

export async function realServer(route: Route, now: () => number) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      seen.push({ method, url, at: now() });
      const r = route(method, url);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
      res.end(r.body === undefined ? '' : JSON.stringify(r.body));
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

/** Years, a generate answering report 7 pending, polls answered by `poll(n)`. */
export const routeWith =
  (poll: (n: number) => Reply): Route =>
  (method, url) => {
    if (url.endsWith('/income-report/available-years')) return { body: { years: [2024, 2025] } };
    if (method === 'POST' && url.endsWith('/income-report/generate')) return { body: report(1) };
    if (/\/income-report\/7$/.test(url)) return poll(n++);
    return { status: 404, body: { message: 'no route' } };
  };
let n = 0;
export const resetPolls = () => {
  n = 0;
};

export const pollsOf = (seen: Seen[]) => seen.filter((r) => /\/income-report\/7$/.test(r.url));
export type ReportSnapshot = SnapshotFrom<typeof incomeReportMachine>;

export async function reportRig(route: Route, input: Partial<IncomeReportInput> = {}) {
  resetPolls();
  const clock = new TestClock();
  clock.set(1_000_000);
  const server = await realServer(route, () => clock.now());
  const page = new FakePage();
  const http = createOfetchAdapter({ baseURL: `${server.url}/v1`, getAccessToken: () => 'tok', retry: 0 });
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user: createUserModule(http),
      pollIntervalMs: 1000,
      maxPollMs: 600_000,
      now: () => clock.now(),
      random: () => 0.5,
      environment: page.signals(),
      ...input,
    },
  });
  return { actor, clock, server, page, seen: server.seen };
}

const busy = (s: ReportSnapshot) =>
  s.status === 'active' &&
  (s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' }));

/** Waits (event loop) until the actor holds no request in flight. */
export const idle = (actor: ReturnType<typeof createActor<typeof incomeReportMachine>>) =>
  waitFor(actor, (x) => !busy(x), { timeout: 5000 });

export async function runUntil(
  rig: Awaited<ReturnType<typeof reportRig>>,
  done: (s: ReportSnapshot) => boolean,
  steps = 400,
) {
  for (let i = 0; i < steps; i++) {
    const s = await idle(rig.actor);
    if (s.status !== 'active' || done(s)) return s;
    if (!rig.clock.advanceToNext()) return s;
  }
  return rig.actor.getSnapshot();
}

export const gapsOf = (at: number[]) => at.slice(1).map((x, i) => x - at[i]!);
