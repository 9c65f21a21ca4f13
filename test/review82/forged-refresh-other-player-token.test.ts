// Review 82 (HIGH; helper 430, against 80e22b99).
// What it checks: a `session` message with reason `refresh` naming this tab's own login (its
// `userId`, `sid`, the next `seq`) but carrying an access token of ANOTHER player's login (a
// hostile or buggy same-origin tab; the brief's "a token of another login").
// What the docs promise: docs/session.md "Identity": everything that belongs to a player carries
// the player id and login id, "the session takes it only when both match what it holds"; "A
// restored record naming another player than its token's ... the first profile read ends it
// (signed out, token revoked, record cleared)", never a signed-in view of a player whose token is
// someone else's. The central promise: never signs a tab into another player's session.
// What happened (7dfdbfcd, seen failing): the tab adopted the token as a same-login refresh, kept
// showing player 1, and its authenticated calls went out with player 4's token. Fixed in the
// fifty-second pass: a same-login refresh taken from another tab is checked by a profile read, and a
// read naming another player signs out whatever answer named this player before (the calls made
// within that read's round trip still go with the token: noted as left).
import { createMemoryTokenStore } from 'pam-client';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

it("a forged same-login refresh carrying another player's token never leaves the tab signed in as player 1 on player 4's token", async () => {
  const hub = new FakeChannelHub();
  const storage = createMemoryTokenStore();
  const a = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    storage,
    environment: { channel: hub.channel() },
  });
  clients.push(a);
  const hostile = hub.channel();
  const { email, password } = ctx.server.seed.plain;
  a.login({ login: email, password });
  await until(() => a.view.status === 'signedIn' && a.view.restrictions?.status === 'current', 'signed in');
  const own = (await storage.get())!;
  expect(own.userId).toBe(1);
  const otherToken = ctx.server.issueToken(ctx.server.seed.paused.id);
  hostile.postMessage({
    app: 'pam-client',
    v: 1,
    from: 'zzz-hostile',
    type: 'session',
    reason: 'refresh',
    user: null,
    session: { ...own, accessToken: otherToken, seq: own.seq! + 1, savedAt: own.savedAt },
  });
  // Let the message land and anything it starts run: the profile read it starts (the one call
  // that goes with that token, the identity check of the fifty-second pass) names player 4.
  await until(() => a.view.status !== 'signedIn', "the tab leaves player 1's session on player 4's token");
  const held = await storage.get();
  ctx.server.requests.length = 0;
  // An authenticated call of the tab, after the forged word.
  await a.http.get('/auth/user-profile').catch(() => undefined);
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  const sent = ctx.server.requests.filter((r) => r.headers.authorization?.includes(otherToken));
  const report = {
    status: a.view.status,
    viewUser: a.view.user?.id,
    canBet: a.view.restrictions?.canBet,
    restrictions: a.view.restrictions?.status,
    profileReadsWithOther: ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length,
    storedToken: held?.accessToken === otherToken ? 'OTHER PLAYER' : 'own',
    callsWithOtherPlayersToken: sent.map((r) => r.path),
  };
  // Signed in as player 1 while holding player 4's token is a signed-in tab on another player's session.
  expect(
    report.status === 'signedIn' && report.viewUser === 1 && report.callsWithOtherPlayersToken.length > 0,
    JSON.stringify(report),
  ).toBe(false);
});
