import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { H, logIn, S, useWorld } from '../support/world';
import { beginWalk } from './walk';

// A walk (`npm run walks` counts the files it runs): the session reads the profile by itself, the
// server answers 401, the session refreshes the token and reads again. The window holds only that:
// the login and the hours before São Paulo's midnight (when the profile flow reads) are set-up.

const world = useWorld();
const PROFILE = '/auth/user-profile';
const REFRESH = '/users/refresh-token';

describe('walk: a 401 during a profile read', () => {
  it('the session reads the profile, is refused, refreshes and reads again', async () => {
    const tab = world.open({ channel: false });
    await logIn(world, tab);
    await world.settle();
    const before = await tab.token();
    // T0 is 21:00 in São Paulo: the flow reads again at midnight, 3 h on (REVIEW-L 4: at its first
    // instant, no longer 1 s after); up to a second before it.
    await world.advance(3 * H - S, 10 * 60 * S);
    expect(world.count('GET', PROFILE)).toBe(1);
    world.server.faults.add({
      method: 'GET',
      path: PROFILE,
      status: 401,
      body: { message: 'Unauthenticated.' },
      times: 1,
    });

    const walk = await beginWalk();
    // (4 s: the midnight re-read goes at midnight + the clock's bound, 2 s, REVIEW-Q 5.)
    await world.advance(4 * S, 100);
    await until(() => world.count('GET', PROFILE) >= 3, 'the profile read again');
    await world.settle();
    await walk.end();

    const after = await tab.token();
    expect(world.count('POST', REFRESH)).toBe(1);
    expect(after).not.toBe(before);
    const reads = world.server.requests.filter((r) => r.path === PROFILE).slice(1);
    // Refused with the old token, read again with the new one; the midnight re-read (at midnight +
    // the clock's bound, within the same four seconds) with the new one too.
    const tokens = reads.map((r) => r.headers.authorization);
    expect(tokens.slice(0, 2)).toEqual([`Bearer ${before}`, `Bearer ${after}`]);
    expect(tokens.slice(2).every((t) => t === `Bearer ${after}`)).toBe(true);
    expect(tab.events).toEqual(['signedIn', 'tokenRefreshed']);
  });
});
