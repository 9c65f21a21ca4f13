// REVIEW104 probes (hold): review 103's `withoutUserToken` / `withoutTokens`
// (machines/login/request.ts:182-197). A login answer's `user` and `userInfo` lose every key that
// ends in `token` (any case, any depth). Nothing else changes.
// - Dropped, as the rule says: `push_token`, `fcmToken`, `TOKEN`, `x-token`, in objects inside
//   arrays too. The app loses a `push_token` the API might send in `user`. That is the stated rule
//   (a key naming a token never reaches a view); such an app reads it from its own call.
// - Kept: `Tokenized`, `tokens`, `token_type`, `tokenExpiry`, `tokenizer`, and every other value as
//   it was (null, numbers, booleans, nested arrays, an empty key, unicode and lone surrogates, a
//   `toJSON` key that is text). The answer's other keys (`access_token`, `type`, ...) stay untouched.
// - Hostile shapes: a `user` that is a string, array, number, `true` or null is no crash. An own
//   `__proto__` key (as JSON.parse makes one) stays a plain key: no prototype set, nothing polluted.
//   A `__proto__` token under it is dropped too. 100 000 keys are no problem. Nesting is bounded
//   before this function: the answer reader refuses anything deeper than 64 levels
//   (src/schemas/readers/core.ts:238), and on the client's own path the login's scrubber cuts the
//   answer first, so a 20 000-deep `user.document` still signs in. JSON.stringify throws
//   (RangeError) only some 5 000 levels deep, which no login answer reaches here.
// - End to end (reference server): the `signedIn` event's user has `Tokenized` and `tokens` but no
//   `push_token` or `document.session_token`.
import { createMemoryTokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { withoutTokens, withoutUserToken } from '../../machines/login/request';
import { until } from '../support/event-loop';

describe('withoutUserToken: only keys ending in "token" go', () => {
  it('drops every key ending in token, any case, any depth (arrays too), keeps the look-alikes', () => {
    const answer = {
      access_token: 'AT',
      token_type: 'bearer',
      user: {
        id: 7,
        token: 'AT',
        push_token: 'p',
        fcmToken: 'f',
        TOKEN: 'T',
        'x-token': 'x',
        Tokenized: true,
        tokens: ['t1'],
        token_type: 'bearer',
        tokenExpiry: 5,
        tokenizer: 'ws',
        devices: [{ name: 'a', device_token: 'd' }, [{ token: 'n' }]],
        document: { number: '1', session_token: 's', meta: { refreshToken: 'r', keep: 1 } },
      },
      userInfo: { user_limit_1: 10, limits: [{ csrfToken: 'c', v: null }] },
    };
    const out = withoutUserToken(answer);
    expect(out).toEqual({
      access_token: 'AT',
      token_type: 'bearer',
      user: {
        id: 7,
        Tokenized: true,
        tokens: ['t1'],
        token_type: 'bearer',
        tokenExpiry: 5,
        tokenizer: 'ws',
        devices: [{ name: 'a' }, [{}]],
        document: { number: '1', meta: { keep: 1 } },
      },
      userInfo: { user_limit_1: 10, limits: [{ v: null }] },
    });
    // (The input is left as it was.)
    expect(answer.user.push_token).toBe('p');
  });

  it('changes nothing else: every JSON value comes back as it was', () => {
    const user = {
      n: 0,
      neg: -1.5,
      big: 9007199254740991,
      t: true,
      f: false,
      z: null,
      s: 'São Paulo \u{1F600} \ud800',
      e: '',
      '': 'empty key',
      toJSON: 'text, not a function',
      arr: [1, 'two', null, [[]], { a: {} }],
      nested: { a: { b: { c: [{ d: 'e' }] } } },
    };
    expect(withoutUserToken({ user }).user).toEqual(user);
  });

  it('a user that is no object passes as is', () => {
    for (const user of ['a string', ['x', { token: 't' }], 42, true, null, 0, '']) {
      const out = withoutUserToken({ user } as { user: unknown }) as { user: unknown };
      if (Array.isArray(user)) expect(out.user).toEqual(['x', {}]);
      else expect(out.user).toEqual(user);
    }
  });

  it('an own __proto__ key stays a plain key (no prototype set, nothing polluted)', () => {
    const user = JSON.parse('{"id":1,"__proto__":{"cancelled_account":false,"token":"t","polluted":1}}');
    const out = withoutUserToken({ user }).user as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({
      cancelled_account: false,
      polluted: 1,
    });
    expect(out.cancelled_account).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('100 000 keys: done, the token keys gone', () => {
    const user: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) user[`k${i}${i % 10 === 0 ? '_token' : ''}`] = i;
    const t = performance.now();
    const out = withoutTokens(user);
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(Object.keys(out)).toHaveLength(90_000);
  });
});

describe('end to end: a login answer through the reference server', () => {
  it('push_token and a nested session_token go, Tokenized and tokens stay; a 20 000-deep value still signs in', async () => {
    const kit = createReferenceFetch();
    const res = await kit(`${kit.baseURL}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: kit.seed.plain.email, password: kit.seed.plain.password }),
    });
    const text = await res.text();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const body = text.replace(
      /"document":\{/,
      `"document":{"push_token":"p","Tokenized":"yes","tokens":["x"],"inner":{"session_token":"s","keep":2},"deep":${deep},`,
    );
    expect(body).not.toBe(text);
    kit.faults.add({ path: '/auth/login', status: 200, body, contentType: 'application/json', times: 1 });
    const c = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      storage: createMemoryTokenStore(),
      environment: { channel: null },
      retry: 0,
    });
    try {
      await until(() => c.view.status === 'signedOut');
      let doc: Record<string, unknown> | undefined;
      c.on('signedIn', (e) => {
        doc = (e as unknown as { user?: { document?: Record<string, unknown> } }).user?.document;
      });
      c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
      await until(
        () => doc !== undefined,
        () => c.view.status,
      );
      expect(doc).toMatchObject({ Tokenized: 'yes', tokens: ['x'], inner: { keep: 2 } });
      expect(doc).not.toHaveProperty('push_token');
      expect(doc?.inner).not.toHaveProperty('session_token');
      expect(c.view.status).toBe('signedIn');
    } finally {
      c.stop();
    }
  });
});
