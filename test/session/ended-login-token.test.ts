import {
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  type RefreshTokenResponse,
  type StoredSession,
} from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';
import { servicesOf } from '../../machines/session/context';
import { internal } from '../../machines/session/events';
import { sessionCore } from '../../machines/sessionMachine';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// Defect P3 (issue 32, "no token of a login that ended is kept"): a refreshed token that reached the
// session while it was signing out (its word queued behind the LOGOUT, or the refresh call's answer
// landing after the cycle was stopped) stayed in the vault after the sign-out: a live token of the
// ended login, reachable by its handle. After a sign-out, no token of the ended login remains in the
// vault, the store, the context or the snapshot, and the server is told to revoke it.

const ctx = useReferenceServer();
const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const NEW_TOKEN = 'refreshed-token-of-the-ended-login';

async function signedIn(machine: typeof sessionMachine = sessionMachine) {
  const userId = ctx.server.seed.plain.id;
  const stored: StoredSession = {
    accessToken: ctx.server.issueToken(userId),
    tokenType: 'Bearer',
    expiresAt: Date.now() + 3_600_000,
    savedAt: Date.now(),
    timeBase: 'server',
    userId,
    seq: 3,
    sid: 41,
  };
  const tokens = createMemoryTokenStore(stored);
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  const core = createAuthModule(http);
  // A refresh whose answer the test gives, late (an auth that does not stop on abort).
  let answer: (r: RefreshTokenResponse) => void = () => {};
  const revoked: (string | undefined)[] = [];
  const auth = {
    ...core,
    refreshToken: () => new Promise<RefreshTokenResponse>((resolve) => (answer = resolve)),
    logout: (o?: Parameters<typeof core.logout>[0]) => {
      revoked.push(o?.accessToken);
      return core.logout(o);
    },
  };
  const actor = createActor(machine, { input: { auth, tokens } });
  actors.push(actor as AnyActor);
  actor.start();
  await waitFor(actor, (s) => s.matches('signedIn'), { timeout: 10_000 });
  // Every handle the vault hands out, with its token.
  const vault = servicesOf(actor.getSnapshot().context).vault;
  const handles: [string, string][] = [];
  const put = vault.put.bind(vault);
  vault.put = (token) => {
    const handle = put(token);
    handles.push([handle, token]);
    return handle;
  };
  const leftover = () => handles.filter(([h]) => vault.has(h)).map(([, t]) => t);
  return { actor, tokens, vault, leftover, revoked, answer: (r: RefreshTokenResponse) => answer(r) };
}

/** Nothing of `token` anywhere the session keeps: the vault, the store, the context, the snapshot. */
async function expectGone(t: Awaited<ReturnType<typeof signedIn>>, token: string) {
  expect(t.leftover()).not.toContain(token);
  expect(await t.tokens.get()).toBeNull();
  expect(JSON.stringify(t.actor.getSnapshot())).not.toContain(token);
  expect(t.actor.getSnapshot().context.sid).toBeNull();
}

describe('no token of an ended login remains (P3)', () => {
  // With every flow, and without any (a client of `flows: []`: the tabs flow's handlers are not
  // there, this one is).
  it.each([
    ['sessionMachine', sessionMachine],
    ['sessionCore', sessionCore],
  ])(
    "the refresh cycle's word, handled while signing out, leaves nothing behind and is revoked (%s)",
    async (_, machine) => {
      const t = await signedIn(machine);
      t.actor.send({ type: 'LOGOUT' });
      expect(t.actor.getSnapshot().matches('signingOut')).toBe(true);
      const { userId, sid } = { userId: ctx.server.seed.plain.id, sid: 41 };
      const handle = t.vault.put(NEW_TOKEN);
      t.actor.send(
        internal({ type: 'TOKEN_REFRESHED', handle, at: Date.now(), owner: { userId, sid } }) as never,
      );
      await waitFor(t.actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
      await turns(10);
      await expectGone(t, NEW_TOKEN);
      await until(() => t.revoked.includes(NEW_TOKEN), 'the refreshed token revoked');
    },
  );

  it('a refresh answer that lands after the sign-out stopped the cycle leaves nothing behind', async () => {
    const t = await signedIn();
    t.actor.send({ type: 'REFRESH' });
    const refresh = () => (t.actor.getSnapshot().children as Record<string, AnyActor | undefined>).refresh;
    await until(() => refresh()?.getSnapshot().matches({ active: 'refreshing' }) === true, 'refreshing');
    t.actor.send({ type: 'LOGOUT' });
    t.answer({ access_token: NEW_TOKEN } as RefreshTokenResponse);
    await waitFor(t.actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
    await turns(10);
    await expectGone(t, NEW_TOKEN);
  });
});
