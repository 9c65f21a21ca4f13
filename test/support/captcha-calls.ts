import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach } from 'vitest';
import { createOfetchAdapter, type HttpAdapter } from '../../src/index';
import type { ReferenceServer } from '../../src/testing/index';
import { until } from './event-loop';
import { REAL_TIME_TIMEOUT_MS, type ServerFixture } from './server';

// The calls that take a captcha provider, made over real sockets against the reference server:
// the client's login, its two-factor code step and a registration (`authCallWith`), and the user
// module's (`userHttpOf`: an adapter signed in as the `plain` seed player). For the captcha tests.

/** The auth calls that take a captcha provider. */
export type AuthCaptchaCall = 'login' | 'code' | 'register';

/**
 * `client()`: a new client on `ctx`'s server (no channel); `stopAll()` stops those made so far
 * (after each test, and where a property's run ends).
 */
export function useCaptchaClients(ctx: ServerFixture) {
  const clients: PamClient[] = [];
  const stopAll = () => {
    for (const c of clients.splice(0)) c.stop();
  };
  afterEach(stopAll);
  const client = (): PamClient => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    clients.push(c);
    return c;
  };
  return { client, stopAll };
}

/** The bodies of the requests `server` took on `path` (or under it). */
export const bodiesOn = (server: ReferenceServer, path: string) =>
  server.requests
    .filter((r) => r.path === path || r.path.startsWith(`${path}/`))
    .map((r) => r.body as Record<string, unknown>);

/** An adapter signed in as the `plain` seed player. */
export const userHttpOf = (server: ReferenceServer): HttpAdapter => {
  const token = server.issueToken(server.seed.plain.id);
  return createOfetchAdapter({
    baseURL: server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
};

/**
 * Makes `call` on client `c` with `captcha` as its captcha provider; gives the error it ended with
 * (or null). `code`: the two-factor seed player's login, then its code step with the provider (the
 * server's log reset in between, so the code step's request is alone in it).
 */
export async function authCallWith(
  server: ReferenceServer,
  c: PamClient,
  call: AuthCaptchaCall,
  captcha: () => unknown,
): Promise<unknown> {
  if (call === 'code') {
    const { email, password } = server.seed.twoFactor;
    c.login({ login: email, password });
    await until(
      () => c.view.status === 'twoFactorRequired',
      () => `still ${c.view.status}`,
    );
    server.reset(); // the code step's request alone in the log
    c.submitCode(server.seed.twoFactor.twoFactorCode!, captcha as () => string);
    await until(
      () => c.view.status === 'signedIn' || (c.view.status === 'twoFactorRequired' && !!c.view.error),
      () => `still ${c.view.status}`,
    );
  } else {
    if (call === 'login')
      c.login({
        login: server.seed.plain.email,
        password: server.seed.plain.password,
        captchaToken: captcha as () => string,
      });
    else
      c.register({
        email: `captcha-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'Str0ng!Passw0rd',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        captcha_token: captcha as () => string,
      } as never);
    await until(
      () => !['signingIn', 'registering'].includes(c.view.status),
      () => `still ${c.view.status}`,
    );
  }
  return c.view.error ?? null;
}
