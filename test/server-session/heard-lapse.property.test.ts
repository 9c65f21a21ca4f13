import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, pauseToldByX } from './forged-support';
import { free, NOON, seedOf, startSeeded } from './seeded-client';

// SS29-2 (FIXFOLD28's notes): another tab's change in flight heard for the login held lapsed at
// its end (`at + bar`, server time) counted from the profile flow's last time, which may be old (a
// tab idle for an hour): the lapse came that much late (a barred player barred past the bar), or,
// after the clock stepped back, early. Now the flow is told the time the change is heard (the clock
// read as it is heard) first. Generated clocks (a device skew, a step of the clock before each change, the
// test's tick), idle gaps and changes (`inflight` with or without what is left of it, or a
// `folded`), all heard by tab A holding login-1: A is never free before the latest end heard, and
// free within one tick after it.

const BAR = 45_000;
const profile = (path: string) =>
  path.includes('/auth/user-profile')
    ? { status: 200, body: { user: seedOf({ readAt: NOON }).user, userInfo: answeredUserInfo() } }
    : ('hang' as const);

const change = fc.record({
  gap: fc.nat(2 * 3_600_000),
  step: fc.integer({ min: -60_000, max: 60_000 }),
  ms: fc.option(fc.nat(60_000)),
  folded: fc.boolean(),
});

describe('SS29-2: a heard change lapses at its end, counted from when it was heard (property)', () => {
  it('never free before the end, free within one tick after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.integer({ min: 50, max: 2_000 }),
        fc.array(change, { minLength: 1, maxLength: 5 }),
        async (offset, tick, changes) => {
          const hub = new FakeChannelHub();
          const x = hub.channel();
          const a = startSeeded(seedOf({ readAt: NOON }), {
            at: NOON,
            offset,
            channel: hub.channel(),
            answer: profile,
          });
          const at = () => a.t.now + a.t.offset;
          let barredUntil = Number.NEGATIVE_INFINITY;
          const bad: string[] = [];
          a.client.subscribe((v) => {
            if (free(v) && at() < barredUntil)
              bad.push(`free at ${at() - NOON} (barred until ${barredUntil - NOON})`);
          });
          try {
            await turns(20);
            for (let i = 0; i < 700; i += 100) {
              a.advance(100);
              await turns(3);
            }
            expect(free(a.client.view)).toBe(true);
            for (const [n, c] of changes.entries()) {
              // Idle (nothing bars by then), then the clock steps, then the change is heard.
              a.advance(c.gap);
              await turns(5);
              a.t.offset += c.step;
              const end = at() + Math.min(c.ms ?? BAR, BAR);
              x.postMessage(
                c.folded
                  ? forged({ type: 'folded', ms: c.ms ?? BAR })
                  : pauseToldByX({ id: `p${n}`, ...(c.ms !== null && { ms: c.ms }) }),
              );
              await turns(5);
              // (A change heard before still bars if the clock stepped back before its end.)
              barredUntil = Math.max(barredUntil, end);
              // Tick by tick to one tick past its end: then free.
              while (at() < barredUntil + tick) {
                a.advance(tick);
                await turns(3);
              }
              if (!free(a.client.view))
                bad.push(`barred at ${at() - NOON}, past ${barredUntil - NOON} by ${at() - barredUntil}`);
            }
            expect(bad).toEqual([]);
          } finally {
            a.client.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
