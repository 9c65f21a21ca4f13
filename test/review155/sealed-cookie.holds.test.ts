// Review 155: a cookie that must not open a session (tampered, sealed under a secret since removed,
// oversized, garbage) is signed out, cleared, and sends nothing upstream; one sealed under an old
// secret still listed opens, and is sealed again under the current secret.

import { describe, expect, it } from 'vitest';
import {
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const NAME = '__Host-pam-session';
const READ = '/pam/bff/users/address-by-user';
const OLD = [{ id: 'k_old', secret: 'an-old-secret-of-at-least-32-characters!!' }];
const NEW = { id: 'k_new', secret: 'a-new-secret-of-at-least-32-characters!!!' };

function serve(api: HostileAPI) {
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    return json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
  };
}

async function sealedValue(api: HostileAPI, secrets = OLD): Promise<string> {
  const answer = await logIn(pamFor(api, { secrets }));
  await answer.text();
  const line = answer.headers.getSetCookie()[0]!;
  return line.slice(NAME.length + 1, line.indexOf(';'));
}

const forwarded = (api: HostileAPI) => api.requests.filter((r) => !r.url.startsWith('/auth/login'));

describe('review155: cookies that must not open', () => {
  const cases: [string, (v: string) => string][] = [
    [
      'tampered (one character of the sealed data changed)',
      (v) => {
        const parts = v.split('*');
        const p = parts[4]!;
        parts[4] = p.slice(0, 5) + (p[5] === 'A' ? 'B' : 'A') + p.slice(6);
        return parts.join('*');
      },
    ],
    ['its MAC cut off', (v) => v.split('*').slice(0, 7).join('*') + '*'],
    ['oversized (200 kB)', (v) => v + 'A'.repeat(200_000)],
    ['garbage', () => 'Fe26.2**k_old*x*y*z*0*w'],
  ];
  for (const [label, change] of cases) {
    it(`${label}: 401, cleared, nothing forwarded`, async () => {
      const api = await hostile.api();
      serve(api);
      const value = change(await sealedValue(api));
      const got = (await pamFor(api, { secrets: OLD }).handle(
        request(READ, { cookie: `${NAME}=${value}` }),
      ))!;
      expect(got.status).toBe(401);
      expect(got.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
      expect(forwarded(api)).toEqual([]);
    });
  }

  it('sealed under a secret since removed: 401, cleared, nothing forwarded', async () => {
    const api = await hostile.api();
    serve(api);
    const value = await sealedValue(api);
    const got = (await pamFor(api, { secrets: [NEW] }).handle(
      request(READ, { cookie: `${NAME}=${value}` }),
    ))!;
    expect(got.status).toBe(401);
    expect(got.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(forwarded(api)).toEqual([]);
  });

  it('sealed under an old secret still listed: opens, and its next seal is under the current one', async () => {
    const api = await hostile.api();
    serve(api);
    let now = Date.parse('2026-11-28T12:00:00Z');
    const value = await (async () => {
      const answer = await logIn(pamFor(api, { secrets: OLD, now: () => now }));
      await answer.text();
      const line = answer.headers.getSetCookie()[0]!;
      return line.slice(NAME.length + 1, line.indexOf(';'));
    })();
    expect(value.split('*')[1]).toBe('k_old');
    now += 120_000; // past the idle clock's touch: sealed again
    const pam = pamFor(api, { secrets: [NEW, ...OLD], now: () => now });
    const got = (await pam.handle(request(READ, { cookie: `${NAME}=${value}` })))!;
    expect(got.status).toBe(200);
    const line = got.headers.getSetCookie()[0]!;
    expect(line.slice(NAME.length + 1).split('*')[1]).toBe('k_new');
  });

  it('a second cookie of that name after the valid one is not read', async () => {
    const api = await hostile.api();
    serve(api);
    const value = await sealedValue(api);
    const got = (await pamFor(api, { secrets: OLD }).handle(
      request(READ, { cookie: `${NAME}=${value}; ${NAME}=garbage` }),
    ))!;
    expect(got.status).toBe(200);
  });
});
