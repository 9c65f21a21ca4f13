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
//
// The same for a login no longer held while signed in: a token the client received for it is
// revoked, never only dropped (the server issued it, no tab knows of it, so left alone it stays
// live at the server for its whole life): the refresh cycle's word for the login held before
// another tab's login was adopted (its `owner` is another sid), and a refresh answer landing
// after its call was stopped (XState aborts the call, but an answer on its way carries a token).

const ctx = useReferenceServer();
const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const NEW_TOKEN = 'refreshed-token-of-the-ended-login';
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
        owner: { userId: ctx.server.seed.plain.id, sid: 40 },
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
