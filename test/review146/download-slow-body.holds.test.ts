// Review 146 (holds): the adapter's timeout covers a download's whole body, not just its head: a
// body that drips one byte per (simulated) second, each gap far under any idle timeout, ends
// `timeout` once the request's 15 s are spent; a body that stalls after its head too. The
// connection is let go (the server sees the hang-up); nothing is retried past `retry: 0`.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { turns, until } from '../support/event-loop';
import { completedReport, type Hostile, hostile, outcome, TOKEN } from './hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());
afterEach(() => {
  vi.useRealTimers();
});

async function dripping(stepMs: number, bytesPerStep: number) {
  let res: ServerResponse | undefined;
  srv.on((_q, r) => {
    r.writeHead(200, { 'content-type': 'application/pdf' });
    r.write('%PDF-1.4\n');
    res = r;
  });
  const before = srv.seen.length;
  const hungBefore = srv.hungUp();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const http = createOfetchAdapter({
    baseURL: srv.url,
    getAccessToken: () => TOKEN,
    retry: 0,
    timeout: 15_000,
  });
  let settled: string | undefined;
  void outcome(createUserModule(http).downloadIncomeReport(completedReport() as never)).then((o) => {
    settled = o;
  });
  await until(() => res !== undefined, 'the head sent');
  let elapsed = 0;
  for (; settled === undefined && elapsed < 120_000; elapsed += stepMs) {
    if (bytesPerStep && !res!.destroyed) res!.write('x'.repeat(bytesPerStep));
    await turns(3);
    vi.advanceTimersByTime(stepMs);
    await turns(3);
  }
  await until(() => settled !== undefined, 'the download settled');
  await until(() => srv.hungUp() > hungBefore, 'the connection let go');
  return { settled, elapsed, sent: srv.seen.length - before };
}

describe('review 146 (holds): a slow download body', () => {
  it('one byte a second: timeout at the request timeout, sent once', async () => {
    const { settled, elapsed, sent } = await dripping(1_000, 1);
    expect(settled).toBe('timeout');
    expect(elapsed).toBeLessThanOrEqual(16_000);
    expect(sent).toBe(1);
  });

  it('a body that stalls after its head: timeout, sent once', async () => {
    const { settled, sent } = await dripping(5_000, 0);
    expect(settled).toBe('timeout');
    expect(sent).toBe(1);
  });
});
