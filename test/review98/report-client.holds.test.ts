// Review 98, holds: the income-report flow as an app runs it through `createPamClient` (one tab,
// no channel; the machine as docs/bindings.md runs it), against the reference server over real
// sockets, time simulated. 401 mid-poll, a session that expires, a logout and another player's
// login in the same tab, client.stop() mid-poll, downloads while the session refreshes, hostile
// poll answers.
import type { PamError } from 'pam-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import type { incomeReportMachine } from '../../machines/incomeReportMachine';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { reportMachineOf } from '../support/report-tabs';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();
const POLL = /^\/income-report\/\d+$/;

type ReportActor = Actor<typeof incomeReportMachine>;
const state = (actor: ReportActor) => {
  const s = actor.getSnapshot();
  return { status: s.status, value: s.value, code: s.context.error?.code ?? null };
};
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: PamError) => `rejected ${e.code}`,
  );

let rejections: unknown[] = [];
const onRejection = (e: unknown) => rejections.push(e);
beforeEach(() => {
  rejections = [];
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

async function oneTab(): Promise<Tab> {
  const a = world.open({ tabId: 'tab-a', channel: false });
  await logIn(world, a);
  await world.advance(S, 100);
  return a;
}
const machine = (a: Tab, pollIntervalMs = 2 * S, maxPollMs = 60 * S) =>
  reportMachineOf(world, a, { pollIntervalMs, maxPollMs }).start();

async function generating(a: Tab, pollIntervalMs = 2 * S) {
  const actor = machine(a, pollIntervalMs);
  await world.advance(S, 100);
  expect(actor.getSnapshot().value).toBe('ready');
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  return actor;
}

describe('401 mid-poll', () => {
  it('one 401: the adapter refreshes once, the poll goes again, the report completes, still signed in', async () => {
    const a = await oneTab();
    const actor = await generating(a);
    world.server.faults.add({
      method: 'GET',
      path: POLL,
      status: 401,
      body: { message: 'expired' },
      times: 1,
    });
    await world.advance(20 * S, 250);
    expect(state(actor)).toEqual({ status: 'active', value: 'completed', code: null });
    expect(a.client.view.status).toBe('signedIn');
    expect(world.count('POST', '/users/refresh-token')).toBe(1);
    expect(a.events).toEqual(['signedIn', 'tokenRefreshed']);
    actor.stop();
  });

  it('the session expires mid-poll: the machine waits sending nothing, the same player back completes it', async () => {
    const a = await oneTab();
    const actor = await generating(a);
    await world.advance(200, 50);
    world.server.expireTokens();
    await world.advance(5 * S, 250);
    expect(state(actor)).toEqual({
      status: 'active',
      value: { polling: 'waitingForSession' },
      code: 'unauthorized',
    });
    expect(a.client.view.status).toBe('signedOut');
    const polls = world.count('GET', POLL);
    await world.advance(10 * S, 250);
    expect(world.count('GET', POLL)).toBe(polls);
    await logIn(world, a);
    await world.advance(20 * S, 250);
    expect(state(actor)).toEqual({ status: 'active', value: 'completed', code: null });
    actor.stop();
  });
});

describe('another player in the same tab', () => {
  it("A's report polling, A logs out, B logs in here: failed (aborted), nothing of it sent with B's token, never completed", async () => {
    const a = await oneTab();
    const tokenA = await a.token();
    const actor = await generating(a, 10 * S);
    await world.advance(300, 50);
    const id = actor.getSnapshot().context.report!.id;
    a.client.logout();
    await world.advance(300, 50);
    await logIn(world, a, 'pendingLimit');
    await world.advance(40 * S, 250);
    expect(state(actor)).toEqual({ status: 'active', value: 'failed', code: 'aborted' });
    const foreign = world.server.requests.filter(
      (r) => r.path.startsWith(`/income-report/${id}`) && r.headers.authorization !== `Bearer ${tokenA}`,
    );
    expect(foreign).toEqual([]);
    expect(actor.getSnapshot().context.report?.status).not.toBe(3);
    expect(actor.getSnapshot().context.report?.download_url ?? null).toBeNull();
    actor.stop();
  });

  it("A's completed report under B: download and status refused (aborted), nothing sent", async () => {
    const a = await oneTab();
    const actor = await generating(a);
    await world.advance(10 * S, 250);
    const report = actor.getSnapshot().context.report!;
    expect(state(actor).value).toBe('completed');
    a.client.logout();
    await world.advance(300, 50);
    await logIn(world, a, 'pendingLimit');
    const sent = world.server.requests.length;
    expect(await outcome(a.client.user.downloadIncomeReport(report))).toBe('rejected aborted');
    expect(await outcome(a.client.user.downloadIncomeReport({ ...report }))).toBe('rejected aborted');
    expect(await outcome(a.client.user.getIncomeReportStatus(report.id))).toBe('rejected aborted');
    expect(world.server.requests.slice(sent)).toEqual([]);
    actor.stop();
  });
});

describe('client.stop() mid-poll', () => {
  it('a poll in flight: the machine ends failed (aborted), no timer left, no unhandled rejection', async () => {
    const a = await oneTab();
    const actor = await generating(a);
    world.delayAnswers({ method: 'GET', path: POLL, ms: 3 * S, times: 1 });
    await world.advance(2 * S + 100, 100);
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    a.client.stop();
    await world.advance(5 * S, 100);
    expect(state(actor)).toEqual({ status: 'active', value: 'failed', code: 'aborted' });
    expect(world.timers).toBe(0);
    actor.stop();
    await world.advance(90 * S, 1000);
    expect(world.timers).toBe(0);
    expect(rejections).toEqual([]);
  });

  it('waiting for the session: the next poll is refused (aborted), no timer left, no unhandled rejection', async () => {
    const a = await oneTab();
    const actor = await generating(a);
    await world.advance(200, 50);
    a.client.logout();
    await world.advance(3 * S, 100);
    expect(actor.getSnapshot().value).toEqual({ polling: 'waitingForSession' });
    a.client.stop();
    await world.advance(10 * S, 100);
    expect(state(actor)).toEqual({ status: 'active', value: 'failed', code: 'aborted' });
    expect(world.timers).toBe(0);
    expect(rejections).toEqual([]);
    actor.stop();
  });
});

describe('downloads while the session refreshes', () => {
  async function completed() {
    const a = await oneTab();
    const r = await world.during(
      a.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }),
    );
    await world.advance(2 * S, 100);
    return { a, done: await world.during(a.client.user.getIncomeReportStatus(r.id)) };
  }
  const file = (p: Promise<{ fileName: string }>) =>
    p.then(
      (f) => `ok ${f.fileName}`,
      (e: PamError) => `rejected ${e.code}`,
    );

  it('a download started during a refresh gets the file; the session stays signed in', async () => {
    const { a, done } = await completed();
    const before = await a.token();
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 2 * S, times: 1 });
    a.client.state.send({ type: 'REFRESH' });
    await world.advance(100, 50);
    const got = file(a.client.user.downloadIncomeReport(done));
    await world.advance(4 * S, 100);
    expect(await got).toBe('ok income-report-2025.pdf');
    expect(await a.token()).not.toBe(before);
    expect(a.client.view.status).toBe('signedIn');
  });

  it('a download answered 401 once refreshes once and gets the file', async () => {
    const { a, done } = await completed();
    world.server.faults.add({
      method: 'GET',
      path: /\/file$/,
      status: 401,
      body: { message: 'x' },
      times: 1,
    });
    const got = file(a.client.user.downloadIncomeReport(done));
    await world.advance(4 * S, 100);
    expect(await got).toBe('ok income-report-2025.pdf');
    expect(world.count('POST', '/users/refresh-token')).toBe(1);
  });

  it('a download whose refresh fails: unauthorized, signed out', async () => {
    const { a, done } = await completed();
    world.server.expireTokens();
    const got = file(a.client.user.downloadIncomeReport(done));
    await world.advance(4 * S, 100);
    expect(await got).toBe('rejected unauthorized');
    expect(a.client.view.status).toBe('signedOut');
  });
});

describe('hostile poll answers through client.user fail closed', () => {
  const body = (extra: Record<string, unknown>) => ({
    id: 1,
    reference_year: 2025,
    status: 3,
    delivery_type: 'download',
    requested_at: '2030-01-01 00:00:00',
    generated_at: '2030-01-01 00:00:01',
    path: null,
    download_url: '/income-report/1/file',
    ...extra,
  });
  for (const [what, extra] of [
    ['another id', { id: 2 }],
    ['another year', { reference_year: 2024 }],
    ['another delivery', { delivery_type: 'email' }],
    ['javascript: URL', { download_url: 'javascript:alert(1)' }],
    ['protocol-relative URL', { download_url: '//evil.test/f.pdf' }],
    ['credentials in the URL', { download_url: 'https://u:p@evil.test/f.pdf' }],
    ['a backslash', { download_url: '/\\evil.test/f.pdf' }],
    ['completed without URL', { download_url: null }],
  ] as const) {
    it(what, async () => {
      const a = await oneTab();
      const actor = await generating(a);
      world.server.faults.add({ method: 'GET', path: POLL, status: 200, body: body(extra) });
      await world.advance(10 * S, 250);
      expect(state(actor)).toEqual({ status: 'active', value: 'failed', code: 'invalid_response' });
      expect(String(actor.getSnapshot().context.report?.download_url ?? '')).not.toMatch(/evil|javascript/);
      actor.stop();
    });
  }
});
