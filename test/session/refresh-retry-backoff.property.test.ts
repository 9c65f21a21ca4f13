import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refreshBackoffMs } from '../../src/session/token';
import { H, logIn, S, useWorld } from '../support/world';

// RETRY24, over generated sequences: one tab (no channel), its refreshes started by the cycle when
// due or forced early (an app call answered 401, or the app's REFRESH), each ending as generated:
// a new token, a 401, a 503, a dropped connection, or a timeout (the request held 20 s, then the
// fetch's own timeout error: the adapter's timer runs on real time). Against a model of the due
// time: after a failure with no verdict the next attempt comes at the backoff (30 s doubling, capped
// at 15 min, stretched by the tab's jitter), never later (not the interval, however early the
// failed refresh was forced) and never sooner (no burst: the server counts every request); after a
// new token, at the interval; a 401 signs the tab out and nothing is sent after it.

const world = useWorld();
const REFRESH = '/users/refresh-token';
const PROFILE = '/auth/user-profile';
const INTERVAL = H;
const HOLD = 20 * S;

type Outcome = 'ok' | '401' | '503' | 'network' | 'timeout';
type Step = { start: 'scheduled' } | { start: 'app401' | 'refresh'; frac: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ start: 'scheduled' }),
  fc.record({
    start: fc.constantFrom('app401' as const, 'refresh' as const),
    frac: fc.constantFrom(0, 0.1, 0.5, 0.9),
  }),
);
const outcomeArb = fc.constantFrom<Outcome>('ok', '401', '503', 'network', 'timeout');

describe('the refresh cycle after failures with no verdict (RETRY24 property)', () => {
  it('retries at the backoff (never later, never sooner), refreshes on a token, signs out on a 401', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(stepArb, outcomeArb), { minLength: 1, maxLength: 7 }),
        fc.constantFrom(0.1, 0.5, 0.9),
        async (steps, draw) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          const outcomes: Outcome[] = [];
          /** When each refresh request was sent (world time). */
          const sentAt: number[] = [];
          const fetch: typeof globalThis.fetch = async (input, init) => {
            const url = input instanceof Request ? input.url : String(input);
            if (new URL(url).pathname !== REFRESH) return world.fetch(input, init);
            sentAt.push(world.now());
            const outcome = outcomes.shift() ?? 'ok';
            // Every outcome reaches the server (it counts them); only 'ok' lets it rotate the token.
            if (outcome === '401') world.server.faults.add({ path: REFRESH, status: 401, times: 1 });
            if (outcome === '503' || outcome === 'timeout')
              world.server.faults.add({ path: REFRESH, status: 503, times: 1 });
            if (outcome === 'network') world.server.faults.add({ path: REFRESH, drop: true, times: 1 });
            const answer = await world.fetch(input, init);
            if (outcome !== 'timeout') return answer;
            await new Promise((resolve) => world.clock.setTimeout(resolve, HOLD));
            throw new DOMException('The operation timed out.', 'TimeoutError');
          };
          const tab = world.open({
            channel: false,
            retry: 0,
            random: draw,
            fetch,
            refresh: { intervalMs: INTERVAL },
          });
          await logIn(world, tab);
          // The model: the token's save, failures since, the last failure.
          let savedAt = world.now();
          let failures = 0;
          let lastFailure = 0;
          const dueAt = () =>
            failures > 0
              ? lastFailure +
                Math.max(
                  refreshBackoffMs(failures),
                  refreshBackoffMs(failures, () => draw),
                )
              : savedAt + INTERVAL;
          /** Advances `ms`, coarse then fine, checking that no refresh is sent meanwhile. */
          const quietFor = async (ms: number) => {
            const n = sentAt.length;
            if (ms > 2 * S) await world.advance(ms - 2 * S, 30 * S);
            await world.advance(Math.min(ms, 2 * S), 250);
            expect(sentAt.length, 'no refresh before it is due').toBe(n);
          };

          for (const [step, outcome] of steps) {
            const n = sentAt.length;
            outcomes.push(outcome);
            const due = dueAt();
            if (step.start === 'scheduled') {
              await quietFor(due - world.now() - S);
              // Then within 1.5 s of the due time: one request.
              for (let i = 0; i < 10 && sentAt.length === n; i++) await world.advance(250, 250);
              expect(sentAt.length, `a refresh at the due time (${failures} failures)`).toBe(n + 1);
              expect(sentAt[n]!).toBeGreaterThanOrEqual(due);
              expect(sentAt[n]! - due).toBeLessThanOrEqual(1_500);
              if (failures > 0) expect(sentAt[n]! - lastFailure).toBeLessThanOrEqual(900 * S * 1.1 + 1_500);
            } else {
              await quietFor(Math.floor(((due - world.now()) * step.frac) / S) * S);
              if (step.start === 'app401') {
                world.server.faults.add({ method: 'GET', path: PROFILE, status: 401, times: 1 });
                void tab.client.http.get(PROFILE).catch(() => {});
              } else tab.client.state.send({ type: 'REFRESH' } as never);
              await world.settle();
              expect(sentAt.length, 'a forced refresh is sent at once').toBe(n + 1);
            }
            if (outcome === 'timeout') {
              await world.advance(HOLD, 250);
              expect(sentAt.length, 'nothing more while one is on its way').toBe(n + 1);
            }
            // The answer, and the lost-race grace of a 401 (1 s).
            await world.advance(1_500, 250);
            if (outcome === '401') {
              expect(tab.client.view.status).toBe('signedOut');
              expect(tab.client.view.signedOutReason).toBe('expired');
              await world.advance(2 * H, 5 * 60 * S);
              expect(sentAt.length, 'nothing sent once signed out').toBe(n + 1);
              break;
            }
            expect(tab.client.view.status).toBe('signedIn');
            if (outcome === 'ok') {
              expect(tab.events.at(-1)).toBe('tokenRefreshed');
              expect(tab.client.view.error).toBeNull();
              savedAt = sentAt[n]!;
              failures = 0;
            } else {
              expect(tab.events.at(-1)).toBe('refreshFailed');
              expect(tab.client.view.error).not.toBeNull();
              failures += 1;
              lastFailure = sentAt[n]! + (outcome === 'timeout' ? HOLD : 0);
            }
          }
          // Every refresh the tab sent reached the server: no burst hidden from it.
          expect(world.count('POST', REFRESH)).toBe(sentAt.length);
          world.closeAll();
        },
      ),
      { numRuns: 30 },
    );
  }, 600_000);
});
