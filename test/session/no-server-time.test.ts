import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useServerHidingDate } from '../support/hidden-date';

// Review 5 D3 (fail open): a cross-origin API that does not list `Date` in
// Access-Control-Expose-Headers hides it from the page, so the client never learns the server's
// time. A player who set the device clock 6 days ahead then saw a 7-day pause (2 days in, 5 to
// go) ended: `current, canBet: true` on a clock that called itself trusted. A dated restriction is
// not judged on a device clock the client never checked against the server: `stale`, `canBet`
// false, until an answer with a readable `Date`; a player with no dated restriction is not barred.
// Over real sockets (the reference server sends `Date`; the browser's hiding is a fetch that drops it).

const DAY = 86_400_000;
const { ctx, tracked, hiding, newClient, signIn } = useServerHidingDate();

/** A client whose device clock is `ahead` ms off (no jump while it runs), signed in as `who`, its first profile read done. */
async function signedIn(who: 'paused' | 'plain', ahead: number) {
  const clock = createClock({ wall: () => Date.now() + ahead });
  const client = newClient({ environment: { clock } });
  const seen: { status?: string; canBet?: boolean }[] = [];
  client.subscribe((v) => seen.push({ status: v.restrictions?.status, canBet: v.restrictions?.canBet }));
  await signIn(client, who);
  await until(() => ctx.server.requests.some((r) => r.path === '/auth/user-profile'), 'the profile read');
  await tracked.idle();
  await until(() => client.view.restrictions?.status !== 'unknown', 'the read taken');
  return { client, clock, seen };
}

describe('no readable Date: dated restrictions are not judged on the unchecked device clock', () => {
  it('a device clock 6 days ahead never ends a pause early: stale, canBet false, never free', async () => {
    const { client, clock, seen } = await signedIn('paused', 6 * DAY);
    expect(clock.trusted()).toBe(true);
    expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
    expect(seen.some((v) => v.canBet === true)).toBe(false);
  });

  it('a right device clock cannot be told from a wrong one: the pause reads stale too', async () => {
    const { client } = await signedIn('paused', 0);
    expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
    expect(client.view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
  });

  it('a player with no dated restriction is not barred, whatever the device clock says', async () => {
    const { client } = await signedIn('plain', 6 * DAY);
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });

  it('the first answer with a readable Date teaches the clock: the pause is current (in force) at once', async () => {
    const { client, clock } = await signedIn('paused', 0);
    expect(client.view.restrictions?.status).toBe('stale');
    hiding.on = false;
    // Any answer under the base URL teaches it (a refresh here), not only the profile's.
    client.state.send({ type: 'REFRESH' });
    await until(() => ctx.server.requests.some((r) => r.path.includes('refresh')), 'the refresh');
    await tracked.idle();
    expect(clock.learned?.()).toBe(true);
    await until(() => client.view.restrictions?.status === 'current', 'current once learned');
    expect(client.view.restrictions).toMatchObject({ canBet: false });
    expect(client.view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
  });

  it('with Date readable, a device clock 6 days ahead holds the pause (control)', async () => {
    hiding.on = false;
    const { client, seen } = await signedIn('paused', 6 * DAY);
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(seen.some((v) => v.canBet === true)).toBe(false);
  });
});
