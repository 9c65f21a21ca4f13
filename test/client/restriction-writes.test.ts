// REVIEW29A-10: a restriction change sent through the client's own adapter (`client.http`, the
// standalone calls API.md recommends, `createUserModule(client.http)`) is followed as a
// `client.user` change is: a pause or self-exclusion bars betting from the send; once settled, an
// accepted change (a limit too) makes the profile flow read again; a refusal (4xx) releases the bar.
// Over real sockets, against the reference server.
import { createUserModule, setSelfExclusion, setTimeoutLimits, updateLimits } from 'pam-client';
import {
  createCustomPamClient,
  createPamClient,
  inspector,
  operatorPreset,
  profile,
  userModule,
} from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { heldPatches } from '../support/held-patches';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const password_check = 'Secret123!';
const PROFILE = '/auth/user-profile';

/** A signed-in client whose PATCH answers can be held, its restrictions read and clear. */
async function signedIn(custom: boolean) {
  const patches = heldPatches();
  const options = { baseURL: server.url, environment: { channel: null }, fetch: patches.fetch, retry: 0 };
  const client = custom
    ? createCustomPamClient({ ...options, flows: [profile()] })
    : createPamClient(options);
  stops.push(client.stop);
  client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
  await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
  return { client, patches };
}

/** Whether the profile was read after the last PATCH to `path`. */
const readAfter = (path: string) => {
  const rs = server.requests;
  const at = rs.map((r) => r.method === 'PATCH' && r.path === path).lastIndexOf(true);
  return at >= 0 && rs.slice(at + 1).some((r) => r.method === 'GET' && r.path === PROFILE);
};

describe('a restriction change through client.http', () => {
  test('a pause (standalone call, preset): barred while in flight, then read in force', async () => {
    const { client, patches } = await signedIn(false);
    patches.hold(true);
    const call = setTimeoutLimits(client.http, { user_pause: 3, reason: 1, password_check });
    await patches.heldCount(1);
    expect(client.view.restrictions?.canBet).toBe(false);
    patches.held[0]!.release();
    await call;
    const v = await until(client, () => readAfter('/bff/users/timeout-limits'));
    expect(v.restrictions?.canBet).toBe(false);
    await until(client, (w) => w.restrictions?.status === 'current');
    expect(client.view.restrictions?.inForce.map((x) => x.kind)).toContain('pause');
  });

  test('a self-exclusion (createUserModule(client.http), profile flow only): barred in flight and after', async () => {
    const { client, patches } = await signedIn(true);
    const user = createUserModule(client.http);
    patches.hold(true);
    const call = user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check });
    await patches.heldCount(1);
    expect(client.view.restrictions?.canBet).toBe(false);
    patches.held[0]!.release();
    await call;
    await until(client, () => readAfter('/bff/users/self-exclusion'));
    expect(client.view.restrictions?.canBet).not.toBe(true);
  });

  test('a stricter limit (standalone call): the profile is read again and shows it', async () => {
    const { client } = await signedIn(false);
    await updateLimits(client.http, { user_limit_deposit: 100, user_limit_deposit_period: 'daily' });
    const v = await until(
      client,
      (w) => readAfter('/bff/users/update-limits') && w.restrictions?.limits.deposit.amount === 100,
    );
    expect(v.restrictions?.limits.deposit.active).toBe(true);
  });

  test('a looser limit (createUserModule(client.http)): read again, the change pending', async () => {
    const { client } = await signedIn(true);
    const user = createUserModule(client.http);
    await user.updateLimits({ user_limit_deposit: 100, user_limit_deposit_period: 'daily' });
    await until(client, (w) => w.restrictions?.limits.deposit.amount === 100);
    await user.updateLimits({ user_limit_deposit: 500, user_limit_deposit_period: 'daily', password_check });
    const v = await until(
      client,
      (w) => w.restrictions?.status === 'current' && !!w.restrictions.limits.deposit.pendingChange,
    );
    expect(readAfter('/bff/users/update-limits')).toBe(true);
    // (Not loosened before its time: the amount in force is still the stricter one.)
    expect(v.restrictions?.limits.deposit.amount).toBe(100);
  });

  test('a refused pause (422) releases its bar: no re-read of its own, canBet again', async () => {
    const { client, patches } = await signedIn(false);
    server.faults.add({
      method: 'PATCH',
      path: '/bff/users/timeout-limits',
      status: 422,
      body: { message: 'no' },
    });
    patches.hold(true);
    const call = setTimeoutLimits(client.http, { user_pause: 3, reason: 1, password_check }).catch(
      (e: { status?: number }) => e.status,
    );
    await patches.heldCount(1);
    expect(client.view.restrictions?.canBet).toBe(false);
    patches.held[0]!.release();
    expect(await call).toBe(422);
    await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
    expect(readAfter('/bff/users/timeout-limits')).toBe(false);
  });
});

describe('a restriction change through client.user', () => {
  // (The user module before the profile flow, whose setup installs the watch: told twice before.)
  test.each([
    ['the preset', () => operatorPreset()],
    ['userModule() before profile()', () => [userModule(), profile()]],
  ])(
    'is barred and re-read once, not twice (%s: its own wrapper, not the adapter watch)',
    async (_, flows) => {
      const told: string[] = [];
      const client = createCustomPamClient({
        baseURL: server.url,
        environment: { channel: null },
        retry: 0,
        flows: [
          ...(flows() as ReturnType<typeof operatorPreset>),
          inspector((e) => {
            const ev = e.type === '@xstate.event' ? (e.event as { type?: string; settled?: boolean }) : null;
            if (ev?.type === 'INFLIGHT') told.push(ev.settled ? 'release' : 'bar');
            if (ev?.type === 'PROFILE_CHANGED') told.push('changed');
          }),
        ],
      });
      stops.push(client.stop);
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      await client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check });
      await until(client, () => readAfter('/bff/users/timeout-limits'));
      expect(told).toEqual(['bar', 'changed', 'release']);
    },
  );
});
