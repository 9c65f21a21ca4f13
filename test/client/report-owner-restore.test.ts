import { createMemoryTokenStore, type PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { reportMachineOf } from '../support/report-tabs';
import { logIn, S, useWorld } from '../support/world';

// REVIEW-27C R27C-1: a call made while a tab restores its stored session (a reload: same player,
// same login) belongs to the login the restore lands on; R27C-2: the same player's report after a
// sign-out and sign-in is still theirs.
const world = useWorld({ reportStepMs: 500 });

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: PamError) => `rejected ${e.code}`,
  );

/** A tab signed in, then a second tab opened on its store (a reload), still restoring. */
async function reload() {
  const storage = createMemoryTokenStore();
  const a = world.open({ tabId: 'tab-a', storage, channel: false });
  await logIn(world, a);
  await world.advance(2 * S, 100);
  const b = world.open({ tabId: 'tab-b', storage, channel: false });
  expect(b.state()).toBe('restoring');
  return b;
}

describe('a call made while the session restores (R27C-1)', () => {
  it.each(['getAvailableYears', 'generate', 'address', 'pause'] as const)('%s is answered', async (which) => {
    const b = await reload();
    const u = b.client.user;
    const call =
      which === 'getAvailableYears'
        ? u.getAvailableYears()
        : which === 'generate'
          ? u.generateIncomeReport({ reference_year: 2025, type: 'download' } as never)
          : which === 'pause'
            ? u.setTimeoutLimits({
                user_pause: 1,
                reason: 1,
                password_check: world.server.seed.plain.password,
              })
            : u.getAddress();
    const out = outcome(call);
    await world.advance(5 * S, 100);
    expect(await out).toBe('resolved');
    expect(b.state()).toBe('signedIn');
  });

  it('the report machine started at mount (docs/bindings.md) reaches ready', async () => {
    const b = await reload();
    const actor = reportMachineOf(world, b);
    actor.start();
    await world.advance(5 * S, 100);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.stop();
  });
});

describe('the same player signed out and in again (R27C-2)', () => {
  it('reads its own report', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a);
    await world.advance(2 * S, 100);
    const report = await a.client.user.generateIncomeReport({
      reference_year: 2025,
      type: 'download',
    } as never);
    await world.advance(3 * S, 100);
    a.client.logout();
    await world.advance(3 * S, 100);
    await logIn(world, a);
    await world.advance(2 * S, 100);
    const status = await a.client.user.getIncomeReportStatus(report.id);
    expect(status.status).toBe(3);
  });
});
