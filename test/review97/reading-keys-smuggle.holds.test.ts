// Review 97, HOLDS: an app's GENERATE cannot smuggle `clockError` through an accessor, a Proxy
// whose ownKeys lists it, or a non-enumerable key; a random source that throws polls as 0.5 does.
import { afterEach, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import {
  pollsOf,
  type RealServer,
  realServer,
  report,
  routeWith,
  runUntil,
  TestClock,
} from '../review96/support';

const servers: RealServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function run(event: object, random: () => number = () => 0.5) {
  const clock = new TestClock();
  const server = await realServer(
    routeWith((n) => ({ body: report(n < 2 ? 2 : 3, n < 2 ? {} : { download_url: '/files/7.pdf' }) })),
    () => clock.now(),
  );
  servers.push(server);
  const user = createUserModule(createOfetchAdapter({ baseURL: `${server.url}/v1`, retry: 0 }));
  const actor = createActor(incomeReportMachine, {
    clock,
    input: { user, pollIntervalMs: 1000, maxPollMs: 120_000, now: () => clock.now(), random },
  });
  actor.start();
  await runUntil(actor, clock, (s) => s.matches('ready'));
  actor.send(event as never);
  const s = await runUntil(actor, clock, (x) => x.matches('completed') || x.matches('failed'));
  actor.stop();
  return { s, polls: pollsOf(server.seen).map((p) => p.at) };
}

const base = { type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' };

it('an accessor clockError', async () => {
  const e = Object.defineProperty({ ...base }, 'clockError', { get: () => 'x', enumerable: true });
  expect((await run(e)).s.value).toBe('completed');
});

it('a Proxy listing clockError in ownKeys', async () => {
  const e = new Proxy({ ...base, clockError: 'x' }, {});
  expect((await run(e)).s.value).toBe('completed');
});

it('a non-enumerable clockError', async () => {
  const e = Object.defineProperty({ ...base }, 'clockError', { value: 'x' });
  expect((await run(e)).s.value).toBe('completed');
});

it('a random source that throws polls as a draw of 0.5 does', async () => {
  const a = await run(base, () => {
    throw new Error('no entropy');
  });
  const b = await run(base);
  expect(a.s.value).toBe('completed');
  const gaps = (p: number[]) => p.slice(1).map((t, i) => t - p[i]!);
  expect(gaps(a.polls)).toEqual(gaps(b.polls));
});
