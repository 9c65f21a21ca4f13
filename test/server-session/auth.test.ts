import { describe, expect, it } from 'vitest';
import { serverSessionAuth } from '../../machines/server-session/auth';
import { createAuthModule, createOfetchAdapter } from '../../src/index';
import { browserProfile, type TestClock, usePam } from './support';

// The login answer without a token (docs/server.md): the core's auth module reads it as
// `invalid_response`; the server-session auth reads it as a session, and refuses any answer that
// still carries a token.

const clock: TestClock = { now: Date.now() };
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
});
