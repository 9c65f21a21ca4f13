// Review 97, DEFECT (LOW): `READINGS` (machines/machine-setup.ts) trusts an event object by
// identity, for ever, and the object stays mutable. An app's `inspect` observer is handed that very
// object (`@xstate.event`); set `clockError: 'x'` on it and send it back, and `readingEvents` keeps
// the key (`READINGS.has`): GENERATE lands in `failed` with a plain string as `context.error`,
// the review-96 defect again. Fix: freeze the reading in `readClock`, or `READINGS.delete(event)`
// once `readingEvents` has taken it.
import { isPamError } from 'pam-client';
import { afterEach, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { type RealServer, realServer, report, routeWith, runUntil, TestClock } from '../review96/support';

const servers: RealServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

it('a reading seen by the inspector, changed and sent back, carries no clockError', async () => {
  const clock = new TestClock();
  const server = await realServer(
    routeWith(() => ({ body: report(3, { download_url: '/files/7.pdf' }) })),
    () => clock.now(),
  );
  servers.push(server);
  const user = createUserModule(createOfetchAdapter({ baseURL: `${server.url}/v1`, retry: 0 }));
  const seen: Record<string, unknown>[] = [];
  const actor = createActor(incomeReportMachine, {
    clock,
    input: { user, pollIntervalMs: 1000, maxPollMs: 120_000, now: () => clock.now(), random: () => 0.5 },
    inspect: (i: InspectionEvent) => {
      if (i.type === '@xstate.event' && i.event.type === 'GENERATE' && 'roll' in i.event)
        seen.push(i.event as never);
    },
  });
  actor.start();
  await runUntil(actor, clock, (s) => s.matches('ready'));
  actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
  await runUntil(actor, clock, (s) => s.matches('completed'));
  actor.send({ type: 'RESET' });
  expect(actor.getSnapshot().value).toBe('ready');
  expect(seen.length).toBeGreaterThan(0);
  const replay = seen[0]!;
  replay.clockError = 'x';
  actor.send(replay as never);
  const s = await runUntil(actor, clock, (x) => x.matches('completed') || x.matches('failed'));
  actor.stop();
  if (s.context.error !== null) expect(isPamError(s.context.error)).toBe(true);
  expect(s.value).toBe('completed');
});
