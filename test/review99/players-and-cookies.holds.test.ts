// Review 99 (holds): answers of one player never reach another, and cookies open only where and
// while they should. Two players on one `pam-client/server` instance, their calls interleaved (the
// API holds each until the other's is in), their refreshes racing; a cookie of another deployment
// (another secret), a tampered cookie, a cookie replayed after its logout, a cookie re-sealed with
// a pushed-back expiry by someone without the secret: each reads signed out, nothing forwarded
// with its token. Every personal answer `Cache-Control: no-store`. Real sockets, hostile API.

import { describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from '../server/harness';
import {
  APP,
  cookieOf,
  fullInfo,
  json,
  latch,
  loginOk,
  pamFor,
  request,
  useHostile,
  user,
} from '../server/hostile';
import { turns } from '../support/event-loop';

const hostile = useHostile();
const TA = 'TOKEN-AAAA-abcdefgh1234';
const TB = 'TOKEN-BBBB-abcdefgh1234';
const idOf = (bearer: string) => (bearer.includes('AAAA') ? 1 : 2);

/** An API that answers each bearer its own player; the profile held at `gate` when given. */
function twoPlayers(api: Awaited<ReturnType<typeof hostile.api>>, gate?: Promise<void>) {
  let refreshes = 0;
  api.handler = async (req, res, body) => {
    const bearer = (req.headers.authorization ?? '').replace(/^bearer /i, '');
    if (req.url?.startsWith('/auth/login')) {
      const a = (JSON.parse(body) as { login: string }).login.startsWith('a');
      const token = a ? TA : TB;
      return json(
        res,
        200,
        loginOk({ user: user({ id: a ? 1 : 2, token, name: a ? 'Ana' : 'Bia' }) }, token),
      );
    }
    if (req.url?.startsWith('/users/refresh-token')) {
      refreshes++;
      await turns(20); // (held some turns of the loop: the two refreshes overlap)
      return json(res, 200, { access_token: `${bearer}-r${refreshes}` });
    }
    if (req.url?.startsWith('/auth/logout')) return json(res, 204, '');
    if (gate) await gate;
    const id = idOf(bearer);
    json(res, 200, {
      user: user({ id, token: bearer, name: id === 1 ? 'Ana' : 'Bia' }),
      userInfo: fullInfo({ ...loginOk().userInfo }),
    });
  };
}

async function signInAs(pam: ReturnType<typeof pamFor>, login: string): Promise<string> {
  const answer = (await pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login, password: 'Secret123!' } }),
  ))!;
  expect(answer.status).toBe(200);
  await answer.text();
  return cookieOf(answer);
}

describe('review 99: two players on one instance', () => {
  it('interleaved reads of the seed, the relayed profile and getSession: each gets only their own', async () => {
    const api = await hostile.api();
    const [gate, open] = latch();
    twoPlayers(api, gate);
    const pam = pamFor(api, { origin: APP });
    const a = await signInAs(pam, 'a@example.com');
    const b = await signInAs(pam, 'b@example.com');
    const calls = [
      ['a', pam.handle(request('/pam/session', { cookie: a }))],
      ['b', pam.handle(request('/pam/session', { cookie: b }))],
      ['a', pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie: a }))],
      ['b', pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie: b }))],
    ] as const;
    const pages = [pam.getSession(request('/', { cookie: b })), pam.getSession(request('/', { cookie: a }))];
    await turns(100); // (every call reaches the held API)
    open();
    for (const [who, call] of calls) {
      const answer = (await call)!;
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const body = (await answer.json()) as { user: { id: number; name: string } };
      expect(body.user).toMatchObject(who === 'a' ? { id: 1, name: 'Ana' } : { id: 2, name: 'Bia' });
    }
    const [pb, pa] = await Promise.all(pages);
    expect(pb!.player).toMatchObject({ id: 2, name: 'Bia' });
    expect(pa!.player).toMatchObject({ id: 1, name: 'Ana' });
    expect(pb!.headers.get('cache-control')).toContain('no-store');
  });

  it("refreshes of both players racing: each cookie carries its own successor, nobody the other's", async () => {
    const api = await hostile.api();
    twoPlayers(api);
    const clock = { now: Date.now() };
    const pam = pamFor(api, { origin: APP, now: () => clock.now, refreshAfterMs: 60_000 });
    const a = await signInAs(pam, 'a@example.com');
    const b = await signInAs(pam, 'b@example.com');
    clock.now += 61_000;
    const answers = await Promise.all(
      [a, b, a, b].map((cookie) => pam.handle(request('/pam/bff/users/address-by-user', { cookie }))),
    );
    const auths = api.requests.filter((r) => r.url.startsWith('/bff/'));
    for (const r of auths) expect(r.authorization).toMatch(/TOKEN-(AAAA|BBBB)-abcdefgh1234-r\d/);
    const byPlayer = answers.map((x, i) => ({ who: i % 2 === 0 ? 'a' : 'b', line: cookieOf(x!) }));
    // Each new cookie opens as its own player's session.
    for (const { who, line } of byPlayer) {
      if (line === '') continue;
      const next = (await pam.handle(request('/pam/session', { cookie: line })))!;
      const seed = (await next.json()) as { user: { id: number } };
      expect(seed.user.id).toBe(who === 'a' ? 1 : 2);
    }
    // The API saw each player's calls with that player's token only.
    const a2 = (await pam.handle(
      request('/pam/auth/user-profile?check_spa_again=1', { cookie: byPlayer[0]!.line || a }),
    ))!;
    expect(((await a2.json()) as { user: { id: number } }).user.id).toBe(1);
  });
});

describe('review 99: cookies that must not open', () => {
  const authed = '/pam/bff/users/address-by-user';

  it('a cookie of another deployment (another secret) is signed out, cleared, nothing forwarded', async () => {
    const api = await hostile.api();
    twoPlayers(api);
    const other = createPamServer({
      apiBaseURL: api.url,
      secrets: [{ id: 'k1', secret: 'another-deployment-secret-of-32-chars!!' }],
    });
    const foreign = await signInAs(other as never, 'a@example.com');
    const pam = pamFor(api, { origin: APP });
    const before = api.requests.length;
    const answer = (await pam.handle(request(authed, { cookie: foreign })))!;
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(api.requests.slice(before)).toEqual([]);
  });

  it('a cookie with any one character changed is signed out, nothing forwarded', async () => {
    const api = await hostile.api();
    twoPlayers(api);
    const pam = pamFor(api, { origin: APP });
    const cookie = await signInAs(pam, 'a@example.com');
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    const before = api.requests.length;
    for (const at of [5, Math.floor(value.length / 2), value.length - 3]) {
      const c = value[at] === 'A' ? 'B' : 'A';
      const tampered = `${name}=${value.slice(0, at)}${c}${value.slice(at + 1)}`;
      const answer = (await pam.handle(request(authed, { cookie: tampered })))!;
      expect(answer.status).toBe(401);
    }
    expect(api.requests.slice(before)).toEqual([]);
  });

  it('a cookie replayed after its logout is signed out, its token never sent again', async () => {
    const api = await hostile.api();
    twoPlayers(api);
    const pam = pamFor(api, { origin: APP });
    const cookie = await signInAs(pam, 'a@example.com');
    const out = (await pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })))!;
    expect(out.status).toBe(204);
    const before = api.requests.length;
    for (const path of [authed, '/pam/session', '/pam/auth/user-profile?check_spa_again=1']) {
      const answer = (await pam.handle(request(path, { cookie })))!;
      const text = await answer.text();
      expect(answer.status === 401 || JSON.parse(text).status === 'signedOut').toBe(true);
    }
    expect(api.requests.slice(before).filter((r) => r.authorization.includes(TA))).toEqual([]);
  });

  it('a cookie re-sealed by someone without the secret (a pushed-back expiry) does not open', async () => {
    const api = await hostile.api();
    twoPlayers(api);
    const pam = pamFor(api, { origin: APP });
    const cookie = await signInAs(pam, 'a@example.com');
    const value = cookie.slice(cookie.indexOf('=') + 1);
    // iron's fields: prefix*id*salt*iv*encrypted*expiration*hmacSalt*hmac; set an expiration field.
    const parts = value.split('*');
    parts[5] = String(Date.now() + 365 * 86_400_000);
    const forged = `${cookie.slice(0, cookie.indexOf('='))}=${parts.join('*')}`;
    const before = api.requests.length;
    const answer = (await pam.handle(request(authed, { cookie: forged })))!;
    expect(answer.status).toBe(401);
    expect(api.requests.slice(before)).toEqual([]);
  });

  it('the report file and its refusals are no-store', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/income-report/7'))
        return json(res, 200, {
          id: 7,
          reference_year: 2025,
          status: 3,
          delivery_type: 'download',
          requested_at: 'x',
          generated_at: 'x',
          path: null,
          download_url: `${api.url}/files/7.pdf`,
        });
      res.writeHead(200, { 'content-type': 'application/pdf', 'cache-control': 'public, max-age=86400' });
      res.end('%PDF-1.4 report');
    };
    const pam = pamFor(api, { origin: APP });
    const answer = (await pam.handle(
      request('/pam/report-file?id=7', {
        cookie: await (async () => {
          const a = (await pam.handle(
            request('/pam/auth/login', {
              method: 'POST',
              body: { login: 'p@example.com', password: 'Secret123!' },
            }),
          ))!;
          await a.text();
          return cookieOf(a);
        })(),
      }),
    ))!;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toBe('%PDF-1.4 report');
    const refused = (await pam.handle(request('/pam/report-file?id=7')))!;
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
