// Every request goes out with `cache: 'no-store'` (REVIEW-Q 10): a browser may answer a GET from
// its HTTP cache when the answer looks cacheable (a `max-age` a proxy added by mistake, or only a
// `Last-Modified`: RFC 9111 4.2.2 heuristics), and the client would take that old profile or SPA
// check for a fresh read (a player barred since shown free to bet). Over real sockets: what the
// adapter hands to fetch, for every method and for the income-report file.
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule } from '../../src/index';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe("the adapter's requests skip the HTTP cache", () => {
  it('GET, POST, PATCH and DELETE all carry cache no-store', async () => {
    const seen: string[] = [];
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(init?.cache ?? (input instanceof Request ? input.cache : 'default')));
      return globalThis.fetch(input, init);
    }) as typeof globalThis.fetch;
    const http = createOfetchAdapter({ baseURL: ctx.server.url, fetch });
    const { plain } = ctx.server.seed;
    const auth = createAuthModule(http);
    const answer = await auth.login({ login: plain.email, password: plain.password });
    const token = (answer as { access_token: string }).access_token;
    const user = createUserModule(
      createOfetchAdapter({ baseURL: ctx.server.url, fetch, getAccessToken: () => token }),
    );
    await user.getLoginHistory();
    await createAuthModule(
      createOfetchAdapter({ baseURL: ctx.server.url, fetch, getAccessToken: () => token }),
    ).getUserProfile();
    await http.patch('/nowhere', {}).catch(() => {});
    await http.delete('/nowhere').catch(() => {});
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.filter((c) => c !== 'no-store')).toEqual([]);
  });
});
