// Review 125: the world works: a login signs both tabs in, the refresh goes at 6 h (one, the
// leader's), a 2FA login by CPF passes, and a stop leaves no timer.
import { describe, expect, it } from 'vitest';
import { advance, checkLiveness, code, finish, login, logout, quiesce } from './commands';
import { H, LiveWorld, REFRESH } from './world';

describe('review 125: the liveness world', () => {
  it('signs in both tabs, refreshes once at 6 h, and stops clean', async () => {
    const w = new LiveWorld();
    try {
      w.open(0);
      w.open(1);
      await w.settle();
      const m = { stopped: [false, false] };
      await login(0, 'plain', 'email', true).run(m, w);
      await quiesce().run(m, w);
      expect(w.tabs.map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn']);
      await advance(7 * H).run(m, w);
      expect(w.sent.filter((s) => s.path === REFRESH).map((s) => s.got)).toEqual([200]);
      await logout(0).run(m, w);
      await quiesce().run(m, w);
      await login(1, 'twoFactor', 'cpf', true).run(m, w);
      expect(w.tabs[1]!.client.view.status).toBe('twoFactorRequired');
      await code(1, true).run(m, w);
      await quiesce().run(m, w);
      expect(w.tabs.map((t) => t.client.view.user?.id)).toEqual([2, 2]);
      checkLiveness(w);
      await finish(w);
    } finally {
      w.dispose();
    }
  }, 60_000);
});
