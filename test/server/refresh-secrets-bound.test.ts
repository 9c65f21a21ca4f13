// Review 10, items Q/Q2: a session's secrets piled up across refreshes (the refresh answer's, then
// every earlier one, bounded by characters only): with a rotating refresh token (refresh every
// 45 min), the cookie held more than 8 secrets after a few hours and every call answered the fixed
// 502 (the scrubber's bound, `MAX_SECRETS`) until the session ended. Now a refresh answer's own
// secrets replace the earlier ones of the same field (those are hunted by calls still carrying
// the old cookie, within `graceMs`); those of other fields stay (a login's `token` when only the
// refresh token rotates: still live, still hunted); and a cookie holds at most 3 secrets besides
// its token. A property
// over refresh sequences, on a clock moved by hand; a hostile API on 127.0.0.1.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_SECRETS } from '../../src/server/cookie';
import { openCookie } from './harness';
import { cookieOf, json, loginOk, pamFor, request, useHostile, user } from './hostile';

const hostile = useHostile();
const MIN_45 = 2_700_000;
const tok = (tag: string, i: number) => `${tag}${i}_${'x'.repeat(36)}`;

/** What one refresh answer carries besides its access token. */
type Shape = 'rotates-refresh' | 'rotates-refresh-and-token' | 'none';

async function run(shapes: readonly Shape[]) {
  const api = await hostile.api();
  let n = 0;
  const live = { refresh: tok('R', 0), token: tok('U', 0) };
  api.handler = (req, res) => {
    if (req.url === '/auth/login')
      return json(res, 200, loginOk({ refresh_token: live.refresh, token: live.token }, tok('A', 0)));
    if (req.url === '/users/refresh-token') {
      const shape = shapes[n++]!;
      const extra: Record<string, string> = {};
      if (shape !== 'none') extra.refresh_token = live.refresh = tok('R', n);
      if (shape === 'rotates-refresh-and-token') extra.token = live.token = tok('U', n);
      return json(res, 200, { access_token: tok('A', n), token_type: 'bearer', expires_in: 28800, ...extra });
    }
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, { user: user({ token: tok('A', n) }), userInfo: loginOk().userInfo });
    // Every call's answer echoes the live secrets: they must come back redacted.
    return json(res, 200, { echo: [live.refresh, tok('A', n), live.token] });
  };
  let clock = Date.now();
  const pam = pamFor(api, { now: () => clock, refreshAfterMs: MIN_45 });
  const login = (await pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login: 'p@example.com', password: 'Secret123!' } }),
  ))!;
  await login.text();
  let cookie = cookieOf(login);
  const statuses: number[] = [];
  const counts: number[] = [];
  for (const _ of shapes) {
    clock += MIN_45 + 60_000;
    const answer = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    statuses.push(answer.status);
    const body = (await answer.json()) as { echo?: unknown[] };
    expect(body.echo).toEqual(['[redacted]', '[redacted]', '[redacted]']);
    if (answer.headers.getSetCookie().length > 0) cookie = cookieOf(answer);
    const sealed = (await openCookie(cookie.split('=').slice(1).join('='))) as { secrets?: string[] };
    counts.push(sealed.secrets?.length ?? 0);
  }
  return { statuses, counts, refreshes: n, cookie };
}

describe('Q: a session’s secrets do not pile up across refreshes', () => {
  it('a rotating refresh token, refreshed every 45 min for 12 refreshes (9 h): every call 200', async () => {
    const { statuses, counts, refreshes } = await run(Array(12).fill('rotates-refresh'));
    expect(refreshes).toBe(12);
    expect(statuses).toEqual(Array(12).fill(200));
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_SESSION_SECRETS);
  });

  it('property: any sequence of refresh shapes: every call answers 200, echoes redacted, the cookie holds at most 3 secrets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Shape>('rotates-refresh', 'rotates-refresh-and-token', 'none'), {
          minLength: 1,
          maxLength: 14,
        }),
        async (shapes) => {
          const { statuses, counts } = await run(shapes);
          expect(statuses).toEqual(shapes.map(() => 200));
          expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_SESSION_SECRETS);
        },
      ),
      { numRuns: 15 },
    );
  });
});
