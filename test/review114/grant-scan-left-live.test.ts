// Review 114: breaking review 112's revoke of every top-level access_token an unreadable 2xx names
// (src/server/upstream.ts `granted`, src/server/grant-scan.ts). Real sockets, a hostile API.
import { describe, expect, it } from 'vitest';
import {
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();
const A = `AAAA-${'a'.repeat(30)}`;
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

async function loginWith(body: string) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/logout') return json(res, 204, '');
    return json(res, 200, body);
  };
  const answer = await logIn(pamFor(api));
  const text = await answer.text();
  return { api, answer, text };
}

const granting = JSON.stringify(loginOk({}, A));

describe('review 114 (DEFECT): an unreadable 2xx login whose token the scanner cannot place', () => {
  // An anti-XSSI prefix (Angular's, Google's APIs'): no JSON, its token at the top level after it.
  it(`an anti-XSSI prefix ")]}'" before the object: the granted token revoked`, async () => {
    const { api, answer, text } = await loginWith(`)]}',\n${granting}`);
    expect(answer.status).toBe(502);
    expect(text).not.toContain(A);
    expect(revoked(api)).toEqual([A]);
  });

  it('a stray "}" before the object (a template glitch): the granted token revoked', async () => {
    const { api, answer } = await loginWith(`}\n${granting}`);
    expect(answer.status).toBe(502);
    expect(revoked(api)).toEqual([A]);
  });

  it('nine access_tokens named (eight decoys first): the real one, last, revoked too', async () => {
    const decoys = Array.from({ length: 8 }, (_, i) => `"access_token":"DECOY-${i}-${'d'.repeat(20)}"`);
    const { api, answer } = await loginWith(`{${decoys.join(',')},${granting.slice(1)}`);
    expect(answer.status).toBe(502);
    expect(revoked(api)).toContain(A);
  });
});

describe('review 114 (probes): what an unreadable 2xx names, revoked or spared', () => {
  it('a trailing comma, an escaped key and nested objects: the top-level token revoked once', async () => {
    const { api, answer } = await loginWith(
      `{"data":{"x":[{"y":"}"}]},"access\\u005ftoken":"${A}","access_token":"${A}",}`,
    );
    expect(answer.status).toBe(502);
    expect(revoked(api)).toEqual([A]);
  });

  it("an unreadable refresh naming the session's own live token: that token never revoked", async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url === '/auth/logout') return json(res, 204, '');
      if (req.url === '/users/refresh-token')
        return json(res, 200, `{"access_token":"${TOKEN}","token_type":"bearer",}`);
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
      return json(res, 200, { street: 'x' });
    };
    let clock = Date.now();
    const pam = pamFor(api, { now: () => clock, refreshAfterMs: 60_000 });
    const cookie = await signIn(pam);
    clock += 61_000;
    const answer = (await pam.handle(request(READ, { cookie })))!;
    await answer.text();
    expect(api.requests.some((r) => r.url === '/users/refresh-token')).toBe(true);
    expect(revoked(api)).not.toContain(TOKEN);
  });

  it('a 2 MB non-JSON 2xx login: answered (502), its token revoked', async () => {
    const { api, answer } = await loginWith(`{"pad":"${'x'.repeat(2_000_000)}","access_token":"${A}",}`);
    expect(answer.status).toBe(502);
    expect(revoked(api)).toEqual([A]);
  });
});
