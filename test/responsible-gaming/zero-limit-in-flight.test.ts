// ZERO30 (fail open): a limit change that sets an ACTIVE bet or loss limit of 0 (a limit that allows
// no bet: `betLimitZero` / `lossLimitZero`) did not bar betting while its request was on its way,
// nor at once when the server accepted it: the view showed the player free to bet until the profile
// was read again. The server applies a stricter limit on receipt, so it bars from the send, as a
// pause does (AI-3): a refusal releases, an accepted change stays barred (its limits as sent applied
// at once), an unknown outcome stays barred (fail closed). A looser change or a positive limit bars
// nothing. Over real sockets (the reference server), the answers held by the test (`heldPatches`).
import { updateLimits } from 'pam-client';
import { createPamClient, type SessionView } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { until as settled, turns } from '../support/event-loop';
import { heldPatches } from '../support/held-patches';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const LIMITS = '/bff/users/update-limits';
const PROFILE = '/auth/user-profile';
const password_check = 'Secret123!';

/** A signed-in player free to bet, whose PATCH answers the test holds, and every view it showed since. */
async function freePlayer() {
  const patches = heldPatches(async (input, init) => {
    const answer = await fetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes(PROFILE)) answered++;
    return answer;
  });
  const client = createPamClient({
    baseURL: server.url,
    environment: { channel: null },
    fetch: patches.fetch,
    retry: 0,
  });
  client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
  await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
  const views: SessionView[] = [];
  client.subscribe((v) => views.push(v));
  patches.hold(true);
  return { client, patches, views };
}

const kinds = (v: SessionView) => v.restrictions?.inForce.map((r) => r.kind) ?? [];
// (The profile reads answered, counted as the client gets them.)
let answered = 0;
const answers = () => answered;

describe.each([
  ['bet', 'betLimitZero'],
  ['loss', 'lossLimitZero'],
] as const)('ZERO30: an active %s limit of 0 sent through client.user', (kind, barred) => {
  const zero = { [`user_limit_${kind}`]: 0, [`user_limit_${kind}_period`]: 'daily' };

  test('accepted: barred from the send, at the answer (its read hanging), and after the read', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      const call = client.user.updateLimits(zero);
      await patches.heldCount(1);
      // The server applied it; the answer is held: in flight.
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain(barred);
      // Its re-read hangs: the answer alone must bar.
      server.faults.add({ method: 'GET', path: PROFILE, hang: true, times: 1 });
      patches.held[0]!.release();
      await call;
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain(barred);
      expect(client.view.restrictions?.limits[kind]).toMatchObject({ amount: 0, active: true });
      expect(views.filter((v) => v.restrictions?.canBet)).toEqual([]);
    } finally {
      client.stop();
    }
  });

  test('refused (422): barred while in flight, free again once refused', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      server.faults.add({ method: 'PATCH', path: LIMITS, status: 422, body: { message: 'no' }, times: 1 });
      const call = client.user.updateLimits(zero).catch((e: { status?: number }) => e.status);
      await patches.heldCount(1);
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain(barred);
      patches.held[0]!.release();
      expect(await call).toBe(422);
      const free = await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      expect(free.restrictions?.inForce).toEqual([]);
      expect(views.some((v) => v.restrictions?.canBet === false)).toBe(true);
    } finally {
      client.stop();
    }
  });

  test('unknown outcome (503): barred in flight and after, through the re-read (fail closed)', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      server.faults.add({ method: 'PATCH', path: LIMITS, status: 503, body: { message: 'down' }, times: 1 });
      const before = answers();
      const call = client.user.updateLimits(zero).catch((e: { status?: number }) => e.status);
      await patches.heldCount(1);
      expect(client.view.restrictions?.canBet).toBe(false);
      patches.held[0]!.release();
      expect(await call).toBe(503);
      expect(client.view.restrictions?.canBet).toBe(false);
      // A read that shows the old limits (the change was never applied) does not free the player.
      await settled(() => answers() > before, 'the read after the change answered');
      await turns(20);
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain(barred);
      expect(views.filter((v) => v.restrictions?.canBet)).toEqual([]);
    } finally {
      client.stop();
    }
  });

  test('through client.http (the standalone call): barred from the send and once accepted', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      const call = updateLimits(client.http, zero);
      await patches.heldCount(1);
      expect(client.view.restrictions?.canBet).toBe(false);
      server.faults.add({ method: 'GET', path: PROFILE, hang: true, times: 1 });
      patches.held[0]!.release();
      await call;
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain(barred);
      expect(views.filter((v) => v.restrictions?.canBet)).toEqual([]);
    } finally {
      client.stop();
    }
  });
});

describe('ZERO30: what bars and what does not', () => {
  test('a limit made active over an amount of 0 read bars from the send (the client can tell)', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      // (The seed's bet limit: amount 0, inactive.)
      expect(client.view.restrictions?.limits.bet).toMatchObject({ amount: 0, active: false });
      const call = client.user.updateLimits({ user_limit_bet_active: 1 });
      await patches.heldCount(1);
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain('betLimitZero');
      server.faults.add({ method: 'GET', path: PROFILE, hang: true, times: 1 });
      patches.held[0]!.release();
      await call;
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(views.filter((v) => v.restrictions?.canBet)).toEqual([]);
    } finally {
      client.stop();
    }
  });

  test('a positive bet limit, or a limit of 0 sent inactive, bars nothing in flight', async () => {
    const { client, patches, views } = await freePlayer();
    try {
      for (const [i, payload] of [
        { user_limit_bet: 50, user_limit_bet_period: 'daily' as const },
        { user_limit_loss: 0, user_limit_loss_active: 0 as const },
        { user_limit_deposit: 0, user_limit_deposit_period: 'daily' as const },
      ].entries()) {
        const call = client.user.updateLimits(payload);
        await patches.heldCount(i + 1);
        expect(client.view.restrictions?.canBet).toBe(true);
        patches.held[i]!.release();
        await call;
      }
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      expect(views.some((v) => kinds(v).some((k) => k.endsWith('LimitZero')))).toBe(false);
    } finally {
      client.stop();
    }
  });

  test('a looser change (a bet limit of 0 raised) does not free the player early', async () => {
    const { client, patches } = await freePlayer();
    try {
      const set = client.user.updateLimits({ user_limit_bet: 0, user_limit_bet_period: 'daily' });
      await patches.heldCount(1);
      patches.held[0]!.release();
      await set;
      await until(
        client,
        (v) => v.restrictions?.status === 'current' && v.restrictions.limits.bet.amount === 0,
      );
      const raise = client.user.updateLimits({
        user_limit_bet: 100,
        user_limit_bet_period: 'daily',
        password_check,
      });
      await patches.heldCount(2);
      expect(client.view.restrictions?.canBet).toBe(false);
      patches.held[1]!.release();
      await raise;
      // Accepted, it waits as a pending change (24 hours): the limit of 0 still bars.
      await until(client, (v) => v.restrictions?.status === 'current');
      expect(client.view.restrictions?.canBet).toBe(false);
      expect(kinds(client.view)).toContain('betLimitZero');
    } finally {
      client.stop();
    }
  });
});
