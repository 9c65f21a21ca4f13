// A cookie's times sealed ahead of the server's clock (another instance's, or this one's stepped
// back): the idle and absolute ends are judged from `now` within the skew allowed (MAX_SKEW_MS, 60 s),
// and a cookie sealed further ahead ends (when the player was last seen cannot be known). Before, a
// clock stepped back by hours pushed the idle end later by as much: an idle player stayed signed in.
// A hostile API on 127.0.0.1, the app server's clock moved by hand, generated steps.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { json, loginOk, pamFor, request, signIn, useHostile, user } from './hostile';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';
const S = 1000;
const H = 3_600_000;
const IDLE = 2 * H;
const SKEW = 60 * S;

async function readAfter(moves: number[]) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk({ expires_in: 86_400 }));
    if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
    return json(res, 200, {});
  };
  let clock = Date.parse('2026-12-03T12:00:00Z');
  const pam = pamFor(api, { now: () => clock, refreshAfterMs: 86_400_000 });
  const cookie = await signIn(pam);
  for (const m of moves) clock += m;
  const answer = (await pam.handle(request(READ, { cookie })))!;
  await answer.text();
  return answer.status;
}

describe('a cookie sealed ahead of the clock never extends the session', () => {
  it('a clock stepped back 3 h, the player idle 2.5 h since: signed out (was signed in)', async () => {
    expect(await readAfter([-3 * H, 2.5 * H])).toBe(401);
  });

  it('another instance 30 s behind, at once: signed in', async () => {
    expect(await readAfter([-30 * S])).toBe(200);
  });

  it('over generated clock steps: signed in only when sealed within the skew and seen within the idle', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -5 * H, max: 3 * H }), async (move) => {
        // (Within a second of either edge the call's own time may tip it: not judged.)
        fc.pre(Math.abs(move + SKEW) > S && Math.abs(move - IDLE) > S);
        const status = await readAfter([move]);
        // (Seen at the login: the time since it, as this clock reads it, from `now` when ahead.)
        const alive = move >= -SKEW && Math.max(move, 0) < IDLE;
        expect(status).toBe(alive ? 200 : 401);
      }),
      { numRuns: 60, examples: [[-3 * H], [-SKEW + 2 * S], [-SKEW - 2 * S], [IDLE - 2 * S], [IDLE + 2 * S]] },
    );
  }, 60_000);
});
