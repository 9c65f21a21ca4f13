// Review 153, DEFECT: a report of player A whose GENERATE answer lands after A signed out and B
// signed in, in the same tab. The poll path is guarded (review 98: polling across a player change
// ends `failed`, `aborted`, never `completed`). The generate path is not: a generate answered at
// once with a finished report (status 3, a server that caches last year's report, or one quick
// enough) puts the machine in `completed` with A's report, its year and link, on B's screen.
// Reference server over real sockets; only the generate's answer is a fault (the reference server
// always answers a generate pending); time simulated.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { reportMachineOf } from '../support/report-tabs';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: 500 });
useMemoryLocalStorage();

const GENERATE = '/income-report/generate';
const finished = (status: 3 | 4, delivery: 'download' | 'email') => ({
  id: 4242,
  reference_year: 2025,
  status,
  delivery_type: delivery,
  requested_at: '2029-12-31T10:00:00Z',
  generated_at: status === 3 ? '2029-12-31T10:00:01Z' : null,
  path: status === 3 ? 'income-reports/1/2025-4242.pdf' : null,
  download_url: status === 3 && delivery === 'download' ? '/income-report/4242/file' : null,
});

let removeFault: (() => void) | undefined;
beforeEach(() => {
  removeFault = undefined;
});
afterEach(() => removeFault?.());

async function aThenB(body: unknown, deliveryType: 'download' | 'email', next: 'B' | 'none' | 'A' = 'B') {
  const a: Tab = world.open({ tabId: 'tab-a', channel: false });
  await logIn(world, a);
  await world.advance(S, 100);
  const actor = reportMachineOf(world, a, { pollIntervalMs: 2 * S, maxPollMs: 60 * S }).start();
  await world.advance(S, 100);
  expect(actor.getSnapshot().value).toBe('ready');
  removeFault = world.server.faults.add({ method: 'POST', path: GENERATE, status: 200, body, times: 1 });
  // The POST reaches the server at once; its answer reaches the client 3 s later.
  world.delayAnswers({ method: 'POST', path: GENERATE, ms: 3 * S, times: 1 });
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType });
  await world.advance(200, 50);
  expect(actor.getSnapshot().value).toBe('generating');
  a.client.logout();
  await world.advance(300, 50);
  if (next === 'B') {
    await logIn(world, a, 'pendingLimit');
    expect(a.client.view.user?.email).toBe(world.server.seed.pendingLimit.email);
  } else if (next === 'A') await logIn(world, a);
  else expect(a.client.view.status).toBe('signedOut');
  await world.advance(10 * S, 250);
  return { a, actor };
}

describe("review 153: A's generate answer lands after B signed in", () => {
  it("a completed download: never `completed` with A's report and link while B is signed in", async () => {
    const { actor } = await aThenB(finished(3, 'download'), 'download');
    const s = actor.getSnapshot();
    // As the poll path ends (review 98): failed, aborted; A's link never on B's screen.
    expect({ value: s.value, code: s.context.error?.code ?? null }).toEqual({
      value: 'failed',
      code: 'aborted',
    });
    expect(s.context.report?.download_url ?? null).toBeNull();
    actor.stop();
  });

  it("signed out, no login since: A's report never `completed` in the tab (the class, sixty-second pass)", async () => {
    const { actor } = await aThenB(finished(3, 'download'), 'download', 'none');
    const s = actor.getSnapshot();
    expect({ value: s.value, code: s.context.error?.code ?? null }).toEqual({
      value: 'failed',
      code: 'aborted',
    });
    expect(s.context.report?.download_url ?? null).toBeNull();
    actor.stop();
  });

  it('A signed in again before the answer: A is handed its report (R27C-2, the control)', async () => {
    const { actor } = await aThenB(finished(3, 'download'), 'download', 'A');
    expect(actor.getSnapshot().value).toBe('completed');
    actor.stop();
  });

  it("a completed e-mail report: B is never told A's report was sent", async () => {
    const { actor } = await aThenB(finished(3, 'email'), 'email');
    expect(actor.getSnapshot().value).not.toBe('completed');
    actor.stop();
  });
});
