// REVIEW-O O-1: a `signal` option whose reading throws (a Proxy, a Proxy over a real AbortSignal
// whose `aborted` getter throws) is a RequestValidationError (`unreadable`), the foreign error and
// its message dropped, nothing sent: for the adapter's calls and the modules' built on it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule } from '../../src/index';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { rejectionOf } from './helpers';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  server.requests.length = 0;
});

const trap = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap leaked-secret-hunter2');
      },
    },
  ) as AbortSignal;
const trapAborted = () =>
  new Proxy(new AbortController().signal, {
    get(t, k) {
      if (k === 'aborted') throw new Error('aborted getter leaked-secret');
      return Reflect.get(t, k);
    },
  });

describe('a signal whose reading throws (O-1)', () => {
  const http = () =>
    createOfetchAdapter({ baseURL: server.url, retry: 0, getAccessToken: () => server.issueToken(1) });
  const cases: [string, (signal: AbortSignal) => Promise<unknown>][] = [
    ['user.getAddress', (signal) => createUserModule(http()).getAddress({ signal })],
    [
      'auth.login',
      (signal) =>
        createAuthModule(http()).login({ login: 'player@example.com', password: 'Secret123!' }, { signal }),
    ],
    ['http.get', (signal) => http().get('/bff/users/address-by-user', { signal })],
    ['http.post', (signal) => http().post('/x', { a: 1 }, { signal })],
  ];
  for (const [name, call] of cases)
    for (const [kind, make] of [
      ['a Proxy trap', trap],
      ['a Proxy over an AbortSignal', trapAborted],
    ] as const)
      it(`${name} with ${kind}: invalid_request (unreadable), nothing sent, no foreign message`, async () => {
        const error = (await rejectionOf(call(make()))) as {
          name: string;
          code: string;
          message: string;
          issues: { code: string }[];
        };
        expect(error.name).toBe('RequestValidationError');
        expect(error.code).toBe('invalid_request');
        expect(error.issues.map((i) => i.code)).toEqual(['unreadable']);
        expect(JSON.stringify([error.message, error.issues, `${error}`])).not.toMatch(/leaked|trap|getter/);
        expect(server.requests).toEqual([]);
      });
});
