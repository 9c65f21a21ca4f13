// Review 99 (holds): no answer of the proxy carries the session's token, whatever the API does with
// it: headers (Set-Cookie, Authorization, Location with the token in its query, a custom header),
// a redirect, an HTML or plain-text body, JSON after a BOM, a gzip- or deflate-encoded body, a
// chunked body, a body past the bound, the token under odd keys or encoded, on every route
// (login, 2FA step, profile, contacts, seed, errors of each status). Real sockets, hostile API.

import type { ServerResponse } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  APP,
  fullInfo,
  json,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const profile = () => ({ user: user(), userInfo: fullInfo({ ...loginOk().userInfo }) });

/** Everything the browser got: status line, every header, the body. */
async function seen(answer: Response): Promise<string> {
  const body = await answer.text();
  return `${answer.status}\n${[...answer.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}`;
}

type Writer = (res: ServerResponse) => void;

const HOSTILE_ANSWERS: [string, Writer][] = [
  [
    'token in Set-Cookie, Authorization, X-Token, Link, WWW-Authenticate',
    (res) => {
      res.setHeader('set-cookie', [`api=${TOKEN}; Path=/`]);
      res.setHeader('authorization', `Bearer ${TOKEN}`);
      res.setHeader('x-token', TOKEN);
      res.setHeader('link', `<https://api.example/?t=${TOKEN}>; rel=next`);
      res.setHeader('www-authenticate', `Bearer realm="${TOKEN}"`);
      json(res, 200, profile());
    },
  ],
  [
    '302 to a Location with the token in its query',
    (res) => {
      res.writeHead(302, {
        location: `https://evil.example/cb?access_token=${TOKEN}`,
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ access_token: TOKEN, next: `https://evil.example/?t=${TOKEN}` }));
    },
  ],
  [
    '307 with the token in the body',
    (res) => {
      res.writeHead(307, { location: '/elsewhere', 'content-type': 'text/plain' });
      res.end(TOKEN);
    },
  ],
  [
    '200 text/html echoing the token',
    (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>token=${TOKEN}</body></html>`);
    },
  ],
  [
    '500 text/plain echoing the token',
    (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Bearer ${TOKEN} rejected`);
    },
  ],
  ['JSON after a BOM', (res) => json(res, 200, `\uFEFF${JSON.stringify({ ...profile(), note: TOKEN })}`)],
  [
    'gzip-encoded JSON echoing the token',
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ ...profile(), note: `x ${TOKEN} y` })));
    },
  ],
  [
    'deflate-encoded 422 echoing the token',
    (res) => {
      res.writeHead(422, { 'content-type': 'application/json', 'content-encoding': 'deflate' });
      res.end(deflateSync(JSON.stringify({ message: TOKEN, errors: { token: [TOKEN] } })));
    },
  ],
  [
    'chunked JSON, the token cut across chunks',
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      const text = JSON.stringify({ ...profile(), note: TOKEN });
      const at = text.indexOf(TOKEN) + 5;
      res.write(text.slice(0, at));
      setImmediate(() => res.end(text.slice(at)));
    },
  ],
  [
    'a body past 1 MiB holding the token',
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...profile(), pad: 'x'.repeat(1_100_000), note: TOKEN }));
    },
  ],
  [
    'the token under odd keys, encoded, as a key',
    (res) =>
      json(res, 200, {
        ...profile(),
        credential: TOKEN,
        session_id: TOKEN.toLowerCase(),
        Bearer: [`Bearer ${TOKEN}`],
        accessToken: TOKEN,
        tokens: { access: TOKEN, refresh: encodeURIComponent(TOKEN) },
        html: TOKEN.replace(/./g, (c) => `&#${c.charCodeAt(0)};`),
        cut: TOKEN.slice(0, 14),
      }),
  ],
  ['the token as a key', (res) => json(res, 200, { ...profile(), [TOKEN]: 1 })],
];

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/pam/auth/user-profile?check_spa_again=1'],
  ['GET', '/pam/bff/users/address-by-user'],
  ['PATCH', '/pam/bff/users/add-phone', { phone: '11999999999', ddi: '55' }],
  ['GET', '/pam/session'],
  ['GET', '/pam/income-report/7'],
];

describe('review 99: no token in any answer of a signed-in player', () => {
  for (const [what, write] of HOSTILE_ANSWERS)
    it.each(ROUTES)(`${what}: %s %s`, async (method, path, body) => {
      const api = await hostile.api();
      api.handler = (req, res) =>
        req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : write(res);
      const pam = pamFor(api, { origin: APP });
      const cookie = await signIn(pam);
      const answer = (await pam.handle(request(path, { method, cookie, body })))!;
      const all = await seen(answer);
      expect(all).not.toContain(TOKEN);
      expect(all.toLowerCase()).not.toContain(TOKEN.toLowerCase());
      expect(all).not.toContain(TOKEN.slice(0, 14));
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.status).not.toBe(302);
    });
});

describe('review 99: no token in login answers (completed, 2FA step, refused, redirected)', () => {
  const LOGIN_ANSWERS: [string, Writer][] = [
    ['completed, token echoed in name', (res) => json(res, 200, loginOk({ user: user({ name: TOKEN }) }))],
    [
      '2FA challenge carrying a token',
      (res) =>
        json(res, 200, { type: 'two_factor_code', access_token: TOKEN, message: `code sent ${TOKEN}` }),
    ],
    [
      '401 carrying a token and echoing it',
      (res) => json(res, 401, { access_token: TOKEN, message: `bad ${TOKEN}` }),
    ],
    [
      '302 with the token in Location',
      (res) => {
        res.writeHead(302, { location: `https://evil.example/?access_token=${TOKEN}` });
        res.end();
      },
    ],
    [
      'gzip completed login',
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify(loginOk({ message: `welcome ${TOKEN}` }))));
      },
    ],
    [
      'text/html 200 holding the token',
      (res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<p>${JSON.stringify(loginOk())}</p>`);
      },
    ],
  ];
  it("a 401 to a login sent with a live cookie, echoing that session's token", async () => {
    const api = await hostile.api();
    let first = true;
    api.handler = (req, res) => {
      if (!req.url?.startsWith('/auth/login')) return json(res, 204, '');
      if (first) {
        first = false;
        return json(res, 200, loginOk());
      }
      json(res, 401, { message: `bad login; current session ${TOKEN}`, errors: { login: [TOKEN] } });
    };
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      request('/pam/auth/login', { method: 'POST', cookie, body: { login: 'p@example.com', password: 'x' } }),
    ))!;
    const all = await seen(answer);
    expect(answer.status).toBe(401);
    expect(all).not.toContain(TOKEN);
  });
  it.each(LOGIN_ANSWERS)('%s', async (_what, write) => {
    const api = await hostile.api();
    api.handler = (req, res) => (req.url?.startsWith('/auth/login') ? write(res) : json(res, 204, ''));
    const pam = pamFor(api, { origin: APP });
    for (const body of [
      { login: 'p@example.com', password: 'Secret123!' },
      { login: 'p@example.com', password: 'Secret123!', two_factor_code: '123456' },
    ]) {
      const answer = (await pam.handle(request('/pam/auth/login', { method: 'POST', body })))!;
      const all = await seen(answer);
      expect(all).not.toContain(TOKEN);
      expect(all).not.toContain(TOKEN.slice(0, 14));
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
