import { createMemoryTokenStore, type PamError } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import type { incomeReportMachine } from '../../machines/incomeReportMachine';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { playerOneAtA, reportMachineOf } from '../support/report-tabs';
import { logIn, S, type Tab, useWorld } from '../support/world';

// FIXREPORT28. (1) `generateIncomeReport` is a change: a POST that left before its login ended
// settles by the server's answer while its player holds the tab (never `aborted`: with `type:
// 'email'` the mail goes); answered under another player or none, it is `aborted`, its answer
// withheld (review 153: the report, its link, are the asking player's); one that had not left is
// `aborted`, nothing sent. (2) One rule in a tab that lost its login: a
// read whose login ended is `unauthorized` (answered after the end, or made after it), so the
// report machine waits for the session in both cases, and the same player signed in again reads
// his report (R27C-2). Two tabs share a store and a channel. Real sockets, simulated time.

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();

const P1 = () => world.server.seed.plain;
const P2 = () => world.server.seed.pendingLimit;

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: PamError) => `rejected ${e.code}`,
  );

async function twoTabs() {
  const { a, b } = await playerOneAtA(world);
  expect(b.client.view.user?.id).toBe(P1().id);
  return { a, b, tokenP1: await a.token() };
}

/** Tab B signs out (A follows), then signs `next` in (none: stays signed out); A follows. */
async function endLogin(a: Tab, b: Tab, next?: 'plain' | 'pendingLimit') {
  b.client.logout();
  await world.advance(300, 50);
  expect(a.client.view.status).toBe('signedOut');
  if (!next) return;
  await logIn(world, b, next);
  for (let i = 0; i < 40 && a.client.view.user?.id !== world.server.seed[next].id; i++)
    await world.advance(50, 50);
  expect(a.client.view.user?.id).toBe(world.server.seed[next].id);
}

const generated = () => world.count('POST', '/income-report/generate');

const reportMachine = (a: Tab, maxPollMs = 60 * S) =>
  reportMachineOf(world, a, { pollIntervalMs: 2 * S, maxPollMs }).start();

const state = (actor: Actor<typeof incomeReportMachine>) => {
  const s = actor.getSnapshot();
  return { value: s.value, code: s.context.error?.code ?? null };
};

describe('a POST that left settles by its answer (FIXREPORT28 1)', () => {
  it.each([
    ['email', 'pendingLimit'],
    ['download', 'pendingLimit'],
    ['email', undefined],
  ] as const)(
    "%s, the login ended while it was on its way (then %s): made, its answer withheld (aborted, review 153); the report stays its player's",
    async (type, next) => {
      const { a, b, tokenP1 } = await twoTabs();
      world.delayAnswers({ method: 'POST', path: '/income-report/generate', ms: 2 * S, times: 1 });
      const call = a.client.user.generateIncomeReport({ reference_year: 2025, type });
      const got = outcome(call);
      await world.advance(200, 50);
      expect(generated()).toBe(1);
      await endLogin(a, b, next);
      await world.advance(3 * S, 100);
      // (Made at the server: one generated; what it answered is the asking player's, never handed
      // to the player now signed in, nor to a tab with none.)
      expect(await got).toBe('rejected aborted');
      expect(await call.catch((e: Error) => e.message)).toMatch(/answer withheld/);
      expect(generated()).toBe(1);
      const foreign = world.server.requests.filter(
        (r) => r.path.startsWith('/income-report/') && r.headers.authorization !== `Bearer ${tokenP1}`,
      );
      expect(foreign).toEqual([]);
    },
  );

  it('the login ended before the POST left (its token still being read): aborted, nothing sent', async () => {
    // One store for the tab, its next read slow once `slow` (the token read late: nothing has left).
    const store = createMemoryTokenStore();
    let slow = false;
    const storage = {
      ...store,
      get: () => {
        if (!slow) return store.get();
        slow = false;
        return world.later(3 * S, () => store.get());
      },
    };
    const a = world.open({ tabId: 'tab-a', storage, channel: false });
    await logIn(world, a);
    await world.advance(S, 100);
    slow = true;
    const got = outcome(a.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }));
    await world.advance(100, 50);
    a.client.logout();
    await world.advance(S, 100);
    expect(a.client.view.status).toBe('signedOut');
    await world.advance(3 * S, 100);
    expect(await got).toBe('rejected aborted');
    expect(generated()).toBe(0);
  });

  it("the machine's POST on its way at a sign-out, the same player back: the report completes (R27C-2)", async () => {
    const { a, b } = await twoTabs();
    const actor = reportMachine(a);
    await world.advance(S, 100);
    world.delayAnswers({ method: 'POST', path: '/income-report/generate', ms: 2 * S, times: 1 });
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'email' });
    await world.advance(200, 50);
    await endLogin(a, b, 'plain');
    await world.advance(20 * S, 250);
    expect(state(actor)).toEqual({ value: 'completed', code: null });
    expect(generated()).toBe(1);
  });
});

describe('a read of a login that ended: unauthorized, everywhere (FIXREPORT28 2)', () => {
  it('a report poll answered after the sign-out and one made after it say the same', async () => {
    const { a, b } = await twoTabs();
    const report = await world.during(
      a.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }),
    );
    world.delayAnswers({
      method: 'GET',
      path: /^\/income-report\/(\d+|available-years)$/,
      ms: 2 * S,
      times: 2,
    });
    const onItsWay = outcome(a.client.user.getIncomeReportStatus(report.id));
    const years = outcome(a.client.user.getAvailableYears());
    await world.advance(100, 50);
    await endLogin(a, b);
    await world.advance(3 * S, 100);
    const after = outcome(a.client.user.getIncomeReportStatus(report.id));
    const history = outcome(a.client.user.getLoginHistory());
    await world.advance(S, 100);
    expect([await onItsWay, await years, await after, await history]).toEqual(
      Array(4).fill('rejected unauthorized'),
    );
  });

  it('a report read in flight at client.stop() is aborted, as every call then', async () => {
    const { a } = await twoTabs();
    world.delayAnswers({ method: 'GET', path: '/income-report/available-years', ms: 2 * S, times: 1 });
    const years = outcome(a.client.user.getAvailableYears());
    await world.advance(100, 50);
    a.client.stop();
    await world.advance(3 * S, 100);
    expect(await years).toBe('rejected aborted');
  });

  it('the machine polling at a sign-out waits for the session (as after a 401), then completes for the same player', async () => {
    const { a, b } = await twoTabs();
    const actor = reportMachine(a);
    await world.advance(S, 100);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    world.delayAnswers({ method: 'GET', path: /^\/income-report\/\d+$/, ms: 3 * S, times: 1 });
    await world.advance(2 * S + 100, 100);
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    await endLogin(a, b);
    await world.advance(3 * S, 100);
    expect(state(actor)).toEqual({ value: { polling: 'waitingForSession' }, code: 'unauthorized' });
    await logIn(world, b);
    await world.advance(20 * S, 250);
    expect(state(actor)).toEqual({ value: 'completed', code: null });
    expect(sessionActorOf(a.client).getSnapshot().context.userId).toBe(P1().id);
  });

  it('another player signed in meanwhile: the machine waits, then its next poll is refused before sending (aborted): failed, never completed', async () => {
    const { a, b, tokenP1 } = await twoTabs();
    const actor = reportMachine(a);
    await world.advance(S, 100);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    world.delayAnswers({ method: 'GET', path: /^\/income-report\/\d+$/, ms: 3 * S, times: 1 });
    await world.advance(2 * S + 100, 100);
    const id = actor.getSnapshot().context.report!.id;
    await endLogin(a, b, 'pendingLimit');
    await world.advance(30 * S, 250);
    expect(state(actor)).toEqual({ value: 'failed', code: 'aborted' });
    expect(a.client.view.user?.id).toBe(P2().id);
    const foreign = world.server.requests.filter(
      (r) => r.path.startsWith(`/income-report/${id}`) && r.headers.authorization !== `Bearer ${tokenP1}`,
    );
    expect(foreign).toEqual([]);
  });
});
