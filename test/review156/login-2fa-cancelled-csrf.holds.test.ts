// Review 156 (5): the browser client's login through pam-client/server and the reference server,
// real sockets: the two-factor branch (a wrong code, then the right one), the cancelled-account
// outcome, and the same-origin proof (X-Pam-Client: 1) on every state-changing request it sends.

import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { openCookie } from '../server/harness';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** A client whose every request's method and headers are recorded. */
function start(headers?: Record<string, string>) {
  const profile = browserProfile(fx.served.url);
  const sent: { method: string; url: string; csrf: string | null }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const h = new Headers(init?.headers);
    sent.push({ method: init?.method ?? 'GET', url: String(input), csrf: h.get('x-pam-client') });
    return profile.fetch(input, init);
  }) as typeof globalThis.fetch;
  const client = createServerSessionClient({
    fetch,
    flows: [userModule()],
    environment: { channel: null },
    ...(headers && { headers }),
  });
  clients.push(client);
  return { client, profile, sent };
}

const writes = <S extends { method: string }>(sent: S[]) =>
  sent.filter((s) => s.method !== 'GET' && s.method !== 'HEAD');

describe('review156: login through the BFF', () => {
  it('two-factor: a wrong code keeps the step (typed 4xx, attempts counted), the right one signs in; no token, code or password anywhere', async () => {
    const { twoFactor } = ref.server.seed;
    const { client, profile, sent } = start();
    await client.ready;
    const events: unknown[] = [];
    for (const t of ['signedIn', 'signedOut'] as const) client.on(t, (e) => events.push(e));
    client.login({ login: twoFactor.email, password: twoFactor.password });
    await until(() => client.view.status === 'twoFactorRequired', 'code asked');
    expect(client.view.user).toBeNull();
    expect(client.view.restrictions?.canBet ?? false).toBe(false);
    client.submitCode('000000');
    await until(
      () => client.view.status === 'twoFactorRequired' && client.view.error !== null,
      'code refused',
    );
    expect((client.view.error as { status?: number }).status).toBeGreaterThanOrEqual(400);
    expect(client.view.user).toBeNull();
    client.submitCode(twoFactor.twoFactorCode!);
    await until(() => client.view.status === 'signedIn', 'signed in');
    expect(client.view.user?.id).toBe(twoFactor.id);
    const token = (await openCookie([...profile.cookies.values()][0]!)).token;
    const everything = JSON.stringify({ v: client.view, s: sessionActorOf(client).getSnapshot(), events });
    for (const secret of [token, twoFactor.password, twoFactor.twoFactorCode!])
      expect(everything).not.toContain(secret);
    expect(writes(sent).length).toBeGreaterThanOrEqual(3);
    expect(writes(sent).every((s) => s.csrf === '1')).toBe(true);
  });

  it('a cancelled account: cancelledAccount, no player, never free to bet, no cookie left', async () => {
    const { cancelled } = ref.server.seed;
    const { client, profile } = start();
    await client.ready;
    client.login({ login: cancelled.email, password: cancelled.password });
    await until(
      () => client.view.status !== 'signedOut' && client.view.status !== 'signingIn',
      'login settled',
    );
    expect(client.view.status).toBe('cancelledAccount');
    expect(client.view.user).toBeNull();
    expect(client.view.restrictions?.canBet ?? false).toBe(false);
    await until(() => profile.cookies.size === 0, 'no session cookie kept for a cancelled account');
  });

  it('every state-changing request (login, user writes, logout) carries X-Pam-Client: 1', async () => {
    const { plain } = ref.server.seed;
    const { client, sent } = start();
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.restrictions?.canBet === true, 'signed in, free');
    await client.user.updateMarketing({ mkt_accepted: false }).catch(() => {});
    await client.auth
      .forgotPassword?.({ login: plain.email, captcha_token: 'cap-1' } as never)
      .catch(() => {});
    client.logout();
    await until(() => client.view.status === 'signedOut', 'signed out');
    await until(() => sent.some((s) => s.url.includes('/auth/logout')), 'logout sent');
    const w = writes(sent);
    expect(w.map((s) => s.url).join()).toMatch(/login.*logout/);
    expect(w.filter((s) => s.csrf !== '1')).toEqual([]);
  });

  it("an app's own x-pam-client header cannot replace or blank the proof (nothing refused as cross-site)", async () => {
    const { plain } = ref.server.seed;
    const { client, sent } = start({ 'x-pam-client': '0' });
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status !== 'signingIn' && client.view.status !== 'signedOut', 'settled');
    expect(writes(sent)[0]!.csrf).toBe('1');
    expect(client.view.status).toBe('signedIn');
  });
});
