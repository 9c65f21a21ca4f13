import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged } from './forged-support';
import { free, NOON, S, seedOf, startSeeded } from './seeded-client';

// REVIEW-25 R25-7 as a property, on manual timers: a tab starting (from a page's seed, or from
// `GET <prefix>/session`) while another tab of its login may hold a change in flight, told in answer
// to its `ask` after a generated number of channel turns (within the wait), then settled (refused, or
// applied: `restricted` told first) at a generated time. No view of the starting tab allows betting
// before its wait ends, nor while the change is in flight or applied (its re-read shows none yet); a tab alone
// (nobody answers) is free once the wait is over (`ASK_MS`, 500 ms), and so is one whose other tab's
// change was refused.

const ASK_MS = 500;

describe('server-session: a starting tab hears the others before it may bet (R25-7)', () => {
  it('no view allows betting before the wait, or while a change told is in flight or applied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seeded: fc.boolean(),
          inFlight: fc.boolean(),
          answerTurns: fc.integer({ min: 0, max: 4 }),
          settleAt: fc.integer({ min: 0, max: 3 * S }),
          outcome: fc.constantFrom('refused', 'applied'),
        }),
        async ({ seeded, inFlight, answerTurns, settleAt, outcome }) => {
          const hub = new FakeChannelHub();
          const other = hub.channel();
          const seed = seedOf({ readAt: NOON });
          other.addEventListener('message', async (e: { data: unknown }) => {
            if (!inFlight || (e.data as { type?: string }).type !== 'ask') return;
            await turns(answerTurns);
            other.postMessage(
              forged({
                type: 'inflight',
                loginId: 'login-1',
                kind: 'pause',
                id: 'p1',
                settled: false,
                ms: 10 * S,
              }),
            );
          });
          const s = startSeeded(seeded ? seed : undefined, {
            at: NOON,
            channel: hub.channel(),
            // (The profile as read: no pause shown, so an applied one told stays barred, `restricted`.)
            answer: (path) =>
              path.endsWith('/session')
                ? { status: 200, body: seed }
                : path.includes('/auth/user-profile')
                  ? { status: 200, body: { user: seed.user, userInfo: answeredUserInfo() } }
                  : 'hang',
          });
          const bad: string[] = [];
          let allowedFrom = Number.POSITIVE_INFINITY; // server time from which betting may show
          const check = () => {
            s.views.forEach((v, i) => {
              if (free(v) && s.shownAt[i]! < allowedFrom) bad.push(`view ${i} at ${s.shownAt[i]! - NOON}`);
            });
          };
          try {
            await turns(10);
            if (!inFlight) allowedFrom = NOON + ASK_MS;
            for (let ms = 0; ms < settleAt; ms += 100) {
              s.advance(100);
              await turns(3);
            }
            if (inFlight) {
              if (outcome === 'applied')
                other.postMessage(
                  forged({ type: 'restricted', loginId: 'login-1', kind: 'pause', at: NOON }),
                );
              other.postMessage(
                forged({ type: 'inflight', loginId: 'login-1', kind: 'pause', id: 'p1', settled: true }),
              );
              if (outcome === 'refused') allowedFrom = Math.max(NOON + ASK_MS, s.t.now + s.t.offset);
            }
            await turns(10);
            for (let i = 0; i < 10; i++) {
              s.advance(100);
              await turns(3);
            }
            check();
            expect(bad).toEqual([]);
            expect(s.client.view.status).toBe('signedIn');
            // Free at the end only when nothing was applied: a tab alone, or a refusal.
            expect(free(s.client.view)).toBe(!(inFlight && outcome === 'applied'));
          } finally {
            s.client.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
