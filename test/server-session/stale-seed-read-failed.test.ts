// A stale seed (read on an earlier São Paulo day, dated ahead of the clock beyond its bound, or met
// on a clock not yet trusted) is read again at once; when that re-read fails the restrictions read
// `unknown`, which API.md keeps for "not yet read for this login". The seed WAS read for this login
// (by the server, for that login id), and the last re-check failed: API.md's `stale` ("the last
// re-check failed"), the seed's restrictions kept as the last known value, `canBet` false, the
// read's error beside them, `restrictionsUnavailable` told with `stale`. A seed whose fields could
// not be read stays `unknown`. Never free to bet either way. (A page's seed is taken at once only
// when read within `SEED_FRESH_MS` of a trusted reading: stale then across a São Paulo midnight or
// dated ahead; an older one, or on an untrusted clock, is confirmed by `GET <prefix>/session` first,
// here answered with the same seed, judged alike: REVIEW-P P5, P6.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { SEED_FRESH_MS } from '../../machines/server-session/guards';
import { answeredUserInfo } from '../support/answered-user-info';
import { until } from '../support/event-loop';
import { type Answer, BOUND, DAY, free, H, MIDNIGHT, NOON, S, seededClients, seedOf } from './seeded-client';

const start = seededClients();

const PROFILE = '/auth/user-profile';

/** The ways a profile re-read fails (a 401 is the end of the session, not a failed read). */
const FAILURES: Answer[] = [
  { status: 503, body: { message: 'down' } },
  { status: 500, body: {} },
  { status: 422, body: { message: 'no' } },
  { status: 200, body: { user: { id: 4 } } }, // no userInfo
  { status: 200, body: { user: { id: 5 }, userInfo: answeredUserInfo() } }, // another player's
];

/** When a seed read at `t` counts as read: within twice the bound after its São Paulo midnight, the day before's last instant (REVIEW35, the profile flow's rule). */
const countedAt = (t: number) => {
  const day = nextBrazilMidnight(t - 2 * BOUND);
  return day <= t ? day - 1 : t;
};

/** A page opened 10 s after a São Paulo midnight, its seed read 20 s before: of the page load, of yesterday. */
const AT = MIDNIGHT + 10 * S;
const YESTERDAY = AT - 20 * S;

describe('a stale seed whose re-read fails', () => {
  it('read before the São Paulo midnight the page opened after, the re-read answers 503: stale (the last re-check failed), the seed’s restrictions kept, not free to bet, told as stale', async () => {
    const seed = seedOf({ readAt: YESTERDAY });
    const { client, views, events, reads } = start(seed, {
      at: AT,
      answer: (p) => (p.includes(PROFILE) ? FAILURES[0]! : 'hang'),
    });
    await until(() => client.view.restrictions?.error != null, 'the re-read failed');
    expect(reads(PROFILE)).toBeGreaterThan(0); // the adapter may retry a 503 (an idempotent GET)
    expect(client.view).toMatchObject({ status: 'signedIn', userInfo: seed.userInfo });
    expect(client.view.restrictions).toMatchObject({
      status: 'stale',
      canBet: false,
      checkedAt: seed.readAt,
      error: { code: 'http' },
    });
    expect(events.filter((e) => e.type === 'restrictionsUnavailable')).toEqual([
      { type: 'restrictionsUnavailable', status: 'stale' },
    ]);
    expect(views.some(free)).toBe(false);
  });

  it('a seed whose fields could not be read: still unknown after the failed re-read', async () => {
    const seed = seedOf({ readAt: YESTERDAY, userInfo: answeredUserInfo({ spa_exclusion: 'yes' }) });
    const { client } = start(seed, {
      at: AT,
      answer: (p) => (p.includes(PROFILE) ? FAILURES[0]! : 'hang'),
    });
    expect(client.view.restrictions?.status).toBe('unknown');
    await until(() => client.view.restrictions?.error != null, 'the re-read failed');
    expect(client.view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
  });

  it('generated stale seeds (ages across São Paulo midnights, dated ahead, untrusted clocks, device skews) × failures: stale after the failure, never free to bet', async () => {
    // The seed's read time from the reading `at`, and the clock's trust.
    const stale = fc.oneof(
      // Of the page load (within `SEED_FRESH_MS`), the page opened after a midnight, the seed read before it.
      fc
        .tuple(fc.integer({ min: 1, max: SEED_FRESH_MS / 2 }), fc.integer({ min: 0, max: SEED_FRESH_MS / 2 }))
        .map(([x, y]) => ({ readAt: () => MIDNIGHT - x, trusted: true, at: MIDNIGHT + y })),
      // On an earlier São Paulo day than the reading (before the midnight that began its day).
      fc.record({
        readAt: fc
          .integer({ min: 1, max: 30 * DAY })
          .map((x) => (at: number) => nextBrazilMidnight(at) - DAY - x),
        trusted: fc.constant(true),
      }),
      // Ahead of the reading beyond the clock's bound.
      fc.record({
        readAt: fc.integer({ min: BOUND + 1, max: 3 * H }).map((x) => (at: number) => at + x),
        trusted: fc.constant(true),
      }),
      // Any age, on a clock not yet trusted.
      fc.record({
        readAt: fc.integer({ min: -BOUND, max: 2 * DAY }).map((x) => (at: number) => at - x),
        trusted: fc.constant(false),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: MIDNIGHT - 3 * H, max: MIDNIGHT + 3 * H }), fc.constant(NOON)),
        stale,
        fc.integer({ min: -DAY, max: DAY }),
        fc.constantFrom(...FAILURES),
        async (reading, { readAt, trusted, ...o }, offset, failure) => {
          const at = 'at' in o ? o.at : reading;
          const seed = seedOf({ readAt: readAt(at), expiresAt: at + DAY });
          const { client, views, reads } = start(seed, {
            at,
            offset,
            trusted,
            answer: (p) =>
              p.includes(PROFILE) ? failure : p.endsWith('/session') ? { status: 200, body: seed } : 'hang',
          });
          try {
            // Of this page load: taken at once, stale; else confirmed first (nothing shown before).
            const taken = trusted && Math.abs(seed.readAt! - at) <= SEED_FRESH_MS;
            expect(client.view.restrictions?.status ?? client.view.status).toBe(
              taken ? 'stale' : 'restoring',
            );
            await until(() => client.view.status !== 'restoring', 'where the session stands');
            expect(reads('/session')).toBe(taken ? 0 : 1);
            expect(client.view.restrictions?.status).toBe('stale');
            await until(() => client.view.restrictions?.error != null, 'the re-read failed');
            expect(
              client.view.restrictions,
              `read ${seed.readAt! - at} ms from the reading, trusted ${trusted}`,
            ).toMatchObject({
              status: 'stale',
              canBet: false,
              checkedAt: countedAt(seed.readAt!),
            });
            expect(views.some(free)).toBe(false);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
