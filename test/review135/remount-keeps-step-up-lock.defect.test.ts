// Review 135: without `localStorage` (Node, React Native, a blocked one) the wrong step-up
// passwords were counted in memory per client (its adapter): a remount (a client stopped and created
// again on the same token store) gave the player three more passwords past the lock. The memory
// count is kept per token store now.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

const passwordsSent = () =>
  world.server.requests.filter((r) => r.body && typeof r.body === 'object' && 'password_check' in r.body)
    .length;

describe('review 135: the step-up lock across a remount on the same token store', () => {
  it('three wrong passwords, then the next client: locked, nothing sent', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store });
    await logIn(world, a);
    await world.advance(2 * S);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        await world.during(
          a.client.user.updateEmail({ email: `x${i}@example.com`, password_check: 'wrong-Passw0rd' }).then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? 'unknown',
          ),
          100,
        ),
      );
    expect(codes).not.toContain('ok');
    const sent = passwordsSent();
    expect(sent).toBe(3);
    await expect(
      world.during(
        a.client.user.updateEmail({ email: 'y@example.com', password_check: 'wrong-Passw0rd' }),
        100,
      ),
    ).rejects.toMatchObject({ code: 'step_up_locked' });
    a.client.stop();
    const b = world.open({ tabId: 'tab-a', channel: false, storage: store });
    await world.advance(3 * S, 100);
    expect(b.state()).toBe('signedIn');
    await expect(
      world.during(
        b.client.user.updateEmail({ email: 'z@example.com', password_check: 'wrong-Passw0rd' }),
        100,
      ),
    ).rejects.toMatchObject({ code: 'step_up_locked' });
    expect(passwordsSent()).toBe(sent);
  });
});
