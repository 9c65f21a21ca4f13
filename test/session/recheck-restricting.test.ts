import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { profileNow, restrictionChanges } from '../support/restriction-changes';
import { logIn, S, type Tab, useWorld } from '../support/world';

// Review 5, D4: once the server accepted a change that bars betting (a pause, a self-exclusion),
// the view says so at once: `canBet` is false when the call resolves, before any re-read, and stays
// false until a read made after the acceptance shows the restriction (a read that does not show it
// yet is replica lag: still barred, read again with the backoff).

const world = useWorld();
const PROFILE = '/auth/user-profile';

const CHANGES = restrictionChanges(world);

const restrictions = (tab: Tab) => tab.client.view.restrictions!;
const kinds = (tab: Tab) => restrictions(tab).inForce.map((r) => r.kind);
const reads = () => world.count('GET', PROFILE);

async function signedInFree(options: { retry?: number } = {}): Promise<Tab> {
  const tab = world.open({ tabId: 'tab-a', ...options });
  await logIn(world, tab);
  await world.advance(2 * S);
  expect(restrictions(tab)).toMatchObject({ status: 'current', canBet: true, inForce: [] });
  return tab;
}

describe.each(Object.entries(CHANGES))('an accepted %s bars betting at once', (kind, change) => {
  it('false when the call resolves, while the re-read is slow; then current and barred', async () => {
    const tab = await signedInFree();
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 3 * S, times: 1 });
    await change(tab);
    expect(restrictions(tab).canBet).toBe(false);
    expect(restrictions(tab).status).toBe('stale');
    await world.advance(2.9 * S);
    expect(restrictions(tab).canBet).toBe(false);
    await world.advance(0.2 * S);
    expect(restrictions(tab)).toMatchObject({ status: 'current', canBet: false });
    expect(kinds(tab)).toContain(kind);
  });

  it('false while the re-read hangs', async () => {
    const tab = await signedInFree();
    world.hangAnswers({ method: 'GET', path: PROFILE, times: 1 });
    await change(tab);
    expect(restrictions(tab).canBet).toBe(false);
    await world.advance(5 * S);
    expect(restrictions(tab).canBet).toBe(false);
  });

  it('a re-read that answers the profile from before (replica lag) keeps it barred and reads again', async () => {
    const tab = await signedInFree();
    const before = await profileNow(world, tab);
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 2 });
    const readsBefore = reads();
    await change(tab);
    expect(restrictions(tab).canBet).toBe(false);
    // The first re-read answers the old profile: taken, still barred.
    await world.advance(100);
    expect(reads()).toBe(readsBefore + 1);
    // (Not read yet: the restriction kept is in force, unread: no start, no end; since FIXFUNNEL.)
    expect(restrictions(tab)).toMatchObject({ canBet: false, inForce: [{ kind, since: null, until: null }] });
    // Read again with the backoff (1 s, then 2 s): the second lags too, the third shows it.
    await world.advance(1.1 * S);
    expect(reads()).toBe(readsBefore + 2);
    expect(restrictions(tab).canBet).toBe(false);
    await world.advance(2.1 * S);
    expect(reads()).toBe(readsBefore + 3);
    expect(restrictions(tab)).toMatchObject({ status: 'current', canBet: false });
    expect(kinds(tab)).toContain(kind);
    // Shown: no more reads until the next São Paulo midnight.
    await world.advance(60 * S, 1000);
    expect(reads()).toBe(readsBefore + 3);
  });

  it('a failed re-read leaves it stale and barred', async () => {
    // No HTTP-level retry of the read (its delay runs on real time).
    const tab = await signedInFree({ retry: 0 });
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 500, body: {}, times: 1 });
    await change(tab);
    expect(restrictions(tab).canBet).toBe(false);
    await world.advance(100);
    expect(restrictions(tab)).toMatchObject({ status: 'stale', canBet: false });
  });
});

describe('a change that bars nothing', () => {
  it('a stricter limit leaves betting as it was while the re-read runs', async () => {
    const tab = await signedInFree();
    world.delayAnswers({ method: 'GET', path: PROFILE, ms: 3 * S, times: 1 });
    await tab.client.user.updateLimits({ user_limit_loss: 100, user_limit_loss_period: 'daily' });
    expect(restrictions(tab)).toMatchObject({ status: 'current', canBet: true });
    await world.advance(3.1 * S);
    expect(restrictions(tab)).toMatchObject({ status: 'current', canBet: true });
    expect(String(sessionActorOf(tab.client).getSnapshot().value)).toBe('signedIn');
  });
});
