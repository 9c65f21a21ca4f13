import fc from 'fast-check';
import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import type { IncomeReportUser } from '../../machines/incomeReportMachine';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { playerOneAtA, reportMachineOf } from '../support/report-tabs';
import { S, useWorld } from '../support/world';

// FIXREPORT28 over generated sequences: player 1's report machine in tab A sends GENERATE (email or
// download) at t=0, its POST answered after `postDelay`; tab B signs out at `endAt` (before the POST
// left, while it or a poll is on its way, after) and 300 ms later signs in nobody, player 1 again
// or player 2; tab A follows. Whatever the order: a POST that reached the server is never reported
// `aborted` while player 1 holds the tab (answered under another player or none: `aborted`, its
// answer withheld, review 153); nothing of player 1's report reaches player 2's tab (no request about it with another
// token, no poll answer handed out, the machine never `completed` there); every read refused
// follows the one rule (player 1's report asked for under player 2: `aborted`; any other read of a
// login that ended: `unauthorized`); and player 1 signed in again gets his report (R27C-2).
// Real sockets, simulated time.

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();

type Next = 'none' | 'plain' | 'pendingLimit';
type Call = { name: string; startedBy: number | null; settledBy: number | null; code: string | null };

async function run(type: 'email' | 'download', postDelay: number, endAt: number, next: Next) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const { a, b } = await playerOneAtA(world);
  const p1 = world.server.seed.plain.id;
  const tokens = new Set([`Bearer ${await a.token()}`]);
  const playerOfA = () => a.client.view.user?.id ?? null;
  // The machine's user module, each call recorded: who held tab A when it began and when it settled.
  const calls: Call[] = [];
  const recorded = {} as Record<string, unknown>;
  for (const name of ['getAvailableYears', 'generateIncomeReport', 'getIncomeReportStatus'] as const)
    recorded[name] = (...args: unknown[]) => {
      const startedBy = playerOfA();
      const done = (code: string | null) => calls.push({ name, startedBy, settledBy: playerOfA(), code });
      return (a.client.user[name] as (...x: unknown[]) => Promise<unknown>)(...args).then(
        (v) => (done(null), v),
        (e: PamError) => {
          done(e.code);
          throw e;
        },
      );
    };
  const completedFor: (number | null)[] = [];
  const actor = reportMachineOf(world, a, {
    user: recorded as unknown as IncomeReportUser,
    pollIntervalMs: S,
    maxPollMs: 60 * S,
  });
  actor.subscribe((s) => s.matches('completed') && completedFor.push(playerOfA()));
  actor.start();
  await world.advance(S, 100);
  expect(actor.getSnapshot().value).toBe('ready');
  world.delayAnswers({ method: 'POST', path: '/income-report/generate', ms: postDelay, times: 1 });
  for (let t = 0; t <= 30 * S; t += 100) {
    if (t === 0) actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: type });
    if (t === endAt) b.client.logout();
    if (t === endAt + 300 && next !== 'none') {
      const who = world.server.seed[next];
      b.client.login({ login: who.email, password: who.password });
    }
    if (next === 'plain' && t > endAt + 300 && playerOfA() === p1) tokens.add(`Bearer ${await a.token()}`);
    await world.advance(100, 100);
  }
  const posted = world.count('POST', '/income-report/generate');
  const generate = calls.filter((c) => c.name === 'generateIncomeReport');
  expect(generate).toHaveLength(1);
  // A POST that left settles by its answer while player 1 holds the tab: never `aborted` (an email
  // goes whatever the tab shows); answered under another player or none, `aborted`, its answer
  // withheld (review 153). One that never left: `aborted`.
  const g = generate[0]!;
  expect(g.code === 'aborted').toBe(posted === 1 ? g.settledBy !== p1 : true);
  // Nothing of player 1's report reaches player 2's tab.
  const id = actor.getSnapshot().context.report?.id ?? -1;
  const foreign = world.server.requests.filter(
    (r) => r.path.startsWith(`/income-report/${id}`) && !tokens.has(r.headers.authorization ?? ''),
  );
  expect(foreign).toEqual([]);
  expect(completedFor.filter((who) => who !== p1)).toEqual([]);
  const polls = calls.filter((c) => c.name === 'getIncomeReportStatus');
  expect(polls.filter((c) => c.code === null && c.settledBy !== p1)).toEqual([]);
  // The one rule for the reads refused.
  const refused = calls.filter((c) => c.name !== 'generateIncomeReport' && c.code !== null);
  expect(
    refused.filter(
      (c) => c.code !== (c.startedBy !== null && c.startedBy !== p1 ? 'aborted' : 'unauthorized'),
    ),
  ).toEqual([]);
  // Player 1 signed in again reads his report (R27C-2), when its POST's answer reached him.
  expect(next === 'plain' && posted === 1 && g.code === null ? actor.getSnapshot().value : 'completed').toBe(
    'completed',
  );
  actor.stop();
}

describe('a report across the end of its login (FIXREPORT28, property)', () => {
  it('whatever the order of the POST, the polls, the end and the next login', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'email' | 'download'>('email', 'download'),
        fc.integer({ min: 0, max: 20 }).map((n) => n * 100),
        fc.integer({ min: 0, max: 50 }).map((n) => n * 100),
        fc.constantFrom<Next>('none', 'plain', 'pendingLimit'),
        run,
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
