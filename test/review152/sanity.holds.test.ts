// Review 152: the harness sees what it judges (a control: each check can fail).
import { expect, it } from 'vitest';
import { LOGOUT } from '../review125/world';
import { StopRun, signIn } from './stop-world';

it('a run signs in, records the grant, counts timers, sees a late send and a live token not stored', async () => {
  const r = new StopRun({ '/auth/login': 200 });
  try {
    for (const m of signIn('twoFactor')) await r.move(m);
    expect(r.client.view.status).toBe('signedIn');
    expect(r.granted.size).toBe(1);
    expect(r.stored()).not.toBeNull();
    // The signed-in client's own timers are counted (refresh, clock look).
    const { vi } = await import('vitest');
    expect(vi.getTimerCount() - r.w.ownTimers - r.w.foreign.size).toBeGreaterThan(0);
    r.stop();
    // A token the store lost while live: the check sees it.
    r.w.storage.removeItem('pam-client.session');
    await expect(r.check()).rejects.toThrow(/tokens live at the server/);
    expect(r.w.sent.some((s) => s.path === LOGOUT)).toBe(false);
  } finally {
    r.dispose();
  }
});
