import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { forged } from './forged-support';
import { holdingHeardPause } from './heard-pause';
import { free, NOON, startSeeded } from './seeded-client';

// R26-6: REMOTE_ASK is answered in `signedIn` only. A tab that holds changes in flight kept
// (inFlightHeard: keepHeldInFlight on leaving signedIn) while it is signing out (a logout on its
// way), or confirming a 401 with the server (restoring.confirming), answers nothing: a tab that
// starts then is free once its wait is over, while the change A holds is still in flight (and A,
// its logout failed, is back in signedIn with the change barring there).
describe('R26-6: an ask heard while the answering tab is not signedIn is lost', () => {
  it.each([false, true])('A signing out: %s', async (signingOut) => {
    // Tab X's pause on its way, told to A; X then closed (a crash or a reload).
    const { hub, seed, a, started } = await holdingHeardPause();
    try {
      expect(free(a.client.view)).toBe(false);
      if (signingOut) a.client.logout();
      expect(a.client.view.status === 'signedIn').toBe(!signingOut);
      await turns(10);
      const c = startSeeded(seed, { at: NOON + 700, channel: hub.channel() });
      started.push(c);
      await turns(20);
      c.advance(500);
      await turns(20);
      expect(c.client.view.status).toBe('signedIn');
      expect(c.views.filter(free).length).toBe(0);
    } finally {
      for (const s of started) s.client.stop();
    }
  });

  // A's profile read answered 401: it asks the server (`restoring.confirming`, GET <prefix>/session
  // on its way), X's pause kept meanwhile; C starts then.
  it('A confirming a 401', async () => {
    const { hub, seed, a, x, started } = await holdingHeardPause((path) =>
      path.endsWith('/session') ? 'hang' : { status: 401, body: { message: 'no session' } },
    );
    try {
      // (Another tab's word: A reads its profile, answered 401.)
      x.postMessage(forged({ type: 'restricted', loginId: 'login-1', kind: 'selfExclusion', at: NOON }));
      await turns(30);
      expect(a.reads('/session')).toBe(1);
      expect(a.client.view.status).not.toBe('signedIn');
      const c = startSeeded(seed, { at: NOON + 700, channel: hub.channel() });
      started.push(c);
      await turns(20);
      c.advance(500);
      await turns(20);
      expect(c.client.view.status).toBe('signedIn');
      expect(c.views.filter(free).length).toBe(0);
    } finally {
      for (const s of started) s.client.stop();
    }
  });
});
