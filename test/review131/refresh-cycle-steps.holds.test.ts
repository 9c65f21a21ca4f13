// Review 131, HOLDS: the bare refresh cycle (`tokenRefreshMachine`) over real HTTP (reference
// server, real socket), driven by generated steps of timer time, backward wall-clock steps, TICKs
// and REFRESHes: never signed out while the server's token lives, no refresh sooner than the
// interval unless forced, none later than the interval + the clock's steps back + a tick, and once
// stopped: no timer, no request.
import fc from 'fast-check';
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';
import { TestClock } from './report-support';

const H = 3_600_000;
const MIN = 60_000;
const T0 = Date.UTC(2030, 0, 1, 15);
let clock = new TestClock();
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer({ now: () => T0 + clock.now() });
});
afterAll(() => server.close());

type Step =
  | { kind: 'advance'; ms: number }
  | { kind: 'back'; ms: number }
  | { kind: 'tick' }
  | { kind: 'refresh' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 4 * H }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('back' as const), ms: fc.integer({ min: 0, max: 20 * MIN }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refresh' as const) }) },
);

describe('review 131: the refresh cycle under generated steps', () => {
  it('bounds, no sign-out on a live token, nothing after stop', async () => {
    let timed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        server.reset();
        clock = new TestClock();
        let back = 0; // the wall clock's total step back
        let token = server.issueToken(server.seed.plain.id);
        const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
        const actor = createActor(tokenRefreshMachine, {
          clock,
          input: { auth: createAuthModule(http), now: () => clock.now() - back },
        });
        const log: { at: number; what: string; back: number }[] = [];
        actor.on('tokenRefreshed', (e) => {
          token = e.accessToken;
          log.push({ at: clock.now(), what: 'ok', back });
        });
        actor.on('sessionExpired', () => log.push({ at: clock.now(), what: 'expired', back }));
        actor.on('refreshFailed', () => log.push({ at: clock.now(), what: 'failed', back }));
        actor.start();
        actor.send({ type: 'TOKEN_SAVED', accessToken: token });
        log.push({ at: 0, what: 'saved', back: 0 });
        const quiet = () => waitFor(actor, (s) => !s.matches({ active: 'refreshing' }), { timeout: 5000 });
        for (const s of steps) {
          if (s.kind === 'advance') {
            for (let left = s.ms; left > 0; ) {
              const next = Math.min(...clock.due.values(), clock.now() + left) - clock.now();
              clock.increment(Math.max(0, next));
              left -= Math.max(0, next);
              await quiet();
              if (next <= 0 && clock.due.size === 0) break;
            }
          } else if (s.kind === 'back') back += s.ms;
          else if (s.kind === 'tick') actor.send({ type: 'TICK' });
          else {
            actor.send({ type: 'REFRESH' });
            log.push({ at: clock.now(), what: 'forced', back });
          }
          await quiet();
        }
        const n = server.requests.length;
        expect(log.filter((e) => e.what !== 'ok' && e.what !== 'saved' && e.what !== 'forced')).toEqual([]);
        expect(actor.getSnapshot().matches('active')).toBe(true);
        // Gaps between a save/refresh and the next timed refresh (none forced in between).
        for (let i = 1; i < log.length; i++) {
          const [p, e] = [log[i - 1]!, log[i]!];
          if (e.what !== 'ok' || p.what === 'forced') continue;
          timed++;
          expect(e.at - p.at).toBeGreaterThanOrEqual(6 * H);
          expect(e.at - p.at).toBeLessThanOrEqual(6 * H + (e.back - p.back) + MIN + 1000);
        }
        actor.stop();
        expect(clock.due.size).toBe(0);
        clock.increment(24 * H);
        expect(server.requests.length).toBe(n);
      }),
      { numRuns: 40, seed: 1313 },
    );
    expect(timed).toBeGreaterThan(20); // the control: timed refreshes were judged
  }, 120_000);
});
