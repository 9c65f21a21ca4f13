import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { liveAtServer, type Outcome, play } from './refresh-ignored-expiry-support';

// REVIEW-AJ AJ-3 as a property: two tabs over one store, the channel held for a generated while;
// the server may revoke the login (every token 401); both tabs refresh, tab B first, its call on its
// way for a generated while and ending as generated: the server's real answer, a 401, a network
// failure or a 503. Another tab's expiry heard while B's own call was on its way is left to that
// call (`ownCall`, machines/session/tabs.ts), and judged when the call gives no verdict
// (`ignoredExpiry`, machines/session/claim.ts). Checked once everything settled (2 h later):
// B is signed in iff the login is live at the server or no tab had the server's word on it yet;
// live, B holds a token the server takes and is free to bet; ended, B is never free to bet once its
// call ended and the expiry reached it.

const world = useWorld();

const outcome = fc.constantFrom<Outcome>('token', '401', 'network', '503');

describe('an expiry heard while our refresh call was on its way, over generated outcomes (AJ-3)', () => {
  it('B signed in at the end iff the login is live and B holds a live token', async () => {
    await fc.assert(
      fc.asyncProperty(
        // (A 401 is forged for a revoked login only: on a live one the server's real answer, the
        // `token` outcome, is a 401 exactly when the token sent was rotated.)
        fc.tuple(outcome, fc.boolean()).filter(([o, revoked]) => revoked || o !== '401'),
        fc.constantFrom(0, 1_000, 3_000, 8_000, 25_000),
        fc.constantFrom(500, 2_000, 8_000, 20_000),
        async ([o, revoked], channelMs, holdMs) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          const { a, b, trace, t0 } = await play(world, { outcome: o, revoked, channelMs, holdMs });
          expect(trace[0]!.s).toBe('signedIn/true signedIn/true');
          // The server's word on the revoked login reaches a tab: a refresh it answered (always 401
          // then), or B's 401. When B's call failed first with no verdict and A gave way to it (or
          // sent nothing), it came once B's failed refresh was tried again, at the backoff (RETRY24:
          // before, at the token's normal due time, hours later, and both tabs stayed signed in).
          const verdict = revoked;
          // When a refresh first reached the server (its word), from the start of the play.
          const word = world.server.requests.find((r) => r.path === '/users/refresh-token')?.at;
          expect(b.client.view.status).toBe(verdict ? 'signedOut' : 'signedIn');
          if (verdict) expect(b.client.view.signedOutReason).toBe('expired');
          else if (!revoked) {
            const token = await b.token();
            expect(await liveAtServer(world, token)).toBe(true);
            expect(b.client.view.restrictions?.canBet).toBe(true);
          }
          // Never free to bet once its call ended and the expiry reached it: at most both waits, the
          // claim's and the lost-race grace (held up to the adapter's 10 s timeout while another
          // tab's claim is live) after the start, or after the server's first word when that came
          // later (a failed refresh tried again at the backoff); B's states in force from then on.
          // (A word that came with the tabs' first calls: as before. One that came with a retry:
          // `play` steps 250 ms for its first `2 * holdMs + 30 s`, then 10 s, where the claim's
          // 100-ms waits each take a step, up to 100 of them, 1000 s; bounded by that.)
          const at = word === undefined ? 0 : word - t0;
          const first = Math.max(channelMs, holdMs);
          const last = at <= first + 2 * S ? first + 20 * S : at + 1020 * S;
          const from = trace.filter((t) => t.at <= last).length - 1;
          const bStates = trace.slice(Math.max(0, from)).map((t) => t.s.split(' ')[1]);
          if (verdict) expect(bStates.filter((x) => x !== 'signedOut/undefined')).toEqual([]);
          else expect(bStates.at(-1)).toBe('signedIn/true');
          // Both tabs agree once settled.
          expect(a.client.view.status).toBe(b.client.view.status);
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);
});
