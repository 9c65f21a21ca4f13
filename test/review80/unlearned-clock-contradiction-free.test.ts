// Review 80, finding 1 (HIGH, fail open).
// Fixed in the fifty-second pass (failed on 7dfdbfcd, seen): profile-rules.ts `early`, accepted-store.ts
// `recall` and `mergeLimits`, profile-take.ts (no lapse on a clock that has not learned).
// Checks: a profile read whose restriction says "none" (`user_pause: 0`, `user_exclusion: 0`,
// `spa_exclusion: 0`, `operator_exclusion: 0`) while one of its dates is still ahead (review 7 H1:
// the read contradicts itself; docs/responsible-gaming.md "0/null = no pause only when no date of
// it says otherwise ... = unknown (canBet false)"), read on a device clock days ahead that never
// learned the server's time (an API whose `Date` is not exposed).
// Docs promise (docs/time.md "No server time learned, no dated judgment"): a read that holds a date
// is `stale`, `canBet` false, until an answer's `Date` is read; only a read with nothing dated
// stays `current`. At the server's true time this read is `unknown` (canBet false).
// What happens: the device clock (4 days ahead) has every date in the past, so no contradiction is
// seen, and `sessionRestrictionsOf` decides "dated?" only by `nextChangeAt` of what is in force /
// pending at the earliest time (machines/session/profile-rules.ts:203-208), which ignores a
// restriction read as "none" whose dates made it unreadable: status `current`, `canBet: true`.
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { withoutDate } from '../support/hidden-date';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

const DAY = 86_400_000;
const ctx = useReferenceServer();
const pam = usePamClients(ctx);

// Naive São Paulo time, as the service writes it.
const sp = (t: number) => new Date(t - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const CASES: [string, (now: number) => Record<string, unknown>][] = [
  [
    'user_pause 0 with its end 3 days ahead',
    (n) => ({ user_pause: 0, user_pause_at: sp(n - DAY), user_pause_in: sp(n + 3 * DAY) }),
  ],
  [
    'user_exclusion 0 with its end 3 days ahead',
    (n) => ({ user_exclusion: 0, user_exclusion_at: sp(n - DAY), user_exclusion_in: sp(n + 3 * DAY) }),
  ],
  [
    'spa_exclusion 0 with its start 3 days ahead',
    (n) => ({ spa_exclusion: 0, spa_exclusion_at: sp(n + 3 * DAY) }),
  ],
  [
    'operator_exclusion 0 with its start 3 days ahead',
    (n) => ({ operator_exclusion: 0, operator_exclusion_at: sp(n + 3 * DAY) }),
  ],
];

describe('review80: a self-contradicting "none" read on an unlearned clock days ahead', () => {
  for (const [name, over] of CASES)
    it(`${name}: never free to bet before the clock learned`, async () => {
      const tracked = trackedFetch(
        withoutDate(profileRewritingFetch(globalThis.fetch, (u) => Object.assign(u, over(Date.now())))),
      );
      const clock = createClock({ wall: () => Date.now() + 4 * DAY });
      const client = pam.client({ fetch: tracked.fetch, environment: { clock } });
      const seen: unknown[] = [];
      client.subscribe(
        (v) => v.restrictions?.canBet && seen.push({ status: v.restrictions.status, canBet: true }),
      );
      await pam.signIn(client, 'plain');
      await until(
        () => client.view.restrictions?.status !== 'unknown' || !!client.view.restrictions?.checkedAt,
        'read',
      );
      await tracked.idle();
      expect(clock.learned?.()).toBe(false);
      expect(seen, 'views free to bet').toEqual([]);
      expect(client.view.restrictions?.canBet).toBe(false);
    });
});
