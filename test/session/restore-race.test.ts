import { createMemoryTokenStore, type StoredSession, UnauthorizedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { restoreSession } from '../../machines/session/restore-session';
import { createVault } from '../../machines/session/store';
import { until } from '../support/event-loop';

// A restore that waits on the server (a stored save ahead of its reading, or a past expiry) must
// not act on the store as it read it before the wait: another tab may have logged out, or stored
// another login, meanwhile. Found by review: the restore wrote its old session over another
// player's login, and a server that refused the old token had the restore clear the other tab's
// new session. It goes on from what the store holds after the wait.

const T0 = Date.UTC(2030, 0, 1);
const H = 3_600_000;

const session = (over: Partial<StoredSession>): StoredSession => ({
  accessToken: 'old-user-token',
  tokenType: 'Bearer',
  savedAt: T0,
  expiresAt: T0 + H,
  timeBase: 'server',
  userId: 1,
  sid: 1,
  ...over,
});

/** A restore whose server check the test answers (true: live, false: a 401). */
function restoring(stored: StoredSession) {
  const tokens = createMemoryTokenStore(stored);
  const answers: ((live: boolean) => void)[] = [];
  const auth = {
    getUserProfile: () =>
      new Promise((resolve, reject) =>
        answers.push((live) =>
          live
            ? resolve({ user: { id: 1 } })
            : reject(new UnauthorizedError({ status: 401, method: 'GET', path: '/auth/user-profile' })),
        ),
      ),
  };
  const actor = createActor(restoreSession, {
    input: { tokens, now: () => T0, serverNow: () => T0, vault: createVault(), auth: auth as never },
  }).start();
  return { tokens, actor, answers };
}

// A save ahead of the reading, and a past expiry: both wait on the server.
const waiting = [
  ['a save ahead of the reading', session({ savedAt: T0 + H, expiresAt: T0 + 2 * H })],
  ['a past expiry', session({ savedAt: T0 - 2 * H, expiresAt: T0 - H })],
] as const;
const another = session({ accessToken: 'new-user-token', userId: 2, sid: 9 });

describe('a restore waiting on the server acts on the store as it is after the wait', () => {
  it.each(waiting)('%s: another login stored meanwhile is kept and restored', async (_, stored) => {
    for (const live of [true, false]) {
      const t = restoring(stored);
      await until(() => t.answers.length === 1, 'the server asked');
      await t.tokens.set(another);
      t.answers[0]!(live);
      const out = await toPromise(t.actor);
      expect((await t.tokens.get())?.accessToken).toBe('new-user-token');
      expect(out?.meta.userId).toBe(2);
    }
  });

  it.each(waiting)(
    '%s: a logout meanwhile is kept (nothing restored, nothing written)',
    async (_, stored) => {
      for (const live of [true, false]) {
        const t = restoring(stored);
        await until(() => t.answers.length === 1, 'the server asked');
        await t.tokens.clear();
        t.answers[0]!(live);
        expect(await toPromise(t.actor)).toBeNull();
        expect(await t.tokens.get()).toBeNull();
      }
    },
  );

  it('the store unchanged: the server decides, as before', async () => {
    const live = restoring(waiting[0][1]);
    await until(() => live.answers.length === 1, 'the server asked');
    live.answers[0]!(true);
    expect((await toPromise(live.actor))?.meta.userId).toBe(1);
    const refused = restoring(waiting[0][1]);
    await until(() => refused.answers.length === 1, 'the server asked');
    refused.answers[0]!(false);
    expect(await toPromise(refused.actor)).toBeNull();
    expect(await refused.tokens.get()).toBeNull();
  });
});
