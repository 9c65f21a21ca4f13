// The seed's first profile datum is shown at the client's clock, never at the seed's own read
// time (a seed field judged without the client's clock, looked for across machines/server-session
// after the seed-expiry defect): the profile flow took the seed's answer stamped with the seed's
// `readAt`, and the session showed the restrictions as they stood then, for a moment, before the
// flow was stamped with the clock: a pause that began between the seed's read and the page showed
// the player free to bet. Now the session never shows that datum as it stands: it keeps the seed
// as judged at the clock's reading until the flow has been stamped with the clock.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_FRESH_MS } from '../../machines/server-session/guards';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns } from '../support/event-loop';
import { freshReadAt } from '../support/server-session-input';
import { DAY, free, H, MIDNIGHT, NOON, S, seededClients, seedOf } from './seeded-client';

const start = seededClients();

const iso = (ms: number) => new Date(ms).toISOString();

/** A pause of `days` from `since`, as the profile sends it. */
const pausedFrom = (since: number, days = 3) =>
  answeredUserInfo({ user_pause: days, user_pause_at: iso(since), user_pause_in: iso(since + days * DAY) });

describe('the seed’s first profile datum is shown at the clock, never at its own read time', () => {
  it('a pause that began between the seed’s read and the page: never free to bet, and no profile read', async () => {
    // (Read 20 s before the page: a seed of this page load, taken at once; an older one is confirmed.)
    const seed = seedOf({ readAt: freshReadAt(NOON, 20 * S), userInfo: pausedFrom(NOON - 10 * S) });
    const { client, views, reads } = start(seed, { at: NOON });
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    await turns(10);
    expect(views.some(free), 'a view free to bet').toBe(false);
    expect(client.view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
    expect(reads('/auth/user-profile')).toBe(0);
  });

  it('generated restrictions starting and ending around the seed’s read and the page, near São Paulo midnights: every view free to bet only when free at the clock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: MIDNIGHT - 3 * H, max: MIDNIGHT + 3 * H }), fc.constant(NOON)),
        // The seed's age: mostly one this page load's (taken at once), else older (confirmed first).
        fc.oneof(fc.integer({ min: 0, max: SEED_FRESH_MS }), fc.integer({ min: 0, max: 6 * H })),
        // The pause's start from the page: any, or between a fresh seed's read and the page.
        fc.oneof(fc.integer({ min: -8 * H, max: 2 * H }), fc.integer({ min: -SEED_FRESH_MS, max: 0 })),
        fc.integer({ min: 1, max: 8 * H }), // its length
        fc.integer({ min: -H, max: H }), // the device's skew
        async (at, age, from, length, offset) => {
          const since = at + from;
          const userInfo = answeredUserInfo({
            user_pause: 1,
            user_pause_at: iso(since),
            user_pause_in: iso(since + length),
          });
          const { client, views } = start(seedOf({ readAt: at - age, userInfo }), { at, offset });
          try {
            await turns(6);
            // The pause is in force at the page's clock: no view may let the player bet.
            const inForce = since <= at && at < since + length;
            expect(
              inForce && views.some(free),
              `pause ${from}..${from + length} ms, seed ${age} ms old`,
            ).toBe(false);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
