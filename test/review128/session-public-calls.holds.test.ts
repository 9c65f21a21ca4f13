// Review 128: through createPamClient (real sockets, the reference server), a login made signed
// out carries no Authorization (also the one after a logout), and `client.http` cannot be pointed
// at another origin.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { type ReferenceServer, startReferenceServer } from '../../src/testing/index';
import { until } from '../support/event-loop';

let s: ReferenceServer;
beforeAll(async () => {
  s = await startReferenceServer();
});
afterAll(() => s?.close());

it('logins go without Authorization; client.http refuses an absolute URL elsewhere, nothing sent', async () => {
  const c = createPamClient({ baseURL: s.url, environment: { channel: null } });
  try {
    c.login({ login: s.seed.plain.email, password: s.seed.plain.password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    const elsewhere = `http://localhost:${new URL(s.url).port}/bff/users/address-by-user`;
    const before = s.requests.length;
    for (const url of [elsewhere, `//localhost:${new URL(s.url).port}/x`, '/\\localhost/x']) {
      await expect(c.http.get(url)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    expect(s.requests.length).toBe(before);
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    c.login({ login: s.seed.plain.email, password: s.seed.plain.password });
    await until(() => c.view.status === 'signedIn', 'signed in again');
    const logins = s.requests.filter((r) => r.path === '/auth/login');
    expect(logins.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    const logout = s.requests.find((r) => r.path === '/auth/logout');
    expect(logout?.headers.authorization).toMatch(/^Bearer \S+$/);
  } finally {
    c.stop();
  }
});
