import { describe, expect, it } from 'vitest';
import { turns } from '../support/event-loop';
import { forged } from './forged-support';
import { madeUpChange, seededTab } from './player-tab';
import { free } from './seeded-client';

// R26-9: the answers to a starting tab's ask that arrive before it holds a login (GET <prefix>/session
// on its way or waiting to retry) go to `inFlightHeard` (keepInFlight), "the latest 8" of ANY login.
// A script's 8 `inflight` messages for made-up login ids (which bar nothing) push the real answer
// out: the login read next is free once the wait is over, while the other tab's pause is in flight.
describe('R26-9: forged changes of other logins evict a real answer kept before the login is held', () => {
  it.each([0, 8])('%i forged changes of other logins', async (flood) => {
    // The session read `unavailable` first, then login-1; the profile read never answered.
    const { s, other, sessionReads, wait } = seededTab((read) => (read === 1 ? null : 'login-1'), {
      profile: false,
    });
    try {
      await turns(20);
      expect(s.client.view.status).not.toBe('signedIn'); // no login held yet
      // The other tab's answer: its pause on its way (30 s left).
      other.postMessage(
        forged({ type: 'inflight', loginId: 'login-1', kind: 'pause', id: 'p1', settled: false, ms: 30_000 }),
      );
      await turns(10);
      for (let i = 1; i <= flood; i++) other.postMessage(madeUpChange(i));
      await turns(10);
      await wait(3_000);
      expect(sessionReads()).toBeGreaterThan(1);
      expect(s.client.view.status).toBe('signedIn');
      // 3 s in: the pause (30 s) is still on its way.
      expect(s.views.filter(free).length).toBe(0);
    } finally {
      s.client.stop();
    }
  });
});
