import fc from 'fast-check';
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { until } from '../support/event-loop';
import { useServerHidingDate, withoutDate } from '../support/hidden-date';
import { trackedFetch } from '../support/tracked-fetch';

// The SPA register's re-check at each São Paulo midnight (IN SPA 31/2025) on a clock that never
// learned the server's time (no readable `Date`). The flow armed it at the device clock's next
// midnight: a device clock 2 h ahead armed it 2 h before the true midnight, read then (still the
// old day), and armed the next one a day later: the true new day went unchecked for 22 h, shown
// `current` all the while. On such a clock the profile is read again at least every hour, so no
// true midnight goes unchecked for longer than that, whatever the device clock says.
// Over real sockets (the reference server sends `Date`; the browser's hiding is a fetch that drops it).

const HOUR = 3_600_000;
const { newClient, signIn } = useServerHidingDate();

/** Signs in on a device clock `ahead` ms off (no `Date` readable) and runs past the true midnight; the reads' times. */
async function readsAround(ahead: number) {
  const sim = new SimulatedClock();
  const reads: number[] = [];
  const tracked = trackedFetch(
    withoutDate((input, init) => {
      if (String(input).includes('/auth/user-profile')) reads.push(sim.now());
      return globalThis.fetch(input, init);
    }),
  );
  const wall = Date.now();
  const clock = createClock({ base: () => wall + ahead + sim.now() });
  const client = newClient({ fetch: tracked.fetch, environment: { clock, timers: sim } });
  await signIn(client);
  await until(() => reads.length > 0, 'the first profile read');
  await tracked.idle();
  // The true São Paulo midnight, on the simulated timeline (the server's time is the real one).
  const midnight = nextBrazilMidnight(wall) - wall;
  for (let t = 0; t < midnight + HOUR + 60_000; t += 60_000) {
    sim.increment(60_000);
    await tracked.idle();
  }
  expect(clock.learned?.()).toBe(false);
  client.stop();
  return { reads, midnight };
}

describe('SPA re-check on a clock that never learned the server time', () => {
  it.each([2 * HOUR, -2 * HOUR, 11 * HOUR])(
    'a device clock %i ms off: the true midnight is re-checked within the hour',
    async (ahead) => {
      const { reads, midnight } = await readsAround(ahead);
      expect(reads.some((at) => at >= midnight && at <= midnight + HOUR + 60_000)).toBe(true);
    },
    60_000,
  );

  it('generated device skews (to the minute, a day either way): never an hour after the true midnight unchecked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -24 * 60, max: 24 * 60 }), async (minutes) => {
        const { reads, midnight } = await readsAround(minutes * 60_000);
        expect(reads.some((at) => at >= midnight && at <= midnight + HOUR + 60_000)).toBe(true);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
