// The documented flows, end to end over real sockets, through the INSTALLED tarball:
// createPamClient against pam-client/testing's reference server.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { esm } from './tarball';

type Machines = typeof import('pam-client/machines');
type Testing = typeof import('pam-client/testing');
type Core = typeof import('pam-client');
type Client = ReturnType<Machines['createPamClient']>;
type View = Client['view'];

let M: Machines;
let C: Core;
let server: Awaited<ReturnType<Testing['startReferenceServer']>>;
const clients: Client[] = [];

beforeAll(async () => {
  M = await esm<Machines>('./machines');
  C = await esm<Core>('.');
  server = await (await esm<Testing>('./testing')).startReferenceServer();
});
beforeEach(() => {
  for (const c of clients.splice(0)) c.stop();
  server.reset();
});
afterAll(async () => {
  for (const c of clients.splice(0)) c.stop();
  await server.close();
});

function until(c: Client, pred: (v: View) => boolean): Promise<View> {
  return new Promise((resolve, reject) => {
    if (pred(c.view)) return resolve(c.view);
    const guard = setTimeout(
      () => reject(new Error(`never: ${JSON.stringify(c.view).slice(0, 300)}`)),
      10_000,
    );
    const off = c.subscribe((v) => {
      if (!pred(v)) return;
      clearTimeout(guard);
      off();
      resolve(v);
    });
  });
}
function client(onStepUp?: () => Promise<string>): Client {
  const c = M.createPamClient({
    baseURL: server.url,
    environment: { channel: null },
    ...(onStepUp ? { onStepUp } : {}),
  });
  clients.push(c);
  return c;
}
const current = (v: View) => v.status === 'signedIn' && v.restrictions?.status === 'current';

describe('login', () => {
  test('by e-mail: signed in, the profile read, restrictions current and betting allowed', async () => {
    const c = client();
    c.login({ login: server.seed.plain.email, password: server.seed.plain.password });
    const v = await until(c, current);
    expect(v.user?.email).toBe(server.seed.plain.email);
    expect(v.restrictions?.canBet).toBe(true);
    expect(JSON.stringify(v)).not.toContain(server.seed.plain.password);
  });

  test('by CPF with punctuation: the login is sent as digits only', async () => {
    const c = client();
    c.login({ login: '529.982.247-25', password: server.seed.plain.password });
    await until(c, current);
    const sent = server.requests.find((r) => r.path === '/auth/login')?.body as { login: string };
    expect(sent.login).toBe('52998224725');
  });

  test('two-factor: a wrong code keeps the step with an error and one attempt fewer; the right one signs in', async () => {
    const c = client();
    c.login({ login: server.seed.twoFactor.email, password: server.seed.twoFactor.password });
    const asked = await until(c, (v) => v.status === 'twoFactorRequired');
    c.submitCode('000000');
    const wrong = await until(c, (v) => v.status === 'twoFactorRequired' && v.error !== null);
    expect(wrong.codeAttemptsLeft).toBe((asked.codeAttemptsLeft ?? 0) - 1);
    c.submitCode(server.seed.twoFactor.twoFactorCode!);
    await until(c, current);
    expect(JSON.stringify(c.view)).not.toContain(server.seed.twoFactor.twoFactorCode);
  });

  test('a cancelled account ends in cancelledAccount, no token kept; cancel() leaves it', async () => {
    const c = client();
    c.login({ login: server.seed.cancelled.email, password: server.seed.cancelled.password });
    await until(c, (v) => v.status === 'cancelledAccount');
    expect(await c.tokens.get()).toBeNull();
    c.cancel();
    await until(c, (v) => v.status === 'signedOut');
  });

  test('a wrong password: failed with an http error describeError words in both locales, password unquoted', async () => {
    const c = client();
    c.login({ login: server.seed.plain.email, password: 'Wrong-pass-9' });
    const v = await until(c, (x) => x.status === 'failed');
    for (const locale of ['en', 'pt-BR'] as const) {
      const d = C.describeError(v.error, { locale });
      expect(d.title.length).toBeGreaterThan(0);
      expect(JSON.stringify(d)).not.toContain('Wrong-pass-9');
    }
  });
});

describe('signed in', () => {
  test('logout: signed out, the logout sent, the old token refused by the server', async () => {
    const c = client();
    c.login({ login: server.seed.plain.email, password: server.seed.plain.password });
    await until(c, current);
    const token = (await c.tokens.get())?.accessToken as string;
    c.logout();
    await until(c, (v) => v.status === 'signedOut');
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/auth/logout')).toBe(true);
    const res = await fetch(`${server.url}/auth/user-profile?check_spa_again=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  test('a loss limit set shows in view.restrictions.limits; a typo is refused, nothing sent', async () => {
    const c = client();
    c.login({ login: server.seed.plain.email, password: server.seed.plain.password });
    await until(c, current);
    await c.user.updateLimits({
      user_limit_loss: 100,
      user_limit_loss_period: 'daily',
      user_limit_loss_active: 1,
    });
    const v = await until(c, (x) => current(x) && x.restrictions?.limits.loss.amount === 100);
    expect(v.restrictions?.limits.loss).toMatchObject({ period: 'daily', active: true });
    const before = server.requests.length;
    await expect(c.user.updateLimits({ user_limit_los: 5 } as never)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(server.requests.length).toBe(before);
  });

  test('a pause (step-up asked once) bars betting at once, keeps the player signed in', async () => {
    let asked = 0;
    const c = client(async () => {
      asked++;
      return server.seed.plain.password;
    });
    c.login({ login: server.seed.plain.email, password: server.seed.plain.password });
    await until(c, current);
    await c.user.setTimeoutLimits({ user_pause: 3, reason: 1 });
    expect(asked).toBe(1);
    expect(c.view.restrictions?.canBet).toBe(false);
    const v = await until(c, (x) => current(x) && (x.restrictions?.inForce.length ?? 0) > 0);
    expect(v.status).toBe('signedIn');
    expect(v.restrictions?.inForce[0]).toMatchObject({ kind: 'pause', blocksAccount: false });
    await expect(c.user.setTimeoutLimits({ user_pause: 46, reason: 1 })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  test('a self-exclusion bars betting and blocks the account', async () => {
    const c = client(async () => server.seed.plain.password);
    c.login({ login: server.seed.plain.email, password: server.seed.plain.password });
    await until(c, current);
    await c.user.setSelfExclusion({ user_exclusion: 3, reason: 1 });
    expect(c.view.restrictions?.canBet).toBe(false);
    const v = await until(c, (x) => x.restrictions?.inForce.some((r) => r.kind === 'selfExclusion') === true);
    expect(v.restrictions?.inForce.find((r) => r.kind === 'selfExclusion')?.blocksAccount).toBe(true);
    await expect(c.user.setSelfExclusion({ user_exclusion: 4 as 3, reason: 1 })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });
});
