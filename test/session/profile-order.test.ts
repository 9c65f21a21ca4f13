import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock, waitFor } from 'xstate';
import { internal } from '../../machines/session/events';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { awayFromSaoPauloMidnight } from '../support/away-from-midnight';
import { freeUserInfo } from '../support/free-user-info';
import { signedIn, useReferenceServer } from '../support/server';

// Which of two profile reads is newer (issue 26): the offset the clock learns from whole-second
// `Date` headers moves by up to a second from one answer to the next, so a later read can be
// stamped a little earlier than the one before. The flow's own read is newer than everything it
// held when the read started (its answer was made after theirs); another tab's read stamped a
// little older that would tighten makes the flow read again, never dropped on a stamp's jitter.

const ctx = useReferenceServer();
type Flow = Actor<typeof profileFlow>;
const barred = freeUserInfo({ spa_exclusion: 1 });

function open() {
  const userId = ctx.server.seed.plain.id;
  const { auth, token } = signedIn(ctx.server, userId);
  const sim = new SimulatedClock();
  sim.set(awayFromSaoPauloMidnight(Date.now())); // failed in 03:00:00-03:00:02 UTC: the held read was yesterday's
  const clock = { skew: 0, boundMs: 2_000, trusted: () => true, subscribe: () => () => {} };
  const flow: Flow = createActor(profileFlow, {
    clock: sim,
    input: {
      services: { auth, serverNow: () => sim.now() + clock.skew, random: () => 0.5, clock },
      owner: { userId, sid: 5 },
    },
  });
  flow.start();
  const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
  const datum = () => profileOf(flow.getSnapshot());
  const settled = () => waitFor(flow, (s) => !s.matches('reading'), { timeout: 10_000 });
  /** The next profile answers: the player's own, barred by the SPA. */
  const barNext = async () => {
    const res = await fetch(`${ctx.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { userInfo: object };
    ctx.server.requests.length = 0;
    ctx.server.faults.add({
      path: '/auth/user-profile',
      status: 200,
      body: { ...body, userInfo: { ...body.userInfo, ...barred } },
    });
  };
  return { flow, sim, clock, userId, reads, datum, settled, barNext };
}

describe('profile flow: the order of reads under a clock that re-learns its offset', () => {
  it.each([1, 200, 999, 1_900])(
    'its own read, stamped %i ms earlier than the one it holds, is taken (it was made after)',
    async (back) => {
      const t = open();
      await t.settled();
      expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: true });
      const first = t.datum().at ?? 0;
      t.clock.skew = -back; // the median of the Date samples moved down
      await t.barNext();
      t.flow.send({ type: 'CHECK' });
      await t.settled();
      expect(t.datum().restrictions).toMatchObject({ status: 'current', canBet: false });
      // The order key never goes back: a message stamped between the two reads is older.
      expect(t.datum().at).toBeGreaterThanOrEqual(first);
      t.flow.stop();
    },
  );

  it("another tab's tighter read stamped a little older than the held one makes the flow read again", async () => {
    const t = open();
    await t.settled();
    const held = t.datum().at ?? 0;
    await t.barNext();
    const before = t.reads();
    t.flow.send(
      internal({
        type: 'PROFILE',
        owner: { userId: t.userId, sid: 5 },
        user: null,
        userInfo: barred,
        at: held - 500,
        source: 'remote',
      } as never) as never,
    );
    await t.settled();
    expect(t.reads()).toBe(before + 1);
    expect(t.flow.getSnapshot().value).toBe('idle');
    expect(t.datum()).toMatchObject({ source: 'read', restrictions: { canBet: false, status: 'current' } });
    t.flow.stop();
  });

  it('an older read from another tab that tightens nothing is dropped without a read; one older than the bound that tightens makes the tab read, barred meanwhile (X-1)', async () => {
    const t = open();
    await t.settled();
    const held = t.datum().at ?? 0;
    const before = t.reads();
    const send = (userInfo: object, at: number) =>
      t.flow.send(
        internal({
          type: 'PROFILE',
          owner: { userId: t.userId, sid: 5 },
          user: null,
          userInfo,
          at,
          source: 'remote',
        } as never) as never,
      );
    send(freeUserInfo(), held - 500);
    expect(t.flow.getSnapshot().value).toBe('idle');
    expect(t.reads()).toBe(before);
    expect(t.datum()).toMatchObject({ source: 'read', restrictions: { canBet: true } });
    // Its stamp cannot be placed (a tab whose clock learned no server time stamps its read so):
    // never dropped, never taken as data either; this tab reads for itself.
    send(barred, held - 2_500);
    expect(t.flow.getSnapshot().value).toBe('reading');
    expect(t.datum()).toMatchObject({ source: 'read', restrictions: { canBet: false } });
    await t.settled();
    expect(t.reads()).toBe(before + 1);
    t.flow.stop();
  });
});
