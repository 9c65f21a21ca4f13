import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverSessionAuth } from '../../machines/server-session/auth';
import { AUTH_OPERATIONS } from '../../src/auth/operations';
import {
  createAuthModule,
  createOfetchAdapter,
  type HttpAdapter,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index';
import { browserProfile, runningClock, usePam } from './support';

// The login answer without a token (docs/server.md): the core's auth module reads it as
// `invalid_response`; the server-session auth reads it as a session, and refuses any answer that
// still carries a token. It carries no schema: the proxy checks requests and reads answers with
// the core's, and its refusals are thrown here as the core's own errors.

const clock = runningClock();
const { ref, fx } = usePam(clock);

const httpThrough = (baseURL: string, fetch?: typeof globalThis.fetch) =>
  createOfetchAdapter({ baseURL, headers: { 'X-Pam-Client': '1' }, ...(fetch ? { fetch } : {}) });

describe('serverSessionAuth', () => {
  it("the proxy's completed login is invalid_response to the core's auth module, a ServerLoginSuccess here", async () => {
    const { plain } = ref.server.seed;
    const profile = browserProfile(fx.served.url);
    const core = createAuthModule(httpThrough('/pam', profile.fetch));
    await expect(core.login({ login: plain.email, password: plain.password })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    const answer = (await serverSessionAuth(httpThrough('/pam', profile.fetch)).login({
      login: plain.email,
      password: plain.password,
    })) as unknown as Record<string, unknown>;
    expect(answer.type).toBeUndefined();
    expect(answer).not.toHaveProperty('access_token');
    expect(answer).toMatchObject({ user: { id: plain.id }, server_session: { player_id: plain.id } });
    expect(typeof (answer.server_session as { login_id: unknown }).login_id).toBe('string');
  });

  it('an answer that carries a token (the API itself, not the proxy) is refused: the client never holds one', async () => {
    const { plain } = ref.server.seed;
    await expect(
      serverSessionAuth(httpThrough(ref.server.url)).login({ login: plain.email, password: plain.password }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('a two-factor challenge passes as the challenge it is', async () => {
    const { twoFactor } = ref.server.seed;
    const profile = browserProfile(fx.served.url);
    const answer = await serverSessionAuth(httpThrough('/pam', profile.fetch)).login({
      login: twoFactor.email,
      password: twoFactor.password,
    });
    expect(answer.type).toBe('two_factor_code');
    expect(profile.cookies.size).toBe(0);
  });

  it("sends each row where the core's module does (the same methods and paths)", async () => {
    const sent: [string, string][] = [];
    const http = {
      get: async (path: string) => void sent.push(['GET', path]),
      post: async (path: string) => void sent.push(['POST', path]),
    } as unknown as HttpAdapter;
    const auth = serverSessionAuth(http) as unknown as Record<string, (arg: unknown) => Promise<unknown>>;
    // A login is checked before it is sent (test/server-session/login-input): give it one that can work.
    const good = { login: 'player@example.com', password: 'pw' };
    for (const name of Object.keys(AUTH_OPERATIONS))
      await auth[name]!(name === 'login' ? good : {}).catch(() => {});
    expect(sent).toEqual(Object.values(AUTH_OPERATIONS).map((row) => [row.method, row.path]));
  });

  it("a request the core's schema refuses never reaches the API, and is the core's RequestValidationError", async () => {
    const bad = { login: 'player@example.com', password: '' };
    const expected = await createAuthModule(httpThrough(ref.server.url))
      .login(bad)
      .catch((e: unknown) => e);
    expect(expected).toBeInstanceOf(RequestValidationError);
    const refused = await serverSessionAuth(httpThrough('/pam', browserProfile(fx.served.url).fetch))
      .login(bad)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect(refused).toMatchObject({
      code: 'invalid_request',
      operation: 'login',
      issues: (expected as RequestValidationError).issues,
    });
    expect(ref.server.requests.filter((r) => r.path === '/auth/login')).toEqual([]);
  });

  it("the proxy reads the API's answer with the core's schema: a text id is read as the number; an unreadable answer is the core's ResponseValidationError and signs nobody in", async () => {
    const { plain } = ref.server.seed;
    const credentials = { login: plain.email, password: plain.password };
    const real = (await createOfetchAdapter({ baseURL: ref.server.url }).post(
      '/auth/login',
      credentials,
    )) as {
      user: Record<string, unknown>;
    };
    ref.server.faults.add({
      path: '/auth/login',
      status: 200,
      body: { ...real, user: { ...real.user, id: ` ${plain.id} ` } },
      times: 1,
    });
    const profile = browserProfile(fx.served.url);
    const answer = await serverSessionAuth(httpThrough('/pam', profile.fetch)).login(credentials);
    expect((answer as { user: { id: unknown } }).user.id).toBe(plain.id);
    expect(profile.cookies.size).toBe(1);

    ref.server.faults.add({ path: '/auth/login', status: 200, body: { ...real, user: 'nobody' }, times: 1 });
    const other = browserProfile(fx.served.url);
    const refused = await serverSessionAuth(httpThrough('/pam', other.fetch))
      .login(credentials)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ResponseValidationError);
    expect(refused).toMatchObject({ code: 'invalid_response', operation: 'login' });
    expect((refused as ResponseValidationError).issues.map((i) => i.path[0])).toContain('user');
    expect(other.cookies.size).toBe(0);
  });

  it('the browser client in server-session mode bundles no zod (the schemas run on the server)', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const result = await build({
      stdin: {
        contents: "export { createServerSessionClient } from './machines/index';",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      tsconfig: `${root}tsconfig.json`,
      logLevel: 'silent',
    });
    // What each module left in the bundle (a module read but shaken away leaves 0 bytes).
    const [output] = Object.values(result.metafile.outputs);
    const kept = Object.entries(output!.inputs).filter(([, i]) => i.bytesInOutput > 0);
    expect(kept.some(([path]) => path.includes('machines/server-session/client.ts'))).toBe(true);
    expect(kept.filter(([path]) => path.includes('node_modules/zod/')).map(([path]) => path)).toEqual([]);
  });
});
