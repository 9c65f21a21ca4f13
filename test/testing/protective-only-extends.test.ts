import fc from 'fast-check';
import {
  createReferenceFetch,
  type ReferenceServer,
  SEED_ACCOUNTS,
  startReferenceServer,
} from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Answer, call, manualClock } from './helpers';

// REVIEW-AA AA-1: a pause or a self-exclusion in force is never shortened. One that would end
// earlier (or a timed exclusion over a permanent one) is refused with 422 naming the field and
// changes nothing; one that ends later or at the same time is accepted.

const { plain, paused, selfExcluded } = SEED_ACCOUNTS;
const PROFILE = '/auth/user-profile';
const DAY = 24 * 60 * 60 * 1000;
const PAUSE = '/bff/users/timeout-limits';
const EXCLUSION = '/bff/users/self-exclusion';

const refused = (field: string) => ({
  message: 'The given data was invalid.',
  errors: { [field]: [expect.stringMatching(/in force ends later/)] },
});

describe('reference server: a pause or self-exclusion in force only extends (AA-1)', () => {
  const clock = manualClock();
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ now: clock.now, tokenTtlSeconds: 400 * 24 * 60 * 60 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    clock.set(clock.start);
    server.reset();
  });

  const as = (id: number, password: string) => {
    const token = server.issueToken(id);
    return {
      send: (path: string, body: Record<string, unknown>): Promise<Answer> =>
        call(server, 'PATCH', path, { token, body: { reason: 1, password_check: password, ...body } }),
      info: async () => (await call(server, 'GET', PROFILE, { token })).json.userInfo,
    };
  };

  it.each([
    [
      'a 6-month self-exclusion, by 3 months',
      selfExcluded,
      EXCLUSION,
      { user_exclusion: 3 },
      'user_exclusion',
    ],
    ['a 7-day pause, by 1 day', paused, PAUSE, { user_pause: 1 }, 'user_pause'],
  ] as const)(
    'refuses to shorten %s: 422 on the field, nothing changed',
    async (_, account, path, body, field) => {
      const player = as(account.id, account.password);
      const before = await player.info();
      const res = await player.send(path, body);
      expect([res.status, res.json]).toEqual([422, refused(field)]);
      expect(await player.info()).toEqual(before);
    },
  );

  it('keeps a permanent exclusion permanent: any timed one is refused, another permanent one accepted', async () => {
    const player = as(plain.id, plain.password);
    expect((await player.send(EXCLUSION, { user_exclusion: -1 })).status).toBe(200);
    const before = await player.info();
    for (const user_exclusion of [3, 60]) {
      const res = await player.send(EXCLUSION, { user_exclusion });
      expect([res.status, res.json]).toEqual([422, refused('user_exclusion')]);
    }
    expect(await player.info()).toEqual(before);
    expect((await player.send(EXCLUSION, { user_exclusion: -1 })).status).toBe(200);
    expect(await player.info()).toMatchObject({ user_exclusion: -1, user_exclusion_in: null });
  });

  it('accepts a longer one, one that ends at the same time, and any once the one in force has ended', async () => {
    const excluded = as(selfExcluded.id, selfExcluded.password);
    expect((await excluded.send(EXCLUSION, { user_exclusion: 12 })).status).toBe(200);
    expect(await excluded.info()).toMatchObject({
      user_exclusion: 12,
      user_exclusion_in: '2026-03-01 09:00:00',
    });
    const player = as(paused.id, paused.password); // ends 2025-03-06 09:00 (5 days left)
    expect((await player.send(PAUSE, { user_pause: 5 })).status).toBe(200); // the same end
    expect((await player.send(PAUSE, { user_pause: 10 })).status).toBe(200);
    expect(await player.info()).toMatchObject({ user_pause: 10, user_pause_in: '2025-03-11 09:00:00' });
    clock.advance(10 * DAY); // the pause has ended
    expect((await player.send(PAUSE, { user_pause: 1 })).status).toBe(200);
    expect(await player.info()).toMatchObject({ user_pause: 1, user_pause_in: '2025-03-12 09:00:00' });
  });
});

// Over generated sequences of requests and clock moves: a request is accepted exactly when
// nothing of its kind is in force or it ends no earlier, and the end in force never moves earlier.
describe('reference kit: pause and self-exclusion ends, over generated sequences (AA-1)', () => {
  const months = [3, 6, 12, 24, 36, 60, -1] as const;
  const step = fc.oneof(
    fc.record({ kind: fc.constant('pause' as const), n: fc.integer({ min: 1, max: 45 }) }),
    fc.record({ kind: fc.constant('exclusion' as const), n: fc.constantFrom(...months) }),
    fc.record({ kind: fc.constant('wait' as const), n: fc.integer({ min: 0, max: 800 }) }),
  );
  const addMonths = (ms: number, n: number) => {
    const date = new Date(ms);
    date.setUTCMonth(date.getUTCMonth() + n);
    return date.getTime();
  };

  it('accepts exactly what does not end earlier than the one in force', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const clock = manualClock();
        const kit = createReferenceFetch({ now: clock.now, tokenTtlSeconds: 10 * 365 * 24 * 60 * 60 });
        const token = kit.issueToken(plain.id);
        const send = async (method: string, path: string, body?: unknown) => {
          const res = await kit(`${kit.baseURL}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, json: await res.json() };
        };
        const ends = { pause: 0, exclusion: 0 }; // ms; Infinity = permanent; 0 = none
        for (const { kind, n } of steps) {
          if (kind === 'wait') {
            clock.advance(n * 0.25 * DAY);
            continue;
          }
          const now = clock.now();
          const end =
            kind === 'pause' ? now + n * DAY : n === -1 ? Number.POSITIVE_INFINITY : addMonths(now, n);
          const inForce = ends[kind] > now;
          const before = (await send('GET', PROFILE)).json;
          const body = kind === 'pause' ? { user_pause: n } : { user_exclusion: n };
          const res = await send('PATCH', kind === 'pause' ? PAUSE : EXCLUSION, {
            ...body,
            reason: 1,
            password_check: plain.password,
          });
          if (inForce && end < ends[kind]) {
            expect(res.status).toBe(422);
            expect(Object.keys(res.json.errors)).toEqual([
              kind === 'pause' ? 'user_pause' : 'user_exclusion',
            ]);
            expect((await send('GET', PROFILE)).json).toEqual(before);
          } else {
            expect(res.status).toBe(200);
            ends[kind] = end;
            expect((await send('GET', PROFILE)).json.userInfo).toMatchObject(body);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
