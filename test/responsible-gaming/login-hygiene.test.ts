import { describe, expect, it } from 'vitest';
import { clientsFor, useReferenceServer } from '../support/server';

// Issue 23, input hygiene: what a player types around a login is not part of it. An e-mail is
// sent trimmed; a CPF typed with spaces is sent as digits, like one typed with punctuation. The
// reference server reads a login the same way, so its throttle cannot be dodged by re-spacing.

const ctx = useReferenceServer();
const sentLogin = () => (ctx.server.requests.at(-1)?.body as { login?: string } | undefined)?.login;

describe('login input hygiene', () => {
  it('sends an e-mail trimmed, and signs in with it', async () => {
    const { auth } = clientsFor(ctx.server);
    const { plain } = ctx.server.seed;
    const answer = await auth.login({ login: `  ${plain.email}\t`, password: plain.password });
    expect(sentLogin()).toBe(plain.email);
    expect(answer.type).toBeUndefined();
  });

  it('sends a CPF typed with spaces, tabs or mixed punctuation as its 11 digits', async () => {
    const { auth } = clientsFor(ctx.server);
    const { plain } = ctx.server.seed;
    for (const typed of ['529 982 247 25', ' 529.982.247 - 25 ', '529\u00a0982\u00a0247-25']) {
      await auth.login({ login: typed, password: plain.password });
      expect(sentLogin()).toBe(plain.cpf);
    }
  });

  it('trims the login of a password recovery too', async () => {
    const { auth } = clientsFor(ctx.server);
    await auth.forgotPassword({ login: ' 529 982 247 25 ' });
    expect(sentLogin()).toBe(ctx.server.seed.plain.cpf);
    await auth.forgotPassword({ login: ' player@example.com ' });
    expect(sentLogin()).toBe('player@example.com');
  });

  it('reference server: a CPF with spaces is the same account and the same throttle key', async () => {
    const { plain } = ctx.server.seed;
    const post = (login: string, password: string) =>
      fetch(`${ctx.server.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ login, password }),
      });
    expect((await post('529 982 247 25', plain.password)).status).toBe(200);
    // Five failures, each typed differently, lock the one account.
    for (const typed of [
      '529 982 247 25',
      '529.982.247-25',
      ' 52998224725',
      '529 982.247-25',
      '529982247 25',
    ]) {
      expect((await post(typed, 'wrong')).status).toBe(401);
    }
    expect((await post(plain.cpf, plain.password)).status).toBe(429);
  });
});

describe('a blank login', () => {
  it('is refused with one issue on login, nothing sent, spaces only included', async () => {
    const { auth } = clientsFor(ctx.server);
    for (const login of ['', '   ', '\t\n']) {
      const e = await auth.login({ login, password: 'x' }).catch((x: unknown) => x);
      expect((e as { issues: { path: string[] }[] }).issues.map((i) => i.path.join('.'))).toEqual(['login']);
    }
    expect(ctx.server.requests).toHaveLength(0);
  });
});
