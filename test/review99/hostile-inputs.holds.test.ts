// Review 99 (holds): hostile requests to the proxy on a real Node host (raw sockets): a request
// smuggled with both `Transfer-Encoding` and `Content-Length`, headers past Node's bound, a body
// that is not JSON, method-override headers, dot segments and `//host` paths, a forged `Host`.
// None of them reaches the API with the session's token, and none builds a URL from the Host.

import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { APP, cookieOf, json, loginOk, pamFor, request, useHostile } from '../server/hostile';
import { type ServedHandler, serveHandler } from '../support/serve-handler';

const hostile = useHostile();
const served: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** Writes `raw` on a socket to `url` and returns everything read until the server closes or 2 s pass (real I/O). */
function rawExchange(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let got = '';
    socket.on('data', (d) => {
      got += d.toString('latin1');
    });
    socket.on('close', () => resolve(got));
    socket.on('error', () => resolve(got));
    socket.write(raw);
    socket.setTimeout(2_000, () => socket.destroy());
  });
}

async function world() {
  const api = await hostile.api();
  api.handler = (req, res) =>
    req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : json(res, 200, { ok: true });
  const pam = pamFor(api, { origin: APP, cookie: { secure: false } });
  const login = (await pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login: 'p@example.com', password: 'Secret123!' } }),
  ))!;
  await login.text();
  const cookie = cookieOf(login);
  const s = await serveHandler((r, c) => pam.handle(r, c));
  served.push(s);
  return {
    api,
    pam,
    cookie,
    url: s.url,
    authedCalls: () => api.requests.filter((r) => r.authorization !== '' && !r.url.startsWith('/auth/login')),
  };
}

describe('review 99: hostile requests on a real host', () => {
  it('Transfer-Encoding with Content-Length (a smuggled second request): refused by the host, nothing forwarded', async () => {
    const { url, cookie, authedCalls } = await world();
    const smuggled =
      'PATCH /pam/bff/users/self-mkt HTTP/1.1\r\nHost: x\r\nX-Pam-Client: 1\r\n' +
      `Cookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"mkt_accepted":true}`;
    const body = `0\r\n\r\n${smuggled}`;
    const raw =
      `POST /pam/auth/forgot-password HTTP/1.1\r\nHost: x\r\nX-Pam-Client: 1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`;
    const got = await rawExchange(url, raw);
    expect(got).toMatch(/^HTTP\/1\.1 400/);
    expect(authedCalls()).toEqual([]);
  });

  it('headers past the host bound: 431, nothing forwarded', async () => {
    const { url, cookie, authedCalls } = await world();
    const raw = `GET /pam/bff/users/address-by-user HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`;
    const got = await rawExchange(url, raw);
    expect(got).toMatch(/^HTTP\/1\.1 431/);
    expect(authedCalls()).toEqual([]);
  });

  it.each([
    ['text/plain', '{"mkt_accepted":true}', 415],
    ['application/x-www-form-urlencoded', 'mkt_accepted=1&_method=DELETE', 415],
    ['application/json', 'mkt_accepted=1', 400],
    ['application/json', '{"mkt_accepted":true', 400],
    ['application/json', '\u0000', 400],
  ])('PATCH self-mkt with %s body %j: %i, nothing forwarded', async (type, body, status) => {
    const { pam, cookie, authedCalls } = await world();
    const answer = (await pam.handle(
      new Request(`${APP}/pam/bff/users/self-mkt`, {
        method: 'PATCH',
        headers: { cookie, 'x-pam-client': '1', 'content-type': type },
        body,
      }),
    ))!;
    expect(answer.status).toBe(status);
    expect(authedCalls()).toEqual([]);
  });

  it("method-override headers are never forwarded, the row's method is", async () => {
    const api = await hostile.api();
    const seen: { method: string; headers: string }[] = [];
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      seen.push({ method: req.method ?? '', headers: JSON.stringify(req.headers) });
      json(res, 200, { ok: true });
    };
    const pam = pamFor(api, { origin: APP });
    const login = (await pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    ))!;
    await login.text();
    const answer = (await pam.handle(
      new Request(`${APP}/pam/bff/users/check-password`, {
        method: 'POST',
        headers: {
          cookie: cookieOf(login),
          'x-pam-client': '1',
          'content-type': 'application/json',
          'x-http-method-override': 'DELETE',
          'x-http-method': 'DELETE',
          'x-method-override': 'DELETE',
          'x-forwarded-host': 'evil.example',
          forwarded: 'host=evil.example',
        },
        body: JSON.stringify({ password: 'Secret123!' }),
      }),
    ))!;
    await answer.text();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers).not.toMatch(/override|x-http-method|evil\.example/i);
  });

  it.each([
    '/pam/auth/../bff/users/address-by-user/..%2f..%2fauth%2flogout',
    '/pam//evil.example/auth/user-profile',
    '/pam/%2e%2e/%2e%2e/admin',
    '/pam/bff/users/address-by-user%3F/../../x',
  ])('raw path %s on the wire: never forwarded anywhere but a route', async (path) => {
    const { url, cookie, api } = await world();
    const before = api.requests.length;
    const got = await rawExchange(
      url,
      `GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(got).toMatch(/^HTTP\/1\.1 (400|404|200)/);
    for (const r of api.requests.slice(before))
      expect(r.url).toMatch(/^\/(bff|auth|income-report|users)\/[\w/-]*(\?[\w=&]*)?$/);
  });

  it('a forged Host builds no URL: the report download_url stays relative, no Host in any answer', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      json(res, 200, {
        id: 7,
        reference_year: 2025,
        status: 3,
        delivery_type: 'download',
        requested_at: 'x',
        generated_at: 'x',
        path: null,
        download_url: `${api.url}/files/7.pdf`,
      });
    };
    const pam = pamFor(api, { origin: APP, cookie: { secure: false } });
    const login = (await pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    ))!;
    await login.text();
    const s = await serveHandler((r, c) => pam.handle(r, c));
    served.push(s);
    const got = await rawExchange(
      s.url,
      `GET /pam/income-report/7 HTTP/1.1\r\nHost: evil.example\r\nCookie: ${cookieOf(login)}\r\nConnection: close\r\n\r\n`,
    );
    expect(got).toMatch(/^HTTP\/1\.1 200/);
    expect(got).toContain('"download_url":"/report-file?id=7"');
    expect(got).not.toContain('evil.example');
  });
});
