// Review 132 (held): rotating the cookie secret. A cookie sealed with the old secret opens on a
// server that lists it second, is re-sealed with the new one at its next touch (Max-Age within the
// session's life); once the old secret is dropped, that cookie reads signed out (cleared), nothing
// sent with its token. Hostile API on 127.0.0.1; Request objects into `handle`.
import { describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from '../server/harness';
import { json, loginOk, request, signIn, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const NEW_SECRET = { id: 'k2', secret: 'another-test-secret-of-32-characters-or-more' };
const READ = '/pam/bff/users/address-by-user';

describe('review 132: secret rotation (held)', () => {
  it('old-sealed cookie opens, is re-sealed with the new id; after the old id is dropped it is signed out', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: {} });
      return json(res, 200, { street: 'x' });
    };
    let clock = Date.now();
    const now = () => clock;
    const old = createPamServer({ apiBaseURL: api.url, secrets: SECRETS, now });
    const cookie = await signIn(old);
    expect(cookie).toMatch(/=Fe26\.2\*k1\*/);
    const rotated = createPamServer({ apiBaseURL: api.url, secrets: [NEW_SECRET, ...SECRETS], now });
    clock += 61_000; // past the one-minute touch
    const touched = (await rotated.handle(request(READ, { cookie })))!;
    await touched.text();
    expect(touched.status).toBe(200);
    const [line] = touched.headers.getSetCookie();
    expect(line).toMatch(
      /^__Host-pam-session=Fe26\.2\*k2\*[^;]+; Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(Number(/Max-Age=(\d+)/.exec(line!)![1])).toBeLessThanOrEqual(7_200); // the idle end: 2 h
    const onlyNew = createPamServer({ apiBaseURL: api.url, secrets: [NEW_SECRET], now });
    const before = api.requests.length;
    const refused = (await onlyNew.handle(request(READ, { cookie })))!;
    await refused.text();
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([
      '__Host-pam-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(api.requests.length).toBe(before);
    const resealed = line!.split(';')[0]!;
    const kept = (await onlyNew.handle(request(READ, { cookie: resealed })))!;
    await kept.text();
    expect(kept.status).toBe(200);
  });
});
