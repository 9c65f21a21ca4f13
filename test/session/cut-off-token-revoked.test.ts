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

// A token the client received for a login it no longer holds is revoked, never only dropped: the
// server issued it, and no tab knows of it any more, so left alone it stays live at the server for
// its whole life. Two ways one arrives (ended-login-token.test.ts covers the sign-out's):
// - the refresh cycle's word for the login held before another tab's login was adopted (its
//   `owner` is not the session's any more: another sid);
// - the refresh call's answer landing after its call was stopped (a sign-out, an adoption):
//   XState aborts the call, but an answer already on its way carries a live token.

const ctx = useReferenceServer();
const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const CUT_OFF = 'refreshed-token-of-a-login-no-longer-held';

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
  let answer: (r: RefreshTokenResponse) => void = () => {};
  const revoked: (string | undefined)[] = [];
  const auth = {
    ...core,
    // A refresh whose answer the test gives, late (an auth that does not stop on abort).
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
  const vault = servicesOf(actor.getSnapshot().context).vault;
  return { actor, tokens, vault, revoked, userId, answer: (r: RefreshTokenResponse) => answer(r) };
}

describe('a token of a login no longer held is revoked', () => {
  it.each([
    ['sessionMachine', sessionMachine],
    ['sessionCore', sessionCore],
  ])("the refresh cycle's word for another login, heard while signed in (%s)", async (_, machine) => {
    const t = await signedIn(machine);
    const before = await t.tokens.get();
    const handle = t.vault.put(CUT_OFF);
    // The login held before an adoption (sid 40; the session holds sid 41 now).
    t.actor.send(
      internal({
        type: 'TOKEN_REFRESHED',
        handle,
        at: Date.now(),
        owner: { userId: t.userId, sid: 40 },
      }) as never,
    );
    await turns(10);
    expect(t.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(t.vault.has(handle)).toBe(false);
    expect(await t.tokens.get()).toEqual(before); // the held login's session untouched
    expect(JSON.stringify(t.actor.getSnapshot())).not.toContain(CUT_OFF);
    await until(() => t.revoked.includes(CUT_OFF), 'the cut-off token revoked');
    // Only that token: the held login's own is not revoked.
    expect(t.revoked).toEqual([CUT_OFF]);
  });

  it('a refresh answer that lands after its call was stopped is revoked', async () => {
    const t = await signedIn();
    t.actor.send({ type: 'REFRESH' });
    const refresh = () => (t.actor.getSnapshot().children as Record<string, AnyActor | undefined>).refresh;
    await until(() => refresh()?.getSnapshot().matches({ active: 'refreshing' }) === true, 'refreshing');
    t.actor.send({ type: 'LOGOUT' });
    await waitFor(t.actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
    t.answer({ access_token: CUT_OFF } as RefreshTokenResponse);
    await until(() => t.revoked.includes(CUT_OFF), 'the late answer’s token revoked');
    expect(JSON.stringify(t.actor.getSnapshot())).not.toContain(CUT_OFF);
    expect(await t.tokens.get()).toBeNull();
  });
});
