import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { openCookie } from '../server/harness';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// The browser client in server-session mode against `pam-client/server` and the reference server,
// over real sockets (issue 28.2).

const clock = runningClock();
const { ref, fx } = usePam(clock);

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type Options = NonNullable<Parameters<typeof createServerSessionClient>[0]>;
function clientOf(profile = browserProfile(fx.served.url), options: Options = {}) {
  const client = createServerSessionClient({
    fetch: profile.fetch,
    environment: { channel: null, ...options.environment },
    ...options,
  });
  clients.push(client);
  return { client, profile };
}

const PROFILE = '/auth/user-profile';

describe('createServerSessionClient', () => {
  it('signs in through the proxy with the two-factor step; the token-less answer is a session, and no token is anywhere', async () => {
    const { twoFactor } = ref.server.seed;
    const { client, profile } = clientOf();
    await client.ready;
    expect(client.view.status).toBe('signedOut');
    client.login({ login: twoFactor.email, password: twoFactor.password });
    await until(() => client.view.status === 'twoFactorRequired', 'the code is asked for');
    client.submitCode(twoFactor.twoFactorCode!);
    await until(() => client.view.status === 'signedIn', 'signed in');
    expect(client.view.error).toBeNull();
    expect(client.view.user?.id).toBe(twoFactor.id);
    expect(client.tokens.get()).toBeNull();
    // The cookie is the browser's (HttpOnly), never the client's.
    expect(profile.cookies.size).toBe(1);
    const tokens = [(await openCookie([...profile.cookies.values()][0]!)).token];
    expect(tokens[0]!.length).toBeGreaterThan(8);
    const everything = JSON.stringify({ view: client.view, snapshot: sessionActorOf(client).getSnapshot() });
    for (const t of tokens) {
      expect(everything).not.toContain(t);
      for (const s of profile.seen) expect(`${s.headers}\n${s.text}`).not.toContain(t);
    }
    // No refresh cycle in the browser: the refresh route was never called.
    expect(profile.seen.some((s) => s.url.includes('refresh-token'))).toBe(false);
  });

  it('a seeded page is signed in at its first frame with the seed player; its dated pause is stale until one profile read teaches the clock (review 5 D3)', async () => {
    const { paused } = ref.server.seed;
    const login = browserProfile(fx.served.url);
    const signer = clientOf(login).client;
    await signer.ready;
    signer.login({ login: paused.email, password: paused.password });
    await until(() => signer.view.restrictions?.status === 'current', 'the login read its restrictions');
    const seed = await fx.pam.getSession(
      new Request(`${fx.served.url}/`, {
        headers: { cookie: [...login.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    );
    ref.server.requests.length = 0;
    const views: string[] = [];
    const { client } = clientOf(login, { initial: seed.initial });
    // The first view already: no `restoring` frame, never signed in without a player.
    expect(client.view.status).toBe('signedIn');
    expect(client.view.user?.id).toBe(paused.id);
    // The page's clock never read a `Date` yet: a pause (it ends) is not judged on it.
    expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
    expect(client.view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
    client.subscribe((v) => views.push(`${v.status}:${v.user?.id ?? '-'}`));
    expect((await client.ready).status).toBe('signedIn');
    await until(() => client.view.restrictions?.status === 'current', 'the profile read taught the clock');
    expect(client.view.restrictions?.canBet).toBe(false);
    expect(requestsTo(ref.server, PROFILE)).toHaveLength(1);
    expect(views.every((v) => v.startsWith('signedIn:4'))).toBe(true);
  });

  it('stopped, its restrictions fail closed (stale, canBet false) and its listeners hear it', async () => {
    const { plain } = ref.server.seed;
    const { client } = clientOf(browserProfile(fx.served.url));
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.restrictions?.canBet === true, 'signed in, free to bet');
    const heard: (boolean | undefined)[] = [];
    client.subscribe((v) => heard.push(v.restrictions?.canBet));
    client.stop();
    expect(client.view.restrictions).toMatchObject({ status: 'stale', canBet: false });
    expect(heard).toEqual([false]);
  });

  it('client.state is the view, its changes and the commands, as on createPamClient; sessionActorOf opens the developer door', async () => {
    const { plain } = ref.server.seed;
    const { client } = clientOf(browserProfile(fx.served.url));
    await client.ready;
    expect(client.state.getSnapshot()).toBe(client.view);
    const seen: string[] = [];
    const off = client.state.subscribe((v) => seen.push(v.status));
    client.state.send({ type: 'LOGIN', login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in through client.state');
    expect(seen.at(-1)).toBe('signedIn');
    expect(client.state.getSnapshot()).toBe(client.view);
    off();
    // The door: the raw actor for developer tools, commands only; nothing on `state` leads to it.
    const actor = sessionActorOf(client);
    expect((actor as unknown as AnyActorRef).getSnapshot().hasTag('signedIn')).toBe(true);
    // The deprecated name (kept for 0.2.0 only) is the same actor: this client kind's one compat check.
    expect(client.session).toBe(actor);
    expect(Object.values(client.state).every((v) => typeof v === 'function')).toBe(true);
    expect(() => sessionActorOf({ state: client.state })).toThrow(TypeError);
    client.state.send({ type: 'LOGOUT' });
    await until(() => client.view.status === 'signedOut', 'signed out through client.state');
  });

  it("without a seed, or with 'unavailable', reads GET <prefix>/session; ready settles when it knows", async () => {
    const { plain } = ref.server.seed;
    const profile = browserProfile(fx.served.url);
    const first = clientOf(profile).client;
    await first.ready;
    first.login({ login: plain.email, password: plain.password });
    await until(() => first.view.status === 'signedIn', 'signed in');
    const loginId = 'x';
    const before = profile.seen.filter((s) => s.url === '/pam/session').length;
    const { client } = clientOf(profile, {
      initial: { status: 'unavailable', user: null, userInfo: null, readAt: null, loginId, expiresAt: null },
    });
    expect(client.view.status).toBe('restoring');
    expect(client.view.user).toBeNull();
    const ready = await client.ready;
    expect(ready.status).toBe('signedIn');
    expect(ready.user?.id).toBe(plain.id);
    expect(profile.seen.filter((s) => s.url === '/pam/session').length - before).toBe(1);
  });

  it('a 401 from the proxy (the session ended at the server) is signed out, told to the app', async () => {
    const { plain } = ref.server.seed;
    const { client, profile } = clientOf(browserProfile(fx.served.url), { flows: [userModule()] });
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    const events: string[] = [];
    client.on('signedOut', (e) => events.push(`${e.reason}:${e.remote}`));
    // The server revokes the token (another device logged out): the next call answers 401.
    ref.server.expireTokens();
    await expect(client.user.getLoginHistory()).rejects.toMatchObject({ status: 401 });
    await until(() => client.view.status === 'signedOut', 'signed out');
    expect(client.view.signedOutReason).toBe('expired');
    expect(events).toEqual(['expired:false']);
    expect(profile.cookies.size).toBe(0);
  });

  it('tabs: a login is told by login id (the other tab asks the server), a logout ends the other tab; the channel carries no token', async () => {
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    const a = clientOf(profile, { environment: { channel: hub.channel() } }).client;
    const b = clientOf(profile, { environment: { channel: hub.channel() } }).client;
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => b.view.status === 'signedIn', 'the other tab signed in');
    const token = (await openCookie([...profile.cookies.values()][0]!)).token;
    expect(b.view.user?.id).toBe(plain.id);
    b.logout();
    await until(() => a.view.status === 'signedOut', 'the first tab signed out');
    expect(a.view.signedOutReason).toBe('remote');
    expect(profile.cookies.size).toBe(0);
    const channel = JSON.stringify(hub.sent);
    expect(channel).not.toContain(token);
    // (Each tab asked at its start for the changes in flight: AJ-2.)
    expect(hub.sent.map((m) => (m as { type: string }).type)).toEqual([
      'ask',
      'ask',
      'signedIn',
      'signedOut',
    ]);
  });
});
