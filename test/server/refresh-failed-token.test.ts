// Review 10, item N: a refresh the API answered 401, 422, 500 or 503 while carrying an
// `access_token`: that token was never revoked (only a 2xx's odd token was), so the API kept a
// token live that no cookie holds. Now every token a refresh answer carries and the server does
// not seal is revoked, whatever the status, as the login path does. A hostile API on 127.0.0.1,
// its clock moved past the refresh point by hand.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HostileAPI, json, loginOk, pamFor, request, signIn, TOKEN, useHostile, user } from './hostile';

const hostile = useHostile();
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

async function refreshAnswering(status: number, issued: string) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk());
    if (req.url === '/auth/logout') return json(res, 200, { message: 'ok' });
    if (req.url === '/users/refresh-token')
      return json(res, status, { message: 'refresh refused', access_token: issued, token_type: 'bearer' });
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
    return json(res, 200, { street: 'x' });
  };
  let clock = Date.now();
  const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
  const cookie = await signIn(pam);
  clock += 61_000;
  const answer = (await pam.handle(request(READ, { cookie })))!;
  return { api, answer, text: await answer.text() };
}

describe('N: a refresh answered with a failed status revokes the token it carries', () => {
  for (const status of [401, 422, 500, 503])
    it(`${status} carrying an access_token: that token revoked, never sealed nor shown`, async () => {
      const issued = `N-${'n'.repeat(40)}`;
      const { api, answer, text } = await refreshAnswering(status, issued);
      expect(revoked(api)).toContain(issued);
      expect(text).not.toContain(issued);
      expect(answer.status).toBe(status === 401 ? 401 : 200);
    });

  it('401: the session ends, and its own token is revoked too (the API refused to refresh it; never left live)', async () => {
    const issued = `N-${'n'.repeat(40)}`;
    const { api } = await refreshAnswering(401, issued);
    expect(revoked(api).sort()).toEqual([issued, TOKEN].sort());
  });

  it('property: whatever the failed status, the token is revoked; the session token never is (unless a 401 ends it)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // (Not 304: no body; not 407: fetch makes it a network error, nothing read.)
        fc.integer({ min: 300, max: 599 }).filter((s) => ![304, 401, 407].includes(s)),
        fc.integer({ min: 16, max: 200 }),
        async (status, length) => {
          const issued = `P${'p'.repeat(length - 1)}`;
          const { api } = await refreshAnswering(status, issued);
          expect(revoked(api)).toEqual([issued]);
          expect(revoked(api)).not.toContain(TOKEN);
        },
      ),
      { numRuns: 25 },
    );
  });
});
