import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { parseServerTabMessage } from '../../machines/server-session/tabs';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { type BrowserProfile, browserProfile, runningClock, usePam } from './support';

// Two server-session tabs of one browser profile (one cookie jar, one channel) over real sockets
// (the reference server, `pam-client/server` in front of it): a pause or a self-exclusion set in
// one tab bars betting in the other at once, which reads again; its read from a replica that lags
// keeps it barred (review H, H1). No profile data crosses the channel: the login id and the kind.

const clock = runningClock();
const { ref, fx } = usePam(clock);

const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Tab B's own fetch over the shared jar: its profile reads can be held, and answered from a lagging replica. */
function gatedTab(profile: BrowserProfile) {
  const held: Array<() => void> = [];
  const gate = { hold: false, lag: false, answered: 0 };
  const call = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (!url.includes('user-profile')) return profile.fetch(input, init);
    if (gate.hold) await new Promise<void>((resolve) => held.push(resolve));
    const res = await profile.fetch(input, init);
    gate.answered++;
    if (!gate.lag || res.status !== 200) return res;
    // A replica that has not seen the restriction yet: the profile as it was before.
    const body = (await res.json()) as { userInfo?: Record<string, unknown> };
    if (body.userInfo)
      Object.assign(body.userInfo, {
        user_pause: 0,
        user_pause_at: null,
        user_pause_in: null,
        user_pause_min: null,
        user_exclusion: 0,
        user_exclusion_at: null,
        user_exclusion_in: null,
        user_exclusion_min: null,
      });
    return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
  }) as typeof fetch;
  const release = () => {
    gate.hold = false;
    for (const r of held.splice(0)) r();
  };
  return { fetch: call, gate, held, release };
}

async function twoTabs() {
  const { plain } = ref.server.seed;
  const hub = new FakeChannelHub();
  const profile = browserProfile(fx.served.url);
  const tabB = gatedTab(profile);
  const make = (fetch: typeof globalThis.fetch) => {
    const c = createServerSessionClient({
      fetch,
      flows: [userModule()],
      environment: { channel: hub.channel() },
      onStepUp: async () => plain.password,
    });
    clients.push(c);
    return c;
  };
  const a = make(profile.fetch);
  const b = make(tabB.fetch);
  await Promise.all([a.ready, b.ready]);
  a.login({ login: plain.email, password: plain.password });
  await until(
    () => a.view.restrictions?.status === 'current' && b.view.restrictions?.status === 'current',
    'both tabs signed in, their restrictions read',
  );
  expect(a.view.restrictions?.canBet).toBe(true);
  expect(b.view.restrictions?.canBet).toBe(true);
  return { a, b, hub, tabB };
}

const kinds = (c: ServerSessionClientBase) => c.view.restrictions?.inForce.map((r) => r.kind) ?? [];

const SET = {
  pause: (c: ServerSessionClientBase & { user?: unknown }) =>
    (c as { user: { setTimeoutLimits(p: unknown): Promise<unknown> } }).user.setTimeoutLimits({
      user_pause: 7,
      reason: 1,
    }),
  selfExclusion: (c: ServerSessionClientBase & { user?: unknown }) =>
    (c as { user: { setSelfExclusion(p: unknown): Promise<unknown> } }).user.setSelfExclusion({
      user_exclusion: 3,
      reason: 1,
    }),
} as const;

describe('server-session tabs: a restriction set in one tab', () => {
  for (const kind of ['pause', 'selfExclusion'] as const) {
    it(`${kind}: the other tab of the login is barred at once, reads again, and shows it`, async () => {
      const { a, b, hub, tabB } = await twoTabs();
      const readsBefore = tabB.gate.answered;
      tabB.gate.hold = true;
      await SET[kind](a);
      await until(() => b.view.restrictions?.canBet === false, 'the other tab barred at once');
      // Barred before any read of its own answered (its read is held).
      expect(tabB.gate.answered).toBe(readsBefore);
      await until(() => tabB.held.length > 0, 'the other tab reads again');
      tabB.release();
      await until(
        () => b.view.restrictions?.status === 'current' && kinds(b).includes(kind),
        'the other tab shows it, read',
      );
      expect(b.view.restrictions?.canBet).toBe(false);
      // Only the login id, the kind and when it was sent crossed the channel: no profile, no token.
      const told = hub.sent.filter((m) => (m as { type?: string }).type === 'restricted');
      expect(told).toHaveLength(1);
      expect(Object.keys(told[0] as object).sort()).toEqual([
        'app',
        'at',
        'from',
        'kind',
        'loginId',
        'mode',
        'type',
        'v',
      ]);
      expect(told[0]).toMatchObject({ kind });
    });
  }

  it("the other tab's read from a lagging replica (no pause yet) keeps it barred", async () => {
    const { a, b, tabB } = await twoTabs();
    const readsBefore = tabB.gate.answered;
    tabB.gate.lag = true;
    await SET.pause(a);
    await until(() => tabB.gate.answered > readsBefore, 'the other tab read (a lagging replica)');
    await turns(20);
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(a.view.restrictions?.canBet).toBe(false);
  });

  it('a message for another login, or a malformed one, bars nothing and breaks nothing', async () => {
    const { a, b, hub } = await twoTabs();
    const stranger = hub.channel();
    const loginId = (sessionActorOf(b).getSnapshot() as unknown as { context: { loginId: string } }).context
      .loginId;
    expect(loginId).toBeTruthy();
    const ok = { app: 'pam-client', mode: 'server-session', v: 1, from: 'stranger', type: 'restricted' };
    const at = Date.now();
    for (const data of [
      { ...ok, loginId: 'another-login', kind: 'pause', at },
      { ...ok, loginId, kind: 'spaExclusion', at },
      { ...ok, loginId, kind: 'pause' },
      { ...ok, loginId, kind: 'pause', at: '1' },
      { ...ok, loginId, kind: 'pause', at: Number.NaN },
      { ...ok, loginId, kind: 'pause', at: 1e300 },
      { ...ok, kind: 'pause', at },
      { ...ok, loginId: 7, kind: 'pause', at },
      { ...ok, loginId: loginId + 'x'.repeat(500), kind: 'pause', at },
      { ...ok, v: 2, loginId, kind: 'pause', at },
      { ...ok, app: 'other', loginId, kind: 'pause', at },
      { ...ok, mode: 'client', loginId, kind: 'pause', at },
      { ...ok, loginId, kind: { toString: null }, at },
      { ...ok, type: 'restrictedX', loginId, kind: 'pause', at },
      null,
      'restricted',
      42,
    ])
      stranger.postMessage(data);
    await turns(10);
    expect(b.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(a.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    // Still listening: a real one is taken.
    await SET.pause(a);
    await until(() => b.view.restrictions?.canBet === false, 'the other tab barred');
  });
});

describe('server-session tabs: a restriction told while a tab reads where the session stands', () => {
  it('a tab whose seed read is in flight (answered by a lagging replica) starts barred for that login', async () => {
    const { plain } = ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(fx.served.url);
    const a = createServerSessionClient({
      fetch: profile.fetch,
      flows: [userModule()],
      environment: { channel: hub.channel() },
      onStepUp: async () => plain.password,
    });
    clients.push(a);
    await a.ready;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.canBet === true, 'signed in, free to bet');
    // Tab B opens now: its `GET <prefix>/session` is held, then answered without the pause.
    const held: Array<() => void> = [];
    const fetchB = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (!url.endsWith('/session')) return profile.fetch(input, init);
      await new Promise<void>((resolve) => held.push(resolve));
      const res = await profile.fetch(input, init);
      const seed = (await res.json()) as { userInfo?: Record<string, unknown> };
      if (seed.userInfo)
        Object.assign(seed.userInfo, { user_pause: 0, user_pause_at: null, user_pause_in: null });
      return new Response(JSON.stringify(seed), { status: res.status, headers: res.headers });
    }) as typeof fetch;
    const b = createServerSessionClient({ fetch: fetchB, environment: { channel: hub.channel() } });
    clients.push(b);
    await until(() => held.length === 1, 'the other tab reads where the session stands');
    await SET.pause(a);
    await until(() => hub.sent.some((m) => (m as { type?: string }).type === 'restricted'), 'told');
    await turns(5);
    for (const r of held.splice(0)) r();
    const view = await b.ready;
    expect(view.status).toBe('signedIn');
    expect(view.restrictions?.canBet).toBe(false);
    await until(
      () => b.view.restrictions?.status === 'current' && kinds(b).includes('pause'),
      'its own read shows it',
    );
    expect(b.view.restrictions?.canBet).toBe(false);
  });
});

describe('parseServerTabMessage', () => {
  const base = { app: 'pam-client', mode: 'server-session', v: 1, from: 't1', loginId: 'L1', at: 5 };
  it('reads a restriction of a known kind for a login, sent at a time, and nothing else', () => {
    expect(parseServerTabMessage({ ...base, type: 'restricted', kind: 'pause' })).toEqual({
      type: 'restricted',
      loginId: 'L1',
      kind: 'pause',
      at: 5,
      from: 't1',
    });
    expect(parseServerTabMessage({ ...base, type: 'restricted', kind: 'selfExclusion', extra: 1 })).toEqual({
      type: 'restricted',
      loginId: 'L1',
      kind: 'selfExclusion',
      at: 5,
      from: 't1',
    });
    for (const at of [undefined, null, '5', Number.NaN, Number.POSITIVE_INFINITY, 9e15])
      expect(parseServerTabMessage({ ...base, type: 'restricted', kind: 'pause', at })).toBeNull();
    for (const kind of ['spa', '', null, undefined, 1, ['pause'], 'constructor', '__proto__'])
      expect(parseServerTabMessage({ ...base, type: 'restricted', kind })).toBeNull();
    expect(parseServerTabMessage({ ...base, loginId: '', type: 'restricted', kind: 'pause' })).toBeNull();
  });
});
