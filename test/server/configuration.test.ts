// `createPamServer` checks what the seal needs when it is created (review 9, item 4): a secret id
// holding `-` (or `.`, or empty) passed `createPamServer`, which allowed `[\w.-]+`, and the first
// login then failed inside iron-webcrypto ("Invalid password id": its ids are `\w+`), a 500 at
// sign-in time in production. Now every option the server cannot work with throws the core's typed
// `ConfigurationError` at creation, with a message that says what to change; a valid id seals and
// opens (a login and a later call over real sockets, against the reference server).

import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/errors/base';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions } from '../../src/server/index';
import { serveHandler } from '../support/serve-handler';
import { useReferenceServer } from '../support/server';
import { Browser, type TestClock } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now });
const SECRET = 'a-test-secret-of-at-least-32-characters!!';

/** What `createPamServer(options)` threw, or null. */
function thrown(options: Partial<PamServerOptions>): unknown {
  try {
    createPamServer({ apiBaseURL: ref.server.url, secrets: [{ id: 'k1', secret: SECRET }], ...options });
    return null;
  } catch (error) {
    return error;
  }
}

/** The class, code and message of what `createPamServer(options)` threw. */
function refusal(options: Partial<PamServerOptions>) {
  const error = thrown(options);
  return {
    configuration: error instanceof ConfigurationError && isPamError(error),
    code: (error as { code?: unknown } | null)?.code,
    message: (error as Error | null)?.message,
  };
}

describe('createPamServer refuses what the seal cannot use, when created', () => {
  it.each([
    ['a dash', '2026-11'],
    ['a dot', 'k.1'],
    ['empty', ''],
    ['a space', 'k 1'],
    ['the seal separator', 'k*1'],
    ['non-ASCII', 'chave-ç'],
  ])('a secret id with %s: ConfigurationError saying what an id is', (_, id) => {
    expect(refusal({ secrets: [{ id, secret: SECRET }] })).toEqual({
      configuration: true,
      code: 'configuration',
      message: expect.stringMatching(/secret id .*letters, digits and _/),
    });
  });

  it('an id used twice (a rotation that reuses one): ConfigurationError', () => {
    const secrets = [
      { id: 'k1', secret: SECRET },
      { id: 'k1', secret: `${SECRET}-older` },
    ];
    expect(refusal({ secrets })).toEqual({
      configuration: true,
      code: 'configuration',
      message: expect.stringMatching(/secret ids are unique/),
    });
  });

  it.each([
    ['no secrets', { secrets: [] }, /at least one/],
    ['a short secret', { secrets: [{ id: 'k1', secret: 'short' }] }, /32 characters/],
    [
      'a secret that is not a string',
      { secrets: [{ id: 'k1', secret: 42 as unknown as string }] },
      /32 characters/,
    ],
    ['secrets not a list', { secrets: 'x'.repeat(40) as unknown as [] }, /at least one/],
    ['a malformed apiBaseURL', { apiBaseURL: 'not a url' }, /apiBaseURL/],
    ['an apiBaseURL of another scheme', { apiBaseURL: 'ftp://api.example' }, /apiBaseURL/],
    ['a prefix that is no path', { prefix: 'pam' }, /prefix/],
    ['a cookie name that is no cookie name', { cookie: { name: 'a b' } }, /cookie\.name/],
    ['a bound that is no size', { maxAnswerBytes: 0 }, /maxAnswerBytes/],
    [
      'a timeout no timer can wait (Infinity fires at once)',
      { timeoutMs: Number.POSITIVE_INFINITY },
      /timeoutMs/,
    ],
    ['a timeout of 0', { timeoutMs: 0 }, /timeoutMs/],
  ] as const)('%s: ConfigurationError', (_, options, message) => {
    expect(refusal(options as Partial<PamServerOptions>)).toEqual({
      configuration: true,
      code: 'configuration',
      message: expect.stringMatching(message),
    });
  });

  it('ids of letters, digits and _ seal and open: a login and a later call, rotated secrets too', async () => {
    const older = createPamServer({
      apiBaseURL: ref.server.url,
      secrets: [{ id: 'k2025_11', secret: `${SECRET}-older` }],
      now: () => clock.now,
      cookie: { secure: false },
    });
    const rotated = createPamServer({
      apiBaseURL: ref.server.url,
      secrets: [
        { id: 'K2026_12', secret: SECRET },
        { id: 'k2025_11', secret: `${SECRET}-older` },
      ],
      now: () => clock.now,
      cookie: { secure: false },
    });
    const first = await serveHandler((request, context) => older.handle(request, context));
    const second = await serveHandler((request, context) => rotated.handle(request, context));
    try {
      const browser = new Browser(first.url, 'pam-session');
      const { plain } = ref.server.seed;
      expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      const sealed = browser.cookie!;
      expect(sealed.split('*')[1]).toBe('k2025_11');
      const later = new Browser(second.url, 'pam-session');
      later.cookie = sealed;
      expect((await later.call('GET', '/pam/session')).json).toMatchObject({ status: 'signedIn' });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
