// REVIEW-P L6: the routes with the player's own id in the path (`POST /users/update/{id}`,
// `POST /users/change-password/{id}`: spec "id: user id") were forwarded with another player's id
// (`/pam/users/update/2` with player 1's cookie), the API left alone to refuse. The proxy knows the
// session's player: any other id is refused there, `403`, nothing sent. Over real sockets, the
// reference server behind the proxy.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

/** Every route of the service whose `{id}` is the player's (docs/spec: "id: user id"). */
const PLAYER_ROUTES: [string, unknown][] = [
  ['/pam/users/update/', { first_name: 'P' }],
  [
    '/pam/users/change-password/',
    { old_password: 'x', password: 'Abcdef12!', password_confirmation: 'Abcdef12!' },
  ],
];

async function signedIn(): Promise<Browser> {
  const browser = new Browser(fx.served.url);
  const { plain } = ref.server.seed;
  expect((await browser.login(plain.email, plain.password)).status).toBe(200);
  ref.server.requests.length = 0;
  return browser;
}

describe("a player-id route with another player's id (REVIEW-P L6)", () => {
  it.each(PLAYER_ROUTES)('%s{another id}: 403, nothing sent; the own id is forwarded', async (path, body) => {
    const browser = await signedIn();
    const other = await browser.call('POST', `${path}${ref.server.seed.twoFactor.id}`, body);
    expect([other.status, other.json]).toEqual([403, { message: expect.any(String) }]);
    expect(ref.server.requests).toEqual([]);
    await browser.call('POST', `${path}${ref.server.seed.plain.id}`, body);
    expect(ref.server.requests.map((r) => r.path)).toEqual([`${path.slice(4)}${ref.server.seed.plain.id}`]);
  });

  it('property: any id but the session player’s, on every player-id route, is refused before sending', async () => {
    const browser = await signedIn();
    const own = ref.server.seed.plain.id;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PLAYER_ROUTES),
        fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
        async ([path, body], id) => {
          ref.server.requests.length = 0;
          const answer = await browser.call('POST', `${path}${id}`, body);
          const sent = ref.server.requests.map((r) => r.path);
          expect(id === own ? sent : [answer.status, sent]).toEqual(
            id === own ? [`${path.slice(4)}${own}`] : [403, []],
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});
