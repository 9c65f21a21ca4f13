import * as fc from 'fast-check';
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { refreshBackoffMs } from '../../src/session/token';
import { H, logIn, S, type TabOptions, useWorld } from '../support/world';

// TICK24, over generated sequences: one tab (no channel) whose clock is stepped 9 h ahead after the
// login, so its token (8 h of life) looks past its expiry. The clock is generated: not trusted, or
// never taught by an answer (`learned` false): the session cannot judge the expiry and asks the
// server (a refresh) on its own TICK or WAKE; or trusted: the token is expired, signed out with no
// request. The app sends TICKs, wake-ups and REFRESHes at generated gaps; each refresh ends as
// generated (a new token, a 401, a 503, a dropped connection; 503 once the list runs out).
// Against a model: the session's ask goes out at once from a good state (no failure since the last
// token) and never while the cycle backs off after a failure (before `backoff(failures)`: 30 s
// doubling, the tab's jitter 0.5 is x1), whose own timer retries at that time; an app's REFRESH
// goes out at once; a new token ends the asking (its expiry is then in the future); a 401 signs
// out as expired and nothing is sent after it.

const world = useWorld();
const REFRESH = '/users/refresh-token';

type Outcome = 'ok' | '401' | '503' | 'network';
type Kind = 'untrusted' | 'unlearned' | 'trusted';
type Step = { event: 'TICK' | 'WAKE' | 'REFRESH'; gap: number };

const stepArb: fc.Arbitrary<Step> = fc.record({
  event: fc.constantFrom('TICK' as const, 'WAKE' as const, 'REFRESH' as const),
  gap: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 20, max: 130 })).map((s) => s * S),
});

describe("the session's ask about an expiry its clock cannot judge, over generated sequences (TICK24)", () => {
  it('never faster than the backoff after a failure; at once from a good state; app REFRESH at once; 401 signs out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('untrusted', 'unlearned', 'untrusted', 'trusted'),
        fc.array(fc.constantFrom<Outcome>('ok', '401', '503', 'network'), { maxLength: 8 }),
        fc.array(stepArb, { minLength: 1, maxLength: 12 }),
        async (kind, generated, steps) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          const outcomes = [...generated];
          /** Each refresh request: when it was sent (world time) and how it ended. */
          const sent: { at: number; outcome: Outcome }[] = [];
          const fetch: typeof globalThis.fetch = async (input, init) => {
            const url = input instanceof Request ? input.url : String(input);
            if (new URL(url).pathname !== REFRESH) return world.fetch(input, init);
            const outcome = outcomes.shift() ?? '503';
            sent.push({ at: world.now(), outcome });
            if (outcome === '401') world.server.faults.add({ path: REFRESH, status: 401, times: 1 });
            if (outcome === '503') world.server.faults.add({ path: REFRESH, status: 503, times: 1 });
            if (outcome === 'network') world.server.faults.add({ path: REFRESH, drop: true, times: 1 });
            return world.fetch(input, init);
          };
          const clock = { skew: 0, kind: 'trusted' as Kind };
          const base = createClock({ wall: world.now, monotonic: () => world.clock.now() });
          const environment = {
            clock: {
              ...base,
              serverNow: () => base.serverNow() + clock.skew,
              trusted: () => clock.kind !== 'untrusted',
              learned: () => clock.kind !== 'unlearned',
            },
          };
          const tab = world.open({ channel: false, retry: 0, fetch, environment } as TabOptions);
          await logIn(world, tab);
          await world.advance(2 * S, S);
          expect(sent).toEqual([]);
          Object.assign(clock, { skew: 9 * H, kind });

          // The model: whether the token still looks expired, failures since the last token, the last one.
          let looksExpired = true;
          let failures = 0;
          let lastFailure = 0;
          let out = false;
          const retryAt = () => lastFailure + refreshBackoffMs(failures, () => 0.5);
          /** The requests not yet taken (each answered by now), into the model. */
          let seen = 0;
          const take = () => {
            for (const { at, outcome } of sent.slice(seen)) {
              expect(out, 'nothing sent once signed out').toBe(false);
              if (outcome === 'ok') {
                looksExpired = false;
                failures = 0;
              } else if (outcome === '401') out = true;
              else {
                failures += 1;
                lastFailure = at;
              }
            }
            seen = sent.length;
          };
          /**
           * `ms` of time: a request now is the cycle's own retry, after a failure only, never sooner
           * than its backoff from the send (the failure is read when the answer comes: at most a
           * step later), and no later than a step after it.
           */
          const pass = async (ms: number) => {
            const n = sent.length;
            const backingOff = !out && failures > 0;
            await world.advance(ms, ms);
            expect(sent.length - n, 'one retry at most').toBeLessThanOrEqual(backingOff ? 1 : 0);
            for (const retry of sent.slice(n)) {
              expect(retry.at, 'never sooner than the backoff').toBeGreaterThanOrEqual(retryAt());
            }
            take();
            expect(!out && failures > 0 && world.now() >= retryAt() + 2 * S, 'a retry at the backoff').toBe(
              false,
            );
          };

          for (const { event, gap } of steps) {
            for (let t = 0; t < gap; t += S) await pass(S);
            const n = sent.length;
            const now = world.now();
            if (event === 'TICK') tab.client.state.send({ type: 'TICK' });
            else if (event === 'WAKE') tab.page.fireFocus();
            else tab.client.state.send({ type: 'REFRESH' } as never);
            await world.settle();
            // What the model sends at once: nothing once signed out, nor on a trusted clock (expired
            // in server time: signed out; a REFRESH's call refuses to send a token past its life);
            // an app REFRESH always; an ask (a token that still looks expired) from a good state,
            // never while backing off (at its end, within a step: the retry may be that request).
            const [least, most] =
              out || kind === 'trusted'
                ? [0, 0]
                : event === 'REFRESH'
                  ? [1, 1]
                  : !looksExpired
                    ? [0, 0]
                    : failures === 0
                      ? [1, 1]
                      : now < retryAt()
                        ? [0, 0]
                        : [0, 1];
            const label = `${event} at once (${failures} failures)`;
            expect(sent.length - n, label).toBeGreaterThanOrEqual(least);
            expect(sent.length - n, label).toBeLessThanOrEqual(most);
            out ||= kind === 'trusted';
            take();
            // The answer, and a 401's lost-race grace (1 s).
            for (let t = 0; t < 1_500; t += 250) await pass(250);
            // The cycle's own retry may have left in the last of those passes (seed 1371538060: the
            // backoff's end fell on the window's end): its answer and grace get the same 1.5 s.
            while (sent.length > 0 && world.now() < sent[sent.length - 1]!.at + 1_500) await pass(250);
            if (out) {
              expect(tab.client.view.status).toBe('signedOut');
              expect(tab.client.view.signedOutReason).toBe('expired');
            } else expect(tab.client.view.status).toBe('signedIn');
          }
          expect(world.count('POST', REFRESH)).toBe(sent.length);
          world.closeAll();
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});
