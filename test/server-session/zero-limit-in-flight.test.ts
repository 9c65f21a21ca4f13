// ZERO30 in server-session mode (through `pam-client/server`, over real sockets): a limit change
// that sets an active bet or loss limit of 0 through `client.user` bars betting from the send (the
// server applies a stricter limit on receipt), stays barred once accepted, before any read, and a
// refusal releases it. The answers are held by the test at the browser (`heldPatches`).
import type { UserModule } from 'pam-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { until } from '../support/event-loop';
import { heldPlayerTab } from './held-player';
import { runningClock, usePam } from './support';

const clock = runningClock();
const pam = usePam(clock);
const { ref } = pam;
const PROFILE = '/auth/user-profile';

const clients: ServerSessionClientBase[] = [];
// (Each test's player starts free: the limit of 0 the test before set is not kept.)
beforeEach(() => ref.server.reset());
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedInFree() {
  const { client, patches } = await heldPlayerTab(pam, clients);
  const free: string[] = [];
  client.subscribe((v) => {
    if (v.restrictions?.canBet) free.push(JSON.stringify(v.restrictions.inForce));
  });
  patches.hold(true);
  return { client, user: (client as never as { user: UserModule }).user, patches, free };
}

describe.each([
  ['bet', 'betLimitZero'],
  ['loss', 'lossLimitZero'],
] as const)('server-session client: an active %s limit of 0 (ZERO30)', (kind, barred) => {
  const zero = { [`user_limit_${kind}`]: 0, [`user_limit_${kind}_period`]: 'daily' };

  it('accepted: barred from the send and at the answer, its re-read hanging', async () => {
    const { client, user, patches, free } = await signedInFree();
    const call = user.updateLimits(zero);
    await patches.heldCount(1);
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(client.view.restrictions?.inForce.map((r) => r.kind)).toContain(barred);
    ref.server.faults.add({ method: 'GET', path: PROFILE, hang: true, times: 1 });
    patches.held[0]!.release();
    await call;
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(client.view.restrictions?.limits[kind]).toMatchObject({ amount: 0, active: true });
    expect(free).toEqual([]);
  });

  it('refused (422): barred while in flight, free again once refused', async () => {
    const { client, user, patches } = await signedInFree();
    ref.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/update-limits',
      status: 422,
      body: { message: 'no' },
      times: 1,
    });
    const call = user.updateLimits(zero).catch((e: { status?: number }) => e.status);
    await patches.heldCount(1);
    expect(client.view.restrictions?.canBet).toBe(false);
    patches.held[0]!.release();
    expect(await call).toBe(422);
    await until(() => client.view.restrictions?.canBet === true, 'free again');
    expect(client.view.restrictions?.inForce).toEqual([]);
  });
});
