import { describe, expect, it } from 'vitest';
import { logIn, MIN, S, useWorld } from '../support/world';
import { funnelTab, typesOf } from './record';

// Issue 34: registration, step-up, responsible gaming and the income report, each in its
// documented order (docs/events.md), against the reference server on simulated time.

const world = useWorld({ reportStepMs: 2 * S });

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}
const only = (events: readonly { type: string }[], prefix: string) =>
  typesOf(events).filter((t) => t.startsWith(prefix));

describe('funnelEvents(): registration', () => {
  it('started (a listed app source), completed, then the restrictions read', async () => {
    const tab = funnelTab(world, { funnel: { appSources: ['web'] } });
    await world.settle();
    tab.client.register({
      email: 'new.player@example.com',
      password: 'Secr3t-pass!',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      app_source: 'web',
    });
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    expect(typesOf(tab.funnel)).toEqual([
      'registration.started',
      'registration.completed',
      'rg.restrictionsRead',
    ]);
    expect(tab.funnel[0]).toMatchObject({ run: 1, method: 'email', appSource: 'web' });
    expect(tab.funnel[1]).toMatchObject({ run: 1, codeAsked: false });
  });
});

describe('funnelEvents(): step-up and responsible gaming', () => {
  it('a stricter limit: requested, accepted, then read as changed (stricter, in force)', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    tab.funnel.length = 0;
    await world.during(
      tab.client.user.updateLimits({
        user_limit_deposit: 100,
        user_limit_deposit_active: 1,
        user_limit_deposit_period: 'daily',
      }),
    );
    await settleUntil(() => tab.funnel.filter((e) => e.type === 'rg.restrictionsRead').length === 2);
    expect(typesOf(tab.funnel)).toEqual([
      'rg.changeRequested',
      'rg.changeAccepted',
      'rg.restrictionsRead',
      'rg.limitChanged',
      'rg.restrictionsRead',
    ]);
    // (ZERO30: the limits as accepted apply at once, read as they are; then the re-read's.)
    expect(tab.funnel[0]).toMatchObject({ change: 'limits' });
    expect(tab.funnel[2]).toMatchObject({ status: 'current', canBet: true });
    expect(tab.funnel[4]).toMatchObject({ status: 'current', canBet: true });
    expect(tab.funnel[3]).toMatchObject({ limit: 'deposit', change: 'stricter', pendingUntil: null });
  });

  it('a looser limit asks for the password: step-up started and completed; read as pending until a time', async () => {
    const tab = funnelTab(world, { onStepUp: async () => world.server.seed.pendingLimit.password });
    const { email, password } = world.server.seed.pendingLimit;
    await world.settle();
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    tab.funnel.length = 0;
    await world.during(
      tab.client.user.updateLimits({ user_limit_deposit: 900, user_limit_deposit_period: 'daily' }),
    );
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.limitChanged'));
    expect(typesOf(tab.funnel)).toEqual([
      'rg.changeRequested',
      'stepUp.started',
      'stepUp.completed',
      'rg.changeAccepted',
      'rg.restrictionsRead',
      'rg.limitChanged',
    ]);
    expect(tab.funnel[1]).toMatchObject({ change: 'limits', run: (tab.funnel[2] as { run: number }).run });
    expect(tab.funnel[5]).toMatchObject({
      limit: 'deposit',
      change: 'looser',
      pendingUntil: expect.any(Number),
    });
  });

  it('a pause with a wrong password first: passwordRejected (attempt 1), completed; the pause read in force', async () => {
    const answers = ['wrong-password-1', world.server.seed.plain.password];
    const tab = funnelTab(world, { onStepUp: async () => answers.shift() ?? null });
    await logIn(world, tab);
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    tab.funnel.length = 0;
    await world.during(tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1 }));
    await settleUntil(() =>
      tab.funnel.some((e) => e.type === 'rg.restrictionsRead' && e.status === 'current'),
    );
    // The pause accepted bars betting at once (review 5, D4: stale, before the re-read), told after
    // its acceptance with the pause in force (Y-10), then the re-read shows it.
    expect(typesOf(tab.funnel)).toEqual([
      'rg.changeRequested',
      'stepUp.started',
      'stepUp.passwordRejected',
      'stepUp.completed',
      'rg.changeAccepted',
      'rg.restrictionsRead',
      'rg.restrictionsRead',
    ]);
    expect(tab.funnel[2]).toMatchObject({ change: 'pause', attempt: 1 });
    expect(tab.funnel[5]).toMatchObject({ status: 'stale', inForce: ['pause'], canBet: false });
    expect(tab.funnel[6]).toMatchObject({ status: 'current', inForce: ['pause'], canBet: false });
  });

  it('a self-exclusion the player cancels at the password: stepUp.cancelled, the change failed (step_up_required)', async () => {
    const tab = funnelTab(world, { onStepUp: async () => null });
    await logIn(world, tab);
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    tab.funnel.length = 0;
    await world.during(tab.client.user.setSelfExclusion({ user_exclusion: 6, reason: 1 }).catch(() => {}));
    expect(typesOf(tab.funnel).slice(0, 4)).toEqual([
      'rg.changeRequested',
      'stepUp.started',
      'stepUp.cancelled',
      'rg.changeFailed',
    ]);
    expect(tab.funnel[3]).toMatchObject({ change: 'selfExclusion', code: 'step_up_required' });
  });

  it('play time: the alerts at 80 % and 100 % of the time limit', async () => {
    const tab = funnelTab(world);
    const { email, password } = world.server.seed.timeLimit;
    await world.settle();
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.funnel.some((e) => e.type === 'rg.restrictionsRead'));
    await world.advance(2 * MIN, S);
    const alerts = tab.funnel.filter((e) => e.type === 'rg.playTimeAlert');
    expect(alerts.map((e) => [e.level, e.percent])).toEqual([
      ['warning', 80],
      ['reached', 100],
    ]);
  });
});

describe('funnelEvents(): the income report', () => {
  it('requested, completed, downloaded; a failing year: failed (report_failed)', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    const report = await world.during(
      tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }),
    );
    let status = report;
    while (status.status !== 3) {
      await world.advance(S, 500);
      status = await world.during(tab.client.user.getIncomeReportStatus(report.id));
    }
    await world.during(tab.client.user.downloadIncomeReport(status));
    const failing = await world.during(
      tab.client.user.generateIncomeReport({ reference_year: 2024, type: 'email' }),
    );
    for (let i = 0; i < 10 && !tab.funnel.some((e) => e.type === 'incomeReport.failed'); i++) {
      await world.advance(S, 500);
      await world.during(tab.client.user.getIncomeReportStatus(failing.id));
    }
    expect(only(tab.funnel, 'incomeReport.')).toEqual([
      'incomeReport.requested',
      'incomeReport.completed',
      'incomeReport.downloaded',
      'incomeReport.requested',
      'incomeReport.failed',
    ]);
    const [requested, completed, downloaded, second, failed] = tab.funnel.filter((e) =>
      e.type.startsWith('incomeReport.'),
    );
    // Runs count every flow of the client (the sign-in was one).
    const run = (requested as { run: number }).run;
    expect(requested).toMatchObject({ delivery: 'download' });
    expect(completed).toMatchObject({ run, durationMs: expect.any(Number) });
    expect(downloaded).toMatchObject({ run });
    expect(second).toMatchObject({ run: run + 1, delivery: 'email' });
    expect(failed).toMatchObject({ run: run + 1, code: 'report_failed' });
  });

  it('a report still open when the client stops: abandoned (stopped)', async () => {
    const tab = funnelTab(world);
    await logIn(world, tab);
    await world.during(tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }));
    tab.client.stop();
    expect(only(tab.funnel, 'incomeReport.')).toEqual(['incomeReport.requested', 'incomeReport.abandoned']);
    expect(tab.funnel.at(-1)?.type).toBe('session.stopped');
  });
});
