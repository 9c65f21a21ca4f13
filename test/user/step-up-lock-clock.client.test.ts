import { createClock, sessionActorOf } from 'pam-client/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_LOCK_MS, STEP_UP_STORAGE_PREFIX } from '../../src/user/step-up-attempts';
import { useServerHidingDate } from '../support/hidden-date';

// The client gives the step-up count the one clock's trust (`trusted()` and `learned()`): a page
// whose device clock is 1 h ahead and that never learned the server's time (a cross-origin API
// that hides `Date`) keeps another tab's 15-minute lock; it ended at once before (the count's
// clock alone said the lock was over), and the password was sent.

const { ctx, tracked, newClient, signIn } = useServerHidingDate();
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the client counts step-up attempts on the one clock’s trust', () => {
  it('a device clock 1 h ahead, never taught the server time, keeps another tab’s lock: no password sent', async () => {
    const m = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    });
    const clock = createClock({ wall: () => Date.now() + 3_600_000 });
    const client = newClient({ environment: { clock } });
    await signIn(client);
    const { password } = ctx.server.seed.plain;
    await tracked.idle();
    expect(clock.learned?.()).toBe(false);
    const userId = sessionActorOf(client).getSnapshot().context.userId;
    // Another tab locked the player 1 minute ago (server time).
    const lockedUntil = Date.now() - 60_000 + STEP_UP_LOCK_MS;
    m.set(`${STEP_UP_STORAGE_PREFIX}player ${userId}`, JSON.stringify({ wrong: 3, lockedUntil, held: [] }));
    const before = ctx.server.requests.length;
    await expect(
      client.user.updateEmail({ email: 'locked@example.com', password_check: password }),
    ).rejects.toMatchObject({ code: 'step_up_locked', retryAt: lockedUntil });
    expect(
      ctx.server.requests.slice(before).filter((r) => r.body && 'password_check' in (r.body as object)),
    ).toEqual([]);
  });
});
