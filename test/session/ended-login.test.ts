import { createAuthModule, createMemoryTokenStore, createOfetchAdapter, type TokenStore } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, createActor, waitFor } from 'xstate';
import type { CrossTab } from '../../machines/cross-tab';
import { turns } from '../support/event-loop';
import { crossTabOn, FakeChannelHub } from '../support/fake-channel';
import { useReferenceServer } from '../support/server';

// Defect P2 (issue 26, "which of two reads is newer"): a tab that signed out of login L took L back
// when another tab had refreshed L first: that tab's session of L (a sync answer, a replayed login
// word) has a higher counter than the one this tab signed out at, so it looked newer than the
// sign-out. A login this tab saw end (player and login id) is never taken again, whatever its
// counter and whatever order the messages come in.

const ctx = useReferenceServer();
const actors: AnyActor[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const tab = crossTabOn;

function tabSession(tokens: TokenStore, crossTab: CrossTab) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  const actor = createActor(sessionMachine, {
    input: { auth: createAuthModule(http), tokens, crossTab },
  });
  actors.push(actor as AnyActor);
  return actor.start();
}

/** Tab A signed in as login L; `other`: another tab's end of the channel, which holds L too. */
async function signedInL() {
  const hub = new FakeChannelHub();
  const tokens = createMemoryTokenStore();
  const a = tabSession(tokens, tab(hub, 'a'));
  const other = tab(hub, 'b');
  await waitFor(a, (s) => s.matches('signedOut'));
  const { plain } = ctx.server.seed;
  a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
  await waitFor(a, (s) => s.matches('signedIn'), { timeout: 10_000 });
  const stored = (await tokens.get())!;
  /** The other tab's session of L, refreshed `n` times past A's (a newer counter, a new token). */
  const refreshedL = (n: number) => ({
    ...stored,
    accessToken: ctx.server.issueToken(plain.id),
    seq: (stored.seq ?? 0) + n,
    savedAt: stored.savedAt + n,
  });
  return { hub, a, other, tokens, stored, refreshedL };
}

describe('a login this tab signed out of is never taken again (P2)', () => {
  for (const [reason, n] of [
    ['sync', 5],
    ['login', 0],
  ] as const) {
    it(`another tab's word of it (${reason}, ${n} refreshes on), heard after the sign-out, is refused`, async () => {
      const t = await signedInL();
      t.a.send({ type: 'LOGOUT' });
      await waitFor(t.a, (s) => s.matches('signedOut'), { timeout: 10_000 });
      t.other.publishSession(t.refreshedL(n), reason, null);
      await turns(20);
      expect(t.a.getSnapshot().value).toBe('signedOut');
      expect(t.a.getSnapshot().context.sid).toBeNull();
      expect(await t.tokens.get()).toBeNull();
    });
  }

  it('in every order: the word sent before the sign-out, delivered after it, is refused too', async () => {
    const t = await signedInL();
    t.hub.hold();
    t.other.publishSession(t.refreshedL(2), 'sync', null);
    t.a.send({ type: 'LOGOUT' });
    await waitFor(t.a, (s) => s.matches('signedOut'), { timeout: 10_000 });
    t.hub.release();
    await turns(20);
    expect(t.a.getSnapshot().value).toBe('signedOut');
    expect(await t.tokens.get()).toBeNull();
  });

  it('after another login came and went, an old login still comes back no more', async () => {
    const t = await signedInL();
    t.a.send({ type: 'LOGOUT' });
    await waitFor(t.a, (s) => s.matches('signedOut'), { timeout: 10_000 });
    const { paused } = ctx.server.seed;
    t.a.send({ type: 'LOGIN', login: paused.email, password: paused.password });
    await waitFor(t.a, (s) => s.matches('signedIn'), { timeout: 10_000 });
    t.a.send({ type: 'LOGOUT' });
    await waitFor(t.a, (s) => s.matches('signedOut'), { timeout: 10_000 });
    // L refreshed far past both (its counter above the second login's).
    t.other.publishSession(t.refreshedL(50), 'sync', null);
    await turns(20);
    expect(t.a.getSnapshot().value).toBe('signedOut');
  });

  it('a login this tab never held is still taken (control)', async () => {
    const t = await signedInL();
    t.a.send({ type: 'LOGOUT' });
    await waitFor(t.a, (s) => s.matches('signedOut'), { timeout: 10_000 });
    const { paused } = ctx.server.seed;
    t.other.publishSession(
      { ...t.refreshedL(5), accessToken: ctx.server.issueToken(paused.id), userId: paused.id, sid: 12345 },
      'login',
      null,
    );
    await waitFor(t.a, (s) => s.matches('signedIn'), { timeout: 10_000 });
    expect(t.a.getSnapshot().context.userId).toBe(paused.id);
  });
});
