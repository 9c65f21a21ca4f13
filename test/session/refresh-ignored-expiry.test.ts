import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { play } from './refresh-ignored-expiry-support';

// REVIEW-AJ AJ-3 (probe p2-tie revoked:net, revoked:s503): the server revokes the login; both tabs
// refresh, the channel lagging. Tab B's refresh call is on its way (20 s) when A's expiry comes: B
// ignores it (its own call decides, `ownCall` in machines/session/tabs.ts). That call then fails
// with no verdict (a network error, a 503): B once stayed signed in, canBet true, for hours on a
// dead login. The ignored expiry is judged once B's call fails without an answer.

const world = useWorld();

describe('an expiry ignored while our refresh call was on its way is judged when that call fails (AJ-3)', () => {
  for (const outcome of ['network', '503'] as const)
    it(`revoked:${outcome}: B signs out as A did, never canBet after its call failed`, async () => {
      const { a, b, trace } = await play(world, { outcome, revoked: true, channelMs: 3_000, holdMs: 20_000 });
      const states = trace.map((t) => t.s);
      expect(states[0]).toBe('signedIn/true signedIn/true');
      expect(a.client.view.status).toBe('signedOut');
      expect(b.client.view.status).toBe('signedOut');
      expect(b.client.view.signedOutReason).toBe('expired');
      // B signs out once its call failed (20 s in), not hours later, and is never signed in again.
      const out = trace.findIndex((t) => t.s.endsWith('signedOut/undefined') && t.s.startsWith('signedOut'));
      expect(trace.slice(out).map((t) => t.s)).toEqual(['signedOut/undefined signedOut/undefined']);
      expect(trace[out]!.at).toBeLessThanOrEqual(20_000 + 2 * S);
    }, 60_000);
});
