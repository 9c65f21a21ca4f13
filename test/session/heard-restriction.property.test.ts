import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { ACCEPTED_MS, profileFlow, profileOf } from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';

// A pause or self-exclusion accepted in another tab, heard here (`CHECK` with `restricts` and no
// time: another tab's word), whatever the delays and whatever each read answers (fresh: the
// restriction in force since the server accepted it; lagging: the profile from before), and across
// a new login of this tab (before or after a read of its own showed it): this tab never shows `canBet: true`
// from the moment it heard it until a day after the server accepted it (the bound of one accepted
// here). No `localStorage`: the tab's own memory only. Time simulated.

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const T0 = Date.parse('2026-11-23T12:00:00Z');

type Kind = 'pause' | 'selfExclusion';
const none = freeUserInfo();
const iso = (ms: number) => new Date(ms).toISOString();
const infoOf = (kind: Kind, start: number): Record<string, unknown> =>
  kind === 'pause'
    ? { ...none, user_pause: 7, user_pause_at: iso(start), user_pause_in: iso(start + 7 * D) }
    : { ...none, user_exclusion: 6, user_exclusion_at: iso(start), user_exclusion_in: null };

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('a restriction heard from another tab is kept as one accepted here', () => {
  it.each(['pause', 'selfExclusion'] as const)(
    '%s: never free to bet from hearing it until a day after it was accepted',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1 * S, max: 10 * MIN }), // when the server accepted it (after T0)
          fc.integer({ min: 0, max: 2 * MIN }), // how late the word reaches this tab
          fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), // each read after it: fresh or lagging
          fc.array(fc.integer({ min: 1, max: 3 * H }), { minLength: 1, maxLength: 25 }),
          fc.option(fc.nat({ max: 24 }), { nil: null }), // the step at which this tab logs in again
          async (accepted, delay, fresh, steps, reloginAt) => {
            const clock = new SimulatedClock();
            clock.set(T0);
            const acceptedAt = T0 + accepted;
            let reads = 0;
            const auth = {
              getUserProfile: async () => {
                const now = clock.now();
                const shown = now >= acceptedAt && (fresh[reads++ % fresh.length] as boolean);
                const userInfo = shown ? infoOf(kind, acceptedAt) : none;
                return { user: { id: 1, cancelled_account: false }, userInfo } as never;
              },
            };
            // One token store's memory for both logins of the tab (as the session keeps it).
            const store = acceptedStoreOf({});
            const open = (sid: number) =>
              createActor(profileFlow, {
                clock,
                input: {
                  services: { auth, serverNow: () => clock.now(), random: () => 0.5, accepted: store },
                  owner: { userId: 1, sid },
                },
              }).start();
            let flow = open(1);
            await flush();
            expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(true);
            clock.set(acceptedAt + delay);
            await flush();
            // As the tabs flow does when it hears it: kept for the player at once, then told to the flow.
            store.remember(1, { kind, at: clock.now(), heard: true });
            flow.send({ type: 'CHECK', restricts: kind });
            await flush();
            const end = acceptedAt + ACCEPTED_MS - 5 * S;
            for (const [i, ms] of steps.entries()) {
              if (clock.now() >= end) break;
              expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
              // A new login of this tab (before or after a read of its own showed it).
              if (i === reloginAt) {
                flow.stop();
                flow = open(2);
                await flush();
                expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
              }
              clock.increment(Math.min(ms, Math.max(1, end - clock.now())));
              await flush();
            }
            if (clock.now() < end) expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
            flow.stop();
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
