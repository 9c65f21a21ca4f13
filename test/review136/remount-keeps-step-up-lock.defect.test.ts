// Review 136: the step-up's wrong-password lock (three wrong passwords: no password is sent for 15
// minutes, src/user/step-up-attempts.ts) is counted, without `localStorage` (Node, React Native, a
// blocked storage), in memory per ADAPTER (`memoryOf`, keyed by the http the user module got). A
// remount (the client stopped and created again on the same token store, the same page: the same
// player still signed in) makes a new adapter, so the lock and the count start again: more
// passwords are sent for the same player than the lock allows (the class review 135 fixed for the
// accepted records and the play clock).
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

const sentPasswords = () =>
  world.server.requests.filter((r) => r.body && typeof r.body === 'object' && 'password_check' in r.body)
    .length;

describe('review 136: a remount on the same store keeps the step-up lock', () => {
  it('three wrong passwords lock; the remounted client (same player) sends none', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const storage = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage });
    await logIn(world, a);
    await world.advance(2 * S);
    const wrong = (c: typeof a.client, n: number) =>
      world.during(
        c.user.updateEmail({ email: `x${n}@example.com`, password_check: `wrong-${n}` }).then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        ),
      );
    const outcomes: unknown[] = [];
    for (let n = 0; n < 3; n++) outcomes.push(await wrong(a.client, n));
    expect(sentPasswords()).toBe(3);
    // The lock holds in the same client: nothing sent.
    expect(await wrong(a.client, 3)).toBe('step_up_locked');
    expect(sentPasswords()).toBe(3);
    a.client.stop();
    const b = world.open({ tabId: 'tab-a', channel: false, storage });
    await world.advance(3 * S);
    expect(b.state()).toBe('signedIn');
    // The same player, seconds after the lock (15 min): still locked, no password sent.
    const after = await wrong(b.client, 4);
    expect({ after, sent: sentPasswords(), first: outcomes }).toMatchObject({
      after: 'step_up_locked',
      sent: 3,
    });
  });
});
