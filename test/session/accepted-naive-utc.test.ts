import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, type Tab, useWorld } from '../support/world';

// Review 7, H2 (t11-utc-naive, t11b-utc-naive-exclusion), on real sockets: the server accepts a
// pause or a self-exclusion, but writes its timestamps in naive UTC (Laravel's APP_TIMEZONE=UTC),
// which the contract reads as São Paulo: the restriction looks 3 hours ahead. The re-read counted
// it as "shown" and left `canBet: true` with the restriction pending for hours. Now the player stays
// barred (the flow keeps reading, backing off) until a read shows it in force; and since review MED-2
// a start at most 18 h ahead reads as in force (it may be now, written in another zone), so the
// first read shows this one in force: barred throughout, never listed as pending.

const world = useWorld();
const PROFILE = '/auth/user-profile';

const naiveUtc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const D = 86_400_000;
const CHANGES = {
  pause: {
    send: (tab: Tab, password: string) =>
      tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password }),
    /** The pause the server places at `t`, as an API in UTC writes it. */
    fields: (t: number) => ({
      user_pause: 3,
      user_pause_at: naiveUtc(t),
      user_pause_in: naiveUtc(t + 3 * D),
    }),
  },
  selfExclusion: {
    send: (tab: Tab, password: string) =>
      tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password }),
    fields: (t: number) => ({ user_exclusion: 3, user_exclusion_at: naiveUtc(t), user_exclusion_in: null }),
  },
} as const;

/** The profile the server holds now, with `patch` over its userInfo. */
async function profileWith(tab: Tab, patch: Record<string, unknown>) {
  const res = await fetch(`${world.server.url}${PROFILE}`, {
    headers: { authorization: `Bearer ${await tab.token()}` },
  });
  const body = (await res.json()) as { userInfo: Record<string, unknown> };
  return { ...body, userInfo: { ...body.userInfo, ...patch } };
}

describe.each(Object.entries(CHANGES))(
  'an accepted %s read back in naive UTC (review 7, H2)',
  (kind, change) => {
    it('stays barred: each read shows it in force though its start reads 3 h ahead (review MED-2)', async () => {
      const tab = world.open({ tabId: 'tab-a', channel: false });
      await logIn(world, tab);
      await world.advance(2 * S);
      expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
      // Every read from now on answers the restriction placed now, in naive UTC: 3 h ahead.
      const body = await profileWith(tab, change.fields(world.now()));
      world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
      await change.send(tab, world.server.seed.plain.password);
      expect(tab.client.view.restrictions!.canBet).toBe(false);
      for (const ms of [0.1 * S, 2 * S, 5 * S, 10 * MIN, 2 * H]) {
        await world.advance(ms, Math.max(50, ms / 50));
        const r = tab.client.view.restrictions!;
        expect(r.canBet, `after ${ms} ms`).toBe(false);
        // Was `pending` before review MED-2: a start 3 h ahead is within the 18 h bound.
        expect(r.inForce.map((x) => x.kind)).toContain(kind);
        expect(r.pending).toEqual([]);
      }
      // Three hours on, the restriction the reads show is in force: shown, current, still barred.
      await world.advance(1.2 * H, MIN);
      expect(tab.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
      expect(tab.client.view.restrictions!.inForce.map((x) => x.kind)).toContain(kind);
    });
  },
);
