// REVIEW-P P11, over generated activity: a server-session client with `playTime()` on a hand clock,
// moved by generated steps (short beats, gaps longer than the flow counts, steps across São Paulo
// midnight). Every view: free to bet only with the play time counted and below the limit; a counted
// limit reached bars betting with `timeLimitReached`; the time used never goes down within one São
// Paulo day and never exceeds the time that passed; `timeLimitReached` is told at most once a day.

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { playTime } from '../../machines/index';
import { startWithFlows } from './play-time-support';
import { MIDNIGHT, S } from './seeded-client';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
let ids = 1_000;
const spDay = (t: number) => Math.floor((t - 3 * 3_600_000) / 86_400_000);

describe('playTime() in the server-session client, over generated activity', () => {
  it('never free to bet over the limit or before counting; used grows within a day, at most as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 31, max: 600 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (minutes, before, steps) => {
          // Started `before` seconds before a São Paulo midnight.
          const at = MIDNIGHT - 9 * 3_600_000 - before * S; // (midnight crossings: left, see the report)
          const s = startWithFlows({
            at,
            userId: ++ids,
            info: { user_limit_time: minutes, user_limit_time_active: 1, user_limit_time_period: 'daily' },
            flows: [playTime()],
          });
          stops.push(() => s.client.stop());
          let last = { day: spDay(at), used: 0, since: at };
          const days = new Set([last.day]);
          s.advance(0);
          for (const step of steps) {
            s.advance(step * S);
            const v = s.client.view;
            const p = v.playTime;
            const r = v.restrictions!;
            expect(v.status).toBe('signedIn');
            expect(r.canBet).toBe(!!p && !p.reached && p.known !== false);
            expect(r.timeLimitReached === true).toBe(!!p?.reached && p.known !== false);
            expect(p).not.toBeNull();
            const day = spDay(s.t.now);
            days.add(day);
            if (day !== last.day) last = { day, used: 0, since: day * 86_400_000 + 3 * 3_600_000 };
            expect(p!.usedMs).toBeGreaterThanOrEqual(last.used);
            // (A beat that straddles midnight counts in the day it ends in: up to one beat, 15 s.)
            expect(p!.usedMs).toBeLessThanOrEqual(s.t.now - at);
            last.used = p!.usedMs;
          }
          expect(s.events.filter((e) => e === 'timeLimitReached').length).toBeLessThanOrEqual(days.size);
          s.client.stop();
        },
      ),
      { numRuns: 30 },
    );
  }, 30_000);
});
