// Review 156 (3): two tabs of one browser (one cookie jar, one tabs channel) over real sockets.
// A sign-out in one reaches the other; a switch of player in another tab (or in a form outside the
// channel) never shows player A's data under player B's name, nor B free to bet on A's standing.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { type BrowserProfile, browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';

const clock = runningClock();
const pam = usePam(clock);
const { ref, fx } = pam;
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type View = ServerSessionClientBase['view'];
interface Frame {
  id: number | null;
  info: string;
  canBet: boolean;
}

function tab(profile: BrowserProfile, hub: FakeChannelHub) {
  const client = createServerSessionClient({
    fetch: profile.fetch,
    flows: [userModule()],
    environment: { channel: hub.channel() },
  });
  clients.push(client);
  const frames: Frame[] = [];
  const note = (v: View) =>
    frames.push({
      id: v.user?.id ?? null,
      info: JSON.stringify(v.userInfo),
      canBet: v.restrictions?.canBet === true,
    });
  note(client.view);
  client.subscribe(note);
  return { client, frames };
}

async function signIn(client: ServerSessionClientBase, who: { email: string; password: string }) {
  client.login({ login: who.email, password: who.password });
  await until(() => client.view.status === 'signedIn', `signed in as ${who.email}`);
}

describe('review156: two tabs', () => {
  it('a sign-out in one tab signs the other out (no player, not free to bet)', async () => {
    const { plain } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    const a = tab(profile, hub);
    await a.client.ready;
    await signIn(a.client, plain);
    const b = tab(profile, hub);
    await until(() => b.client.view.status === 'signedIn', 'tab b follows the cookie');
    b.client.logout();
    await until(() => a.client.view.status === 'signedOut', 'tab a hears the sign-out');
    expect(a.client.view.user).toBeNull();
    expect(a.client.view.userInfo ?? null).toBeNull();
    expect(a.client.view.restrictions?.canBet ?? false).toBe(false);
  });

  it("player A in tab a, player B signs in in tab b: tab a never shows A's data under B, nor B free on A's standing", async () => {
    const { plain, paused } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    const a = tab(profile, hub);
    await a.client.ready;
    await signIn(a.client, plain);
    await until(() => a.client.view.restrictions?.canBet === true, 'A free to bet');
    const infoA = JSON.stringify(a.client.view.userInfo);
    const b = tab(profile, hub);
    await b.client.ready;
    b.client.logout();
    await until(() => b.client.view.status === 'signedOut', 'tab b signed out');
    await signIn(b.client, paused);
    await until(() => a.client.view.user?.id === paused.id, 'tab a follows to B');
    await until(() => a.client.view.restrictions?.status === 'current', 'B restrictions read');
    await turns(20);
    const infoB = JSON.stringify(b.client.view.userInfo);
    expect(infoA).not.toBe(infoB);
    const underB = a.frames.filter((f) => f.id === paused.id);
    expect(underB.length).toBeGreaterThan(0);
    expect(underB.filter((f) => f.info === infoA)).toEqual([]);
    expect(underB.filter((f) => f.canBet)).toEqual([]);
    expect(a.frames.filter((f) => f.id === plain.id && f.info === infoB)).toEqual([]);
  });

  it("a switch outside the tabs' channel (a form): tab a's user call for A is refused, never B's data", async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    const a = tab(profile, hub);
    await a.client.ready;
    await signIn(a.client, plain);
    await until(() => a.client.view.restrictions?.canBet === true, 'A free to bet');
    const infoA = JSON.stringify(a.client.view.userInfo);
    const res = await profile.fetch('/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: pendingLimit.email, password: pendingLimit.password }),
    });
    expect(res.status).toBe(200);
    const got = await (a.client as typeof a.client & { user: { getAddress(): Promise<unknown> } }).user
      .getAddress()
      .then((v) => ({ ok: v }))
      .catch((e: { status?: number }) => ({ status: e.status }));
    expect(got).toEqual({ status: 401 });
    await until(() => a.client.view.user?.id === pendingLimit.id, 'tab a reads the session: B');
    expect(a.frames.filter((f) => f.id === pendingLimit.id && f.info === infoA)).toEqual([]);
  });
});
