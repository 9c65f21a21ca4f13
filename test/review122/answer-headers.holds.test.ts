// Review 122 (probes that hold): every answer the proxy writes says `X-Content-Type-Options:
// nosniff` and `Cache-Control: no-store`, and holds no token (its text, its headers but the sealed
// cookie line): its own messages and refusals, the session route, HEAD, 204s, the report file (a
// stream, and its refusals), the fixed 502s (unreachable, redirect, odd status), a store that
// throws (503); a hostile API on real sockets.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PamServer } from '../../src/server/index';
import { failing, sharedStore } from '../server/faulty-store';
import {
  APP,
  cookieOf,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
} from '../server/hostile';

const hostile = useHostile();
const DATE = new Date().toUTCString();

function handler(api: HostileAPI) {
  api.handler = (req, res: ServerResponse) => {
    const url = req.url ?? '';
    if (url.startsWith('/auth/login')) return json(res, 200, loginOk({ message: `hi ${TOKEN}` }));
    if (url === '/auth/logout') return json(res, 204, '');
    if (url.startsWith('/income-report/5/file')) {
      res.writeHead(200, { 'content-type': 'application/pdf', date: DATE });
      return res.end('%PDF-1.4 file');
    }
    if (url.startsWith('/income-report/5'))
      return json(res, 200, {
        id: 5,
        status: 'completed',
        reference_year: 2025,
        download_url: `${api.url}/income-report/5/file`,
      });
    if (url.startsWith('/income-report/6')) {
      res.writeHead(302, { location: `https://evil.example/${TOKEN}`, date: DATE });
      return res.end();
    }
    if (url.startsWith('/income-report/7')) return json(res, 204, '');
    return json(res, 200, { message: `echo ${TOKEN}`, access_token: TOKEN });
  };
}

async function check(name: string, got: Promise<Response | undefined>) {
  const answer = await got;
  if (!answer) return { name, status: 0, nosniff: null, noStore: false, leaked: false };
  const text = await answer.text();
  const headers = [...answer.headers]
    .filter(([n]) => n !== 'set-cookie')
    .map(([n, v]) => `${n}: ${v}`)
    .join('\n');
  return {
    name,
    status: answer.status,
    nosniff: answer.headers.get('x-content-type-options'),
    noStore: /(^|,\s*)no-store(\s*,|$)/.test(answer.headers.get('cache-control') ?? ''),
    leaked: text.includes(TOKEN) || headers.includes(TOKEN),
  };
}

const expected = (name: string, status: number) => ({
  name,
  status,
  nosniff: 'nosniff',
  noStore: true,
  leaked: false,
});

describe('review 122 (holds): the headers of every answer', () => {
  it('messages, refusals, the session route, HEAD, 204s, the report file, the fixed 502s', async () => {
    const api = await hostile.api();
    handler(api);
    const pam: PamServer = pamFor(api, { origin: APP });
    const login = await logIn(pam);
    const cookie = cookieOf(login);
    const results = [await check('login', Promise.resolve(login))];
    const go = (name: string, path: string, init: Parameters<typeof request>[1] = {}) =>
      check(name, pam.handle(request(path, { cookie, ...init })));
    results.push(await go('session', '/pam/session'));
    results.push(
      await check(
        'session HEAD',
        pam.handle(new Request(request('/pam/session', { cookie }), { method: 'HEAD' })),
      ),
    );
    results.push(await go('session query', '/pam/session?x=1'));
    results.push(await go('not found', '/pam/nowhere'));
    results.push(await go('encoded', '/pam/auth%2Fuser-profile'));
    results.push(
      await check(
        'no client header',
        pam.handle(new Request(`${APP}/pam/auth/user-profile`, { method: 'POST' })),
      ),
    );
    results.push(await go('profile echo', '/pam/auth/user-profile'));
    results.push(await go('report file', '/pam/report-file?id=5'));
    results.push(await go('report file, no id', '/pam/report-file'));
    results.push(await go('report redirect', '/pam/report-file?id=6'));
    results.push(await go('report 204', '/pam/income-report/7'));
    results.push(await go('relayed redirect', '/pam/income-report/6'));
    results.push(
      await go('body too large', '/pam/auth/login', {
        method: 'POST',
        body: { login: 'x'.repeat(2_000_000), password: 'p' },
      }),
    );
    results.push(await go('logout', '/pam/auth/logout', { method: 'POST' }));
    await api.close();
    results.push(
      await go('unreachable', '/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    );
    const statuses = Object.fromEntries(results.map((r) => [r.name, r.status]));
    expect(results).toEqual(results.map((r) => expected(r.name, statuses[r.name]!)));
    // (The paths were the ones meant: the statuses each one answers.)
    expect(statuses).toMatchObject({
      login: 200,
      session: 200,
      'session HEAD': 200,
      'not found': 404,
      'report file': 200,
      'report 204': 204,
      unreachable: 502,
      encoded: 404,
      'relayed redirect': 502,
      logout: 204,
    });
  });

  it('a store that throws: the fixed 503, with both headers', async () => {
    const api = await hostile.api();
    handler(api);
    const shared = sharedStore({ now: Date.now() });
    const cookie = cookieOf(await logIn(pamFor(api, { origin: APP, store: shared })));
    const pam = pamFor(api, { origin: APP, store: failing(shared, { get: () => true, set: () => true }) });
    const got = await check(
      'store',
      pam
        .handle(request('/pam/auth/user-profile', { cookie }))
        .catch((e: Error) => new Response(String(e?.message), { status: 599 })),
    );
    expect(got).toEqual(expected('store', 503));
  });
});
