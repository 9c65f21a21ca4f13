// A clock whose readings are no time (REVIEW-P P9): `now` was checked to be a function only, so a
// NaN or a string reading sealed a cookie with `Max-Age=NaN` (or a string-concatenated one),
// answered the login 200 and left the API's token live. Every reading is checked now: one that is
// no finite number refuses the call with `ConfigurationError`, before anything is sent.

import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, unstorageSessionStore } from '../../src/server/index';
import { SECRETS } from './harness';
import { loginOk, request } from './hostile';

const READINGS: [string, () => unknown][] = [
  ['NaN', () => Number.NaN],
  ['a string', () => String(Date.now())],
  ['Infinity', () => Number.POSITIVE_INFINITY],
  ['undefined', () => undefined],
];

describe("the server's clock readings are checked (REVIEW-P P9)", () => {
  for (const [what, now] of READINGS)
    it(`now() reading ${what}: handle and getSession refuse with ConfigurationError, nothing sent`, async () => {
      const sent: string[] = [];
      const fetch = (async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return new Response(JSON.stringify(loginOk()), { headers: { 'content-type': 'application/json' } });
      }) as typeof globalThis.fetch;
      const pam = createPamServer({
        apiBaseURL: 'https://api.example',
        secrets: SECRETS,
        fetch,
        now: now as () => number,
      });
      const login = pam.handle(
        request('/pam/auth/login', {
          method: 'POST',
          body: { login: 'p@example.com', password: 'Secret123!' },
        }),
      );
      await expect(login).rejects.toThrow(ConfigurationError);
      await expect(login).rejects.toThrow(/now\(\)/);
      await expect(pam.getSession(request('/'))).rejects.toThrow(ConfigurationError);
      expect(sent).toEqual([]);
    });

  it("unstorageSessionStore's now() is checked the same way", async () => {
    const store = unstorageSessionStore(createStorage(), { now: (() => 'soon') as never });
    await expect(store.set('k', 'v', 1_000)).rejects.toThrow(ConfigurationError);
  });
});
