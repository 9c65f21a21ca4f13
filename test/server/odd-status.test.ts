// An API status the Fetch standard will not build a Response with (600-999, and anything below 200)
// made `pam.handle()` reject with a RangeError (review 7, s9): the relayed user routes, the login
// and the password recovery. Every status the API gives is read once, where its answer arrives
// (`callApi`): outside 200-599 it is no answer of this service, the fixed 502 of an unreachable API.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HostileAPI, json, loginOk, pamFor, request, signIn, TOKEN, useHostile } from './hostile';

const hostile = useHostile();
const UNREACHABLE = { message: 'The service could not be reached.' };
const LOGIN = { login: 'p@example.com', password: 'Secret123!' };

/** A hostile API that answers the first login, then `status.value` to everything. */
async function oddAPI(status: { value: number }): Promise<HostileAPI> {
  const api = await hostile.api();
  let signedIn = false;
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login') && !signedIn) {
      signedIn = true;
      return json(res, 200, loginOk());
    }
    res.writeHead(status.value, { 'content-type': 'application/json' });
    res.end('{"message":"odd"}');
  };
  return api;
}

const ROUTES: [string, string, unknown][] = [
  ['GET', '/pam/bff/users/address-by-user', undefined],
  ['POST', '/pam/auth/login', LOGIN],
  ['POST', '/pam/auth/forgot-password', { login: 'p@example.com' }],
  ['GET', '/pam/auth/user-profile?check_spa_again=1', undefined],
];

describe('an API status outside 200-599: the fixed 502, never a rejection', () => {
  it.each([600, 700, 999])('status %i on the relayed, login and recovery routes: 502', async (odd) => {
    const status = { value: 200 };
    const api = await oddAPI(status);
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    status.value = odd;
    for (const [method, path, body] of ROUTES) {
      const answer = (await pam.handle(request(path, { method, cookie, body })))!;
      expect([path, answer.status]).toEqual([path, 502]);
      expect(await answer.json()).toEqual(UNREACHABLE);
    }
    const seed = await (await pam.handle(request('/pam/session', { cookie })))!.json();
    expect(seed.status).toBe('unavailable');
    expect((await pam.getSession(request('/', { cookie }))).initial.status).toBe('unavailable');
  });

  it('property: whatever status the API answers, handle answers (200-599 passed on, others 502), never rejects', async () => {
    const status = { value: 200 };
    const api = await oddAPI(status);
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 200, max: 599 }), fc.integer({ min: 600, max: 999 })),
        fc.constantFrom(...ROUTES),
        async (odd, [method, path, body]) => {
          status.value = odd;
          const answer = (await pam.handle(request(path, { method, cookie, body })))!;
          await answer.arrayBuffer();
          if (odd > 599) expect(answer.status).toBe(502);
          expect(answer.status).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThanOrEqual(599);
          const text = JSON.stringify([...answer.headers]);
          expect(text).not.toContain(TOKEN);
        },
      ),
      { numRuns: 60 },
    );
  });
});
