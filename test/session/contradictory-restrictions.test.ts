import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

// Review 7, H1 (t02-pause-null), through the session on real sockets: a profile whose pause count
// is null, absent or 0 (or whose self-exclusion count is 0) while its dates say it is in force or
// pending showed `canBet: true`, restrictions `current`. A count that contradicts its dates is
// unknown now: no betting until a read says what holds.

const world = useWorld();
const PROFILE = '/auth/user-profile';
const D = 86_400_000;

/** The plain seed player's real profile answer, with `patch` written over its userInfo (undefined: left out). */
async function profileWith(patch: Record<string, unknown>) {
  const token = world.server.issueToken(world.server.seed.plain.id);
  const res = await fetch(`${world.server.url}${PROFILE}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { userInfo: Record<string, unknown> };
  const userInfo = { ...body.userInfo, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete userInfo[k];
  return { ...body, userInfo };
}

const iso = (ms: number) => new Date(ms).toISOString();

const CASES: Record<string, (now: number) => Record<string, unknown>> = {
  pauseNullWithDates: (t) => ({ user_pause: null, user_pause_at: iso(t - D), user_pause_in: iso(t + 5 * D) }),
  pauseAbsentWithDates: (t) => ({
    user_pause: undefined,
    user_pause_at: iso(t - D),
    user_pause_in: iso(t + 5 * D),
  }),
  pauseZeroWithDates: (t) => ({ user_pause: 0, user_pause_at: iso(t - D), user_pause_in: iso(t + 5 * D) }),
  exclusionZeroWithDates: (t) => ({
    user_exclusion: 0,
    user_exclusion_at: iso(t - D),
    user_exclusion_in: iso(t + 90 * D),
  }),
  pauseZeroLiftLater: (t) => ({ user_pause: 0, user_pause_min: iso(t + 5 * D) }),
  pauseZeroStartingLater: (t) => ({ user_pause: 0, user_pause_at: iso(t + 2 * D) }),
};

describe('a restriction count that contradicts its dates (review 7, H1)', () => {
  it.each(Object.entries(CASES))('%s: unknown, no betting', async (_name, patch) => {
    const tab = world.open({ tabId: 'tab-a', channel: false });
    world.server.faults.add({
      method: 'GET',
      path: PROFILE,
      status: 200,
      body: await profileWith(patch(world.now())),
    });
    await logIn(world, tab);
    await world.advance(2 * S);
    const r = tab.client.view.restrictions!;
    expect(r.checkedAt).not.toBeNull(); // the read landed
    expect(r).toMatchObject({ status: 'unknown', canBet: false, known: false });
    expect(r.unreadable.length).toBe(1);
  });

  it('the same count with every date past is no restriction: current, free to bet', async () => {
    const tab = world.open({ tabId: 'tab-a', channel: false });
    const t = world.now();
    const body = await profileWith({
      user_pause: 0,
      user_pause_at: iso(t - 9 * D),
      user_pause_in: iso(t - 2 * D),
    });
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
    await logIn(world, tab);
    await world.advance(2 * S);
    expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true, inForce: [] });
  });
});
