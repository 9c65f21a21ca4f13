import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';
import { MIN, S, type Tab, twoFreeTabs, useWorld } from '../support/world';

// Review 7, M1 (t09-pause-timeout), on real sockets: a pause or self-exclusion request whose outcome
// is unknown (a timeout, a dropped connection, a 5xx: the server may have applied it) left
// `canBet: true` until the next scheduled read. Now it bars betting at once, exactly as an accepted
// one: the flow reads again (backing off), the other tabs are told, and it is kept for the player
// until a read shows it in force (docs/responsible-gaming.md: the release rule; kept across pages
// as an accepted one: the same `remember`). A clear refusal
// (a 4xx) bars nothing.

const world = useWorld();
const PROFILE = '/auth/user-profile';
/**
 * Tab A's adapter timeout. The login runs on real time (before any fake timer), so it is generous:
 * a short one failed the login on a loaded CI machine. The timeout mode fakes setTimeout before its
 * hanging call and moves fake time past it.
 */
const TIMEOUT = 10_000;

afterEach(() => {
  vi.useRealTimers();
});

const CHANGES = {
  pause: {
    path: '/bff/users/timeout-limits',
    send: (tab: Tab, password: string) =>
      tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password }),
  },
  selfExclusion: {
    path: '/bff/users/self-exclusion',
    send: (tab: Tab, password: string) =>
      tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password }),
  },
} as const;

type Mode = 'timeout' | 'drop' | 500 | 502 | 503 | 504;
const MODES: Mode[] = ['timeout', 'drop', 500, 502, 503, 504];

/** Sends the change through `tab`, failing as `mode` says (the server applies nothing), and returns its error code. */
async function failing(
  tab: Tab,
  change: (typeof CHANGES)[keyof typeof CHANGES],
  mode: Mode,
): Promise<unknown> {
  if (mode === 'timeout') {
    // The adapter's timeout on fake time (only setTimeout: the world's clock runs the rest).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    world.server.faults.add({ method: 'PATCH', path: change.path, hang: true, times: 1 });
    world.server.faults.add({ method: 'POST', path: change.path, hang: true, times: 1 });
  } else if (mode === 'drop') {
    world.server.faults.add({ path: change.path, drop: true, times: 1 });
  } else {
    world.server.faults.add({ path: change.path, status: mode, body: { message: 'gateway' }, times: 1 });
  }
  const call = change.send(tab, world.server.seed.plain.password).then(
    () => 'ok',
    (e: { code?: string; status?: number }) => e.status ?? e.code,
  );
  if (mode === 'timeout') {
    await until(() => world.count('PATCH', change.path) + world.count('POST', change.path) === 1, 'sent');
    await vi.advanceTimersByTimeAsync(TIMEOUT);
  }
  return call;
}

describe.each(Object.entries(CHANGES))(
  'a %s request whose outcome is unknown (review 7, M1)',
  (kind, change) => {
    it.each(MODES)(
      '%s: barred at once, in both tabs, re-read with the backoff, kept while no read shows it',
      async (mode) => {
        const [a, b] = await twoFreeTabs(world, { timeout: TIMEOUT, retry: 0 });
        const breaches: string[] = [];
        for (const [i, t] of [a, b].entries())
          t.client.subscribe((v) => {
            if (v.restrictions?.canBet) breaches.push(`tab ${i}`);
          });
        const reads = world.count('GET', PROFILE);
        const outcome = await failing(a, change, mode);
        expect(outcome).toBe(mode === 'timeout' || mode === 'drop' ? mode.replace('drop', 'network') : mode);
        vi.useRealTimers();
        expect(a.client.view.restrictions!.canBet).toBe(false);
        await world.settle();
        expect(b.client.view.restrictions!.canBet).toBe(false);
        // The server applied nothing: every read shows no restriction, and the flow keeps reading.
        await world.advance(30 * S, 250);
        expect(world.count('GET', PROFILE)).toBeGreaterThan(reads + 3);
        await world.advance(30 * MIN, 10 * S);
        // (Kept, never read: in force unread, no start, no end; since FIXFUNNEL.)
        for (const t of [a, b])
          expect(t.client.view.restrictions).toMatchObject({
            canBet: false,
            inForce: [{ kind, since: null, until: null }],
          });
        expect(breaches).toEqual([]);
      },
    );

    it('a clear refusal (422, validation) bars nothing', async () => {
      const [a, b] = await twoFreeTabs(world, { timeout: TIMEOUT, retry: 0 });
      world.server.faults.add({ path: change.path, status: 422, body: { message: 'invalid' }, times: 1 });
      const outcome = await change.send(a, world.server.seed.plain.password).then(
        () => 'ok',
        (e: { status?: number }) => e.status,
      );
      expect(outcome).toBe(422);
      await world.advance(5 * S);
      for (const t of [a, b])
        expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    });
  },
);
