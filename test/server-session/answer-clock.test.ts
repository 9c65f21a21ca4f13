// A login answer is judged at the client's clock and against its own player (the class of the
// seed-expiry defect, looked for across machines/server-session): an answer whose server session
// had already ended by the clock was signed in until the expiry timer's first turn; one whose
// `server_session.player_id` is not its `user.id` (the cookie sealed for another player) was
// signed in as `user`. Now: the first signed out as expired, the second refused
// (`invalid_response`), neither ever signed in.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { freshReadAt } from '../support/server-session-input';
import {
  DAY,
  free,
  H,
  loginAnswer,
  MIDNIGHT,
  NOON,
  S,
  SIGNED_OUT,
  seededClients,
  seedOf,
} from './seeded-client';

const start = seededClients();

/** A signed-out page that signs in; the login route answers `answer`. */
async function signIn(answer: ReturnType<typeof loginAnswer>, o: { at: number; offset?: number }) {
  const started = start(SIGNED_OUT, { ...o, answer: (p) => (p.endsWith('/auth/login') ? answer : 'hang') });
  await started.client.ready;
  started.client.login({ login: 'player@example.com', password: 'correct horse' });
  const { views, client } = started;
  await until(
    () => views.some((v) => v.status === 'signingIn') && client.view.status !== 'signingIn',
    'the login settled',
  );
  return started;
}

describe('a login answer is judged at the clock and against its own player', () => {
  it('a server session that ended by the clock: never signed in, signed out as expired', async () => {
    const { client, views, events } = await signIn(loginAnswer({ expiresAt: NOON - S }), { at: NOON });
    expect(client.view).toMatchObject({ status: 'signedOut', user: null, signedOutReason: 'expired' });
    await turns(6);
    expect(views.some((v) => v.status === 'signedIn')).toBe(false);
    expect(events.map((e) => e.type)).not.toContain('signedIn');
  });

  it('generated ends and device skews: signed in exactly when the session ends after the clock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(0), fc.constantFrom(-1, 1), fc.integer({ min: -DAY, max: DAY })),
        fc.integer({ min: -DAY, max: DAY }),
        async (end, offset) => {
          const { client, views } = await signIn(loginAnswer({ expiresAt: NOON + end }), {
            at: NOON,
            offset,
          });
          try {
            expect(client.view.status, `ends ${end} ms from the clock`).toBe(
              end > 0 ? 'signedIn' : 'signedOut',
            );
            expect(views.filter((v) => v.status === 'signedIn').length).toBe(end > 0 ? 1 : 0);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a server session sealed for another player than the answer’s: never signed in, refused as invalid', async () => {
    const { client, views } = await signIn(loginAnswer({ expiresAt: NOON + H, playerId: 5 }), { at: NOON });
    expect(client.view.status).toBe('failed');
    expect(client.view.error).toMatchObject({ code: 'invalid_response' });
    expect(views.some((v) => v.status === 'signedIn')).toBe(false);
  });
});

describe('a profile answer is taken only as the seed’s player’s', () => {
  it('generated profile answers naming no player or another one, after a stale seed or at the SPA re-check of a current one: never free to bet once read, the player kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<unknown>(
          undefined,
          null,
          {},
          { id: 5 },
          { id: '5' },
          { id: null },
          { id: '4x' },
          'player',
        ),
        // A stale seed (of this page load, read 20 s before, across a São Paulo midnight), or a
        // current one re-read at the next midnight.
        fc.boolean(),
        async (user, stale) => {
          const body = { ...(user === undefined ? {} : { user }), userInfo: answeredUserInfo() };
          const at = stale ? MIDNIGHT + 10 * S : NOON;
          const { client, views, advance, reads } = start(
            { ...seedOf({ readAt: freshReadAt(at, stale ? 20 * S : undefined) }), expiresAt: NOON + 3 * DAY },
            { at, answer: (p) => (p.includes('/auth/user-profile') ? { status: 200, body } : 'hang') },
          );
          try {
            await turns(6);
            const before = views.length; // a current seed is free to bet until the re-check
            if (!stale) advance(DAY);
            await until(() => reads('/auth/user-profile') > 0, 'the profile was read');
            await turns(10);
            const after = views.slice(stale ? 0 : before);
            expect(after.some(free), `user ${JSON.stringify(user)}`).toBe(false);
            expect(views.every((v) => v.status !== 'signedIn' || v.user?.id === 4)).toBe(true);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
