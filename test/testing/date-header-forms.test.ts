// All three forms of the reference server send `Date` from the server's own clock (REVIEW-R R-3):
// the HTTP server, the in-process fetch and the MSW handlers, on every answer (a route's, a 404,
// a faulted one). Without it a client reads every dated restriction `stale` (docs/time.md), so a
// paused, self-excluded or pending-limit seed was never `current` in component tests.

import { setupServer } from 'msw/node';
import { createReferenceFetch } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceHandlers } from '../../src/testing/msw';
import { useReferenceServer } from '../support/server';

const T = Date.UTC(2031, 5, 1, 12, 0, 7);
const DATE = new Date(T).toUTCString();
const BASE = 'https://date.pam.example';

const http = useReferenceServer({ now: () => T });
const { handlers, reference } = createReferenceHandlers({ baseURL: BASE, now: () => T });
const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

const login = (seed: { email: string; password: string }) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: seed.email, password: seed.password }),
});

describe("every form of the reference server sends the server's own Date", () => {
  const kit = createReferenceFetch({ now: () => T });
  const forms: [
    string,
    () => { fetch: typeof fetch; base: string; faults: typeof kit.faults; seed: typeof kit.seed },
  ][] = [
    [
      'the HTTP server',
      () => ({ fetch, base: http.server.url, faults: http.server.faults, seed: http.server.seed }),
    ],
    ['the in-process fetch', () => ({ fetch: kit, base: kit.baseURL, faults: kit.faults, seed: kit.seed })],
    ['the MSW handlers', () => ({ fetch, base: BASE, faults: reference.faults, seed: reference.seed })],
  ];
  for (const [name, form] of forms)
    it(`${name}: a route's answer, a 404 and a faulted answer`, async () => {
      const { fetch: f, base, faults, seed } = form();
      const signedIn = await f(
        `${base}/auth/login`,
        login(seed.paused as { email: string; password: string }),
      );
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('date')).toBe(DATE);
      expect((await f(`${base}/no/such/route`)).headers.get('date')).toBe(DATE);
      faults.add({ method: 'GET', path: '/auth/user-profile', status: 503 });
      const faulted = await f(`${base}/auth/user-profile`);
      expect(faulted.status).toBe(503);
      expect(faulted.headers.get('date')).toBe(DATE);
    });
});
