// review141: a tiny node:http server on 127.0.0.1 that answers what each test scripts, and the
// income-report machine on a real ofetch adapter over it, on a SimulatedClock.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { type Actor, createActor, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { type IncomeReportInput, incomeReportMachine } from '../../machines/incomeReportMachine';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}
export type Handler = (req: Seen, res: ServerResponse) => void;

export async function hostile(now: () => number = () => 0) {
  const seen: Seen[] = [];
  let handle: Handler = (_q, res) => res.writeHead(500).end();
  const server = createServer((req, res) => {
    const s = { method: req.method!, path: req.url!, headers: req.headers, at: now() };
    seen.push(s);
    req.resume();
    req.on('end', () => handle(s, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    on: (h: Handler) => {
      handle = h;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

export const report = (o: Record<string, unknown> = {}) => ({
  id: 7,
  reference_year: 2025,
  status: 1,
  delivery_type: 'download',
  requested_at: '2026-01-01T00:00:00Z',
  generated_at: null,
  path: null,
  download_url: null,
  ...o,
});

/** A SimulatedClock that can jump to its next pending timer. */
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

export const TOKEN = 'tok-review141-abcdefghijklmnop';

export function userOn(url: string) {
  const http = createOfetchAdapter({ baseURL: url, getAccessToken: () => TOKEN, timeout: 5_000, retry: 0 });
  return createUserModule(http);
}

type Snap = SnapshotFrom<typeof incomeReportMachine>;
const inFlight = (s: Snap) =>
  s.matches('loadingYears') || s.matches('generating') || s.matches({ polling: 'fetching' });

export function reportActor(url: string, clock: TestClock, input: Partial<IncomeReportInput> = {}) {
  const actor = createActor(incomeReportMachine, {
    clock,
    input: {
      user: userOn(url),
      pollIntervalMs: 1_000,
      maxPollMs: 600_000,
      now: () => clock.now(),
      random: () => 0.5,
      ...input,
    },
  }).start();
  return actor;
}

export const settle = (a: Actor<typeof incomeReportMachine>) =>
  waitFor(a, (s) => !inFlight(s), { timeout: 10_000 });

export async function runUntil(
  a: Actor<typeof incomeReportMachine>,
  clock: TestClock,
  done: (s: Snap) => boolean,
) {
  for (let i = 0; i < 200; i++) {
    const s = await settle(a);
    if (done(s)) return s;
    if (!clock.advanceToNext()) return s;
  }
  throw new Error('did not finish in 200 steps');
}

export const idle = (s: Snap) =>
  ['ready', 'completed', 'failed', 'timedOut'].some((v) => s.matches(v as 'ready'));

/** Standard routes: years [2024, 2025], generate → report 7 status 1, polls → `poll(n)`. */
export function routes(poll: (n: number, q: Seen, res: ServerResponse) => void): Handler {
  let n = 0;
  return (q, res) => {
    if (q.path === '/income-report/available-years') return json(res, 200, { years: [2024, 2025] });
    if (q.path === '/income-report/generate') return json(res, 200, report());
    if (/^\/income-report\/\d+$/.test(q.path)) return poll(n++, q, res);
    res.writeHead(404).end();
  };
}
