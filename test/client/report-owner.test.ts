import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortedError, type IncomeReportData, type PamError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import type { incomeReportMachine } from '../../machines/incomeReportMachine';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { playerOneAtA, reportMachineOf } from '../support/report-tabs';
import { logIn, S, type Tab, type TabOptions, useWorld } from '../support/world';

// REVIEW-AN AN-1: a report belongs to the login that asked for it. Two tabs share a store and a
// channel; player 1 asks for a report in tab A, tab B signs out and signs player 2 in, A follows.
// Player 1's report (a poll's answer on its way at the switch, a finished one, its id polled on,
// its file, even from a signed link on another origin fetched without the token) never reaches
// player 2's tab, and nothing of it is sent with player 2's token. Real sockets, simulated time.

const STEP = 500; // the server completes a report 1 s after it was asked for
const world = useWorld({ reportStepMs: STEP });
useMemoryLocalStorage();

// A storage bucket: the API answers a signed link there (fetched without Authorization).
let bucket: Server;
let bucketURL = '';
const bucketHits: string[] = [];
beforeAll(async () => {
  bucket = createServer((req, res) => {
    bucketHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(`%PDF-1.4 ${req.url}`);
  });
  await new Promise<void>((r) => bucket.listen(0, '127.0.0.1', r));
  bucketURL = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => bucket.close(r)));

/** The world's fetch, each report's `download_url` turned into a signed link on the bucket. */
const crossOrigin: typeof fetch = async (input, init) => {
  const res = await world.fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!/\/income-report\/\d+$/.test(new URL(url).pathname) || !res.ok) return res;
  const body = (await res.json()) as IncomeReportData;
  if (body.download_url) body.download_url = `${bucketURL}/signed/user-${body.id}.pdf?sig=abc`;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
};

const P1 = () => world.server.seed.plain;
const P2 = () => world.server.seed.pendingLimit;

/** Tab A signed in as player 1, tab B following; the report machine of A as docs/bindings.md runs it. */
async function twoTabs(o: TabOptions = {}, pollIntervalMs = 2 * S) {
  bucketHits.length = 0;
  const { a, b } = await playerOneAtA(world, o);
  expect(b.client.view.user?.id).toBe(P1().id);
  const actor = reportMachineOf(world, a, { pollIntervalMs });
  const seen: string[] = [];
  actor.subscribe({
    next: (s) =>
      seen.push(`${JSON.stringify(s.value)}${s.context.report ? `#${s.context.report.status}` : ''}`),
    error: (e) => seen.push(`crashed ${String(e)}`),
  });
  actor.start();
  await world.advance(S, 100);
  expect(actor.getSnapshot().value).toBe('ready');
  const tokenP1 = await a.token();
  return { a, b, actor, seen, tokenP1 };
}

/** Tab B signs out and signs player 2 in; A follows (its view shows player 2). */
async function switchToP2(a: Tab, b: Tab) {
  b.client.logout();
  await world.advance(100, 50);
  await logIn(world, b, 'pendingLimit');
  for (let i = 0; i < 40 && a.client.view.user?.id !== P2().id; i++) await world.advance(50, 50);
  expect(a.client.view.user?.id).toBe(P2().id);
}

/** The requests about report `id` sent with a token other than player 1's. */
const sentForReportBy = (id: number, tokenP1: string | null) =>
  world.server.requests.filter(
    (r) => r.path.startsWith(`/income-report/${id}`) && r.headers.authorization !== `Bearer ${tokenP1}`,
  );

const outcome = (p: Promise<unknown>) =>
  p.then(
    (x) => ({ ok: x }),
    (e: PamError) => ({ error: e }),
  );

function statusOf(actor: Actor<typeof incomeReportMachine>) {
  const s = actor.getSnapshot();
  return { status: s.status, value: s.value, code: s.context.error?.code ?? null };
}

describe('a report belongs to the login that asked for it (REVIEW-AN AN-1)', () => {
  it("done: a finished report of player 1 is never downloaded in player 2's tab (signed link on another origin): aborted, nothing sent", async () => {
    const { a, b, actor, tokenP1 } = await twoTabs({ fetch: crossOrigin });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await world.advance(6 * S, 100);
    const report = actor.getSnapshot().context.report!;
    expect(actor.getSnapshot().value).toBe('completed');
    expect(report.download_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/signed\//);
    await switchToP2(a, b);
    const sent = world.server.requests.length;
    // The object the machine holds, a copy of it (its id), and the report's id polled on.
    for (const r of [report, { ...report }]) {
      const got = await outcome(a.client.user.downloadIncomeReport(r));
      expect(got).toEqual({ error: expect.any(AbortedError) });
    }
    expect(await outcome(a.client.user.getIncomeReportStatus(report.id))).toEqual({
      error: expect.any(AbortedError),
    });
    expect(bucketHits).toEqual([]);
    expect(world.server.requests.slice(sent)).toEqual([]);
    expect(sentForReportBy(report.id, tokenP1)).toEqual([]);
  });

  it("flight: a poll answered after the switch is dropped (unauthorized: the machine waits for the session; its next poll, player 1's report under player 2, refused): the machine ends failed (aborted), never completed with player 1's report", async () => {
    const { a, b, actor, seen, tokenP1 } = await twoTabs();
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    // The first poll (at +2 s) finds the report completed; its answer takes 5 s to come back.
    world.delayAnswers({ method: 'GET', path: /^\/income-report\/\d+$/, ms: 5 * S, times: 1 });
    await world.advance(2 * S + 100, 100);
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    await switchToP2(a, b);
    await world.advance(10 * S, 100);
    expect(statusOf(actor)).toEqual({ status: 'active', value: 'failed', code: 'aborted' });
    expect(actor.getSnapshot().context.report?.status).not.toBe(3);
    expect(seen.filter((s) => s.startsWith('"completed"') || s.startsWith('crashed'))).toEqual([]);
    expect(sentForReportBy(1, tokenP1)).toEqual([]);
  });

  it("polling: player 1's report is never polled with player 2's token: the machine ends failed (aborted)", async () => {
    // The first poll is due 10 s after the request: the switch comes before it.
    const { a, b, actor, tokenP1 } = await twoTabs({}, 10 * S);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await world.advance(200, 100);
    expect(actor.getSnapshot().value).toEqual({ polling: 'waiting' });
    const id = actor.getSnapshot().context.report!.id;
    await switchToP2(a, b);
    await world.advance(20 * S, 250);
    expect(statusOf(actor)).toEqual({ status: 'active', value: 'failed', code: 'aborted' });
    expect(sentForReportBy(id, tokenP1)).toEqual([]);
  });

  it("download in flight at the switch (signed link on another origin): unauthorized (its login ended), player 1's file never handed to player 2's tab", async () => {
    const { a, b, actor } = await twoTabs({ fetch: crossOrigin });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await world.advance(6 * S, 100);
    const report = actor.getSnapshot().context.report!;
    world.delayAnswers({ path: /^\/signed\//, ms: 5 * S, times: 1 });
    const download = outcome(a.client.user.downloadIncomeReport(report));
    await world.advance(100, 50);
    expect(bucketHits).toHaveLength(1);
    await switchToP2(a, b);
    await world.advance(6 * S, 100);
    expect(await download).toEqual({ error: expect.objectContaining({ code: 'unauthorized' }) });
  });

  it("the same login keeps its report; another player's own report and a report the app made itself pass as before", async () => {
    const { a, b, actor } = await twoTabs({ fetch: crossOrigin });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await world.advance(6 * S, 100);
    const report = actor.getSnapshot().context.report!;
    const file = await world.during(a.client.user.downloadIncomeReport(report));
    expect(await file.blob.text()).toContain(`/signed/user-${report.id}.pdf`);
    await switchToP2(a, b);
    // Player 2's own report, in the same tab, after the switch.
    const own = await world.during(
      a.client.user.generateIncomeReport({ reference_year: 2024, type: 'download' }),
    );
    await world.advance(2 * S, 100);
    const polled = await world.during(a.client.user.getIncomeReportStatus(own.id));
    expect(polled.id).toBe(own.id);
    // A report the client never handed out (an app's own record): sent as today.
    const made = await world.during(
      a.client.user.downloadIncomeReport({
        download_url: `${bucketURL}/signed/made.pdf`,
        reference_year: 2025,
      }),
    );
    expect(await made.blob.text()).toContain('/signed/made.pdf');
  });
});
