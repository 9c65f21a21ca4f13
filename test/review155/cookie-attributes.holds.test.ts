// Review 155: the session cookie's attributes (HttpOnly, Secure, SameSite, Path, no Domain,
// __Host- name) and its Max-Age against the token's own life; the logout's clearing line.

import { describe, expect, it } from 'vitest';
import { cookieOf, json, logIn, loginOk, pamFor, request, TOKEN, useHostile } from '../server/hostile';

const hostile = useHostile();

const attrs = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim());

describe('review155: the cookie line', () => {
  it('a login sets __Host-pam-session with Path=/, HttpOnly, Secure, SameSite=Lax, no Domain, Max-Age within the token life', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) => json(res, 200, loginOk({ expires_in: 600 }));
    const pam = pamFor(api);
    const answer = await logIn(pam);
    const text = await answer.text();
    const lines = answer.headers.getSetCookie();
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.startsWith('__Host-pam-session=')).toBe(true);
    const a = attrs(line);
    expect(a).toContain('Path=/');
    expect(a).toContain('HttpOnly');
    expect(a).toContain('Secure');
    expect(a).toContain('SameSite=Lax');
    expect(a.some((x) => /^domain=/i.test(x))).toBe(false);
    const maxAge = Number(a.find((x) => x.startsWith('Max-Age='))!.slice(8));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(600);
    // No token anywhere the page can read.
    expect(text).not.toContain(TOKEN);
    for (const [, v] of answer.headers) expect(v.includes(TOKEN) && !v.startsWith('__Host-')).toBe(false);
    expect(line).not.toContain(TOKEN); // sealed, not the token in the clear
  });

  it('a logout clears it with the same Path, Secure and HttpOnly (Max-Age=0)', async () => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/logout') ? json(res, 200, {}) : json(res, 200, loginOk());
    const pam = pamFor(api);
    const login = await logIn(pam);
    await login.text();
    const cookie = cookieOf(login);
    const out = (await pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })))!;
    expect(out.status).toBe(204);
    const [line] = out.headers.getSetCookie();
    expect(line).toMatch(/^__Host-pam-session=;/);
    const a = attrs(line!);
    expect(a).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=0', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    // The API was asked to revoke the session's token.
    expect(
      api.requests.some((r) => r.url.startsWith('/auth/logout') && r.authorization.endsWith(TOKEN)),
    ).toBe(true);
  });
});
