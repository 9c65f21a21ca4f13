// Review 43: the adapter's `get` / `post` / `patch` / `delete` given a path that is not a string.
// README ("Typed at the boundary"): bad input throws a typed error and sends nothing; errors.md:
// an argument a caller got wrong is a `RequestValidationError` (`invalid_request`). Instead:
// null, undefined, a number, a `URL` or a Proxy throw a raw TypeError / the Proxy's own error
// (`path.indexOf is not a function`: `secretValuesOfQuery(path)` runs before any check), and a
// `String` object is SENT (and, through `client.http`, a pause sent so is not followed by the
// session's restriction watch, which only reads string paths: canBet stays true).
import { createOfetchAdapter, isPamError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const cases: [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a number', () => 5],
  ['a URL', () => new URL(`${server.url}/income-report/available-years`)],
  ['an object with toString', () => ({ toString: () => '/income-report/available-years' })],
  ['a String object', () => new String('/income-report/available-years')],
  [
    'a Proxy whose reading throws',
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
  ],
];

describe('review43: a path that is not a string', () => {
  test.each(cases)('%s: a typed invalid_request, nothing sent', async (_name, make) => {
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => 'tok_ABCDEFGHIJKLMNOPQRSTUVWX',
    });
    const before = server.requests.length;
    const error = await http.get(make() as string).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(server.requests.length - before, 'requests sent').toBe(0);
    expect(isPamError(error), String(error)).toBe(true);
    expect((error as { code?: string }).code).toBe('invalid_request');
  });
});
