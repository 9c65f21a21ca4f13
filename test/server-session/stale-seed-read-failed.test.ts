// A stale seed (read on an earlier São Paulo day, dated ahead of the clock beyond its bound, or met
// on a clock not yet trusted) is read again at once; when that re-read fails the restrictions read
// `unknown`, which API.md keeps for "not yet read for this login". The seed WAS read for this login
// (by the server, for that login id), and the last re-check failed: API.md's `stale` ("the last
// re-check failed"), the seed's restrictions kept as the last known value, `canBet` false, the
// read's error beside them, `restrictionsUnavailable` told with `stale`. A seed whose fields could
// not be read stays `unknown`. Never free to bet either way.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { answeredUserInfo } from '../support/answered-user-info';
import { until } from '../support/event-loop';
import { type Answer, BOUND, DAY, free, H, MIDNIGHT, NOON, seededClients, seedOf } from './seeded-client';

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

describe('a stale seed whose re-read fails', () => {
  it('two days old, the re-read answers 503: stale (the last re-check failed), the seed’s restrictions kept, not free to bet, told as stale', async () => {
    const seed = seedOf({ readAt: NOON - 2 * DAY });
    const { client, views, events, reads } = start(seed, {
      at: NOON,
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
    const seed = seedOf({ readAt: NOON - 2 * DAY, userInfo: answeredUserInfo({ spa_exclusion: 'yes' }) });
    const { client } = start(seed, {
      at: NOON,
      answer: (p) => (p.includes(PROFILE) ? FAILURES[0]! : 'hang'),
    });
    expect(client.view.restrictions?.status).toBe('unknown');
    await until(() => client.view.restrictions?.error != null, 'the re-read failed');
    expect(client.view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
  });

  it('generated stale seeds (ages across São Paulo midnights, dated ahead, untrusted clocks, device skews) × failures: stale after the failure, never free to bet', async () => {
    // The seed's read time from the reading `at`, and the clock's trust.
    const stale = fc.oneof(
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
        async (at, { readAt, trusted }, offset, failure) => {
          const seed = seedOf({ readAt: readAt(at), expiresAt: at + DAY });
          const { client, views } = start(seed, {
            at,
            offset,
            trusted,
            answer: (p) => (p.includes(PROFILE) ? failure : 'hang'),
          });
          try {
            expect(client.view.restrictions?.status).toBe('stale');
            await until(() => client.view.restrictions?.error != null, 'the re-read failed');
            expect(
              client.view.restrictions,
              `read ${seed.readAt! - at} ms from the reading, trusted ${trusted}`,
            ).toMatchObject({
              status: 'stale',
              canBet: false,
              checkedAt: seed.readAt,
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
