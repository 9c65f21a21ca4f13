// REVIEW-S: `origin: 42` was accepted by createPamServer (and `[42].includes(origin)` then refused
// every state-changing call, with no word of why). Only the numeric options had one check
// (review 10, D); a string, URL, origin, boolean, function, list or object option of the wrong
// type passed, and failed later or never: `forwardClient: 'true'` read as false, `cookie.secure:
// 'false'` as true, `prefix: 42` threw a TypeError, `fetch: 'x'` failed at the first call,
// `origins` (misspelt) was ignored. Now every option of the server session, of every kind, is
// checked at creation by option.ts: the core's ConfigurationError naming the option, nothing sent.
// A property over every option and values of every type, with an oracle written from docs/server.md.

import fc from 'fast-check';
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions, unstorageSessionStore } from '../../src/server/index';
import { SECRETS } from './harness';
import { type HostileAPI, json, loginOk, useHostile } from './hostile';

const hostile = useHostile();

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const whole =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const bool = (v: unknown) => typeof v === 'boolean';
const fn = (v: unknown) => typeof v === 'function';
const canURL = (v: unknown): v is string => typeof v === 'string' && URL.canParse(v);
const origin = (v: unknown) => canURL(v) && /^https?:/.test(v) && new URL(v).origin === v;
const OPERATIONS = [
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'registerSimplified',
  'forgotPassword',
  'validateDocument',
];
/** An object of only `keys`, each absent or valid by its oracle. */
const objectOf =
  (fields: Record<string, (v: unknown) => boolean>) =>
  (v: unknown): boolean =>
    isRecord(v) &&
    Object.entries(v).every(([k, x]) => Object.hasOwn(fields, k) && (x === undefined || fields[k]!(x)));
/** A cookie name: token characters, at most 25 without the `__Host-` the default `secure` adds. */
const cookieName = (v: unknown) => {
  if (typeof v !== 'string') return false;
  const base = v.replace(/^__Host-/i, '');
  return /^[\w!#$%&'*+\-.^`|~]+$/.test(v) && /^[\w!#$%&'*+\-.^`|~]{1,25}$/.test(base);
};
/** POST paths another route of the proxy has (a login there would shadow it, or be shadowed). */
const RESERVED_POST = new Set([
  '/users/refresh-token',
  '/auth/logout',
  '/auth/register-simplified',
  '/auth/forgot-password',
  '/auth/validate-document',
]);
/** The login's override: a method of the table, a clean path no other route has at that method. */
const loginEndpoint = (v: unknown) =>
  objectOf({
    // The core's rule (`checkedEndpoints`): a GET is the profile read's only (no body goes with one).
    method: (m) => m === 'POST',
    path: (p) => typeof p === 'string' && /^(\/[\w-]+)+$/.test(p),
  })(v) &&
  !(
    ((v as { method?: string }).method ?? 'POST') === 'POST' &&
    RESERVED_POST.has((v as { path?: string }).path ?? '')
  );

/** Each option: where it is set, and the oracle (docs/server.md) for a value that is not absent. */
const OPTIONS: Record<
  string,
  { set: (v: unknown) => Record<string, unknown>; valid: (v: unknown) => boolean }
> = {
  apiBaseURL: {
    set: (v) => ({ apiBaseURL: v }),
    valid: (v) =>
      canURL(v) &&
      /^https?:$/.test(new URL(v).protocol) &&
      new URL(v).username === '' &&
      new URL(v).password === '' &&
      !/[?#]/.test(v),
  },
  prefix: { set: (v) => ({ prefix: v }), valid: (v) => typeof v === 'string' && /^(\/[\w-]+)+\/*$/.test(v) },
  origin: {
    set: (v) => ({ origin: v }),
    valid: (v) => (Array.isArray(v) ? v.length > 0 && v.every(origin) : origin(v)),
  },
  forwardClient: { set: (v) => ({ forwardClient: v }), valid: bool },
  now: { set: (v) => ({ now: v }), valid: fn },
  fetch: { set: (v) => ({ fetch: v }), valid: fn },
  store: {
    set: (v) => ({ store: v }),
    valid: (v) =>
      typeof v === 'object' && v !== null && ['get', 'set', 'claim'].every((m) => fn((v as never)[m])),
  },
  cookie: {
    set: (v) => ({ cookie: v }),
    valid: objectOf({
      name: cookieName,
      secure: bool,
      idleMs: whole(1_000),
      absoluteMs: whole(1_000),
    }),
  },
  'cookie.secure': { set: (v) => ({ cookie: { secure: v } }), valid: bool },
  'cookie.name': { set: (v) => ({ cookie: { name: v } }), valid: cookieName },
  endpoints: {
    set: (v) => ({ endpoints: v }),
    valid: objectOf({
      ...Object.fromEntries(OPERATIONS.map((name) => [name, objectOf({})])),
      login: loginEndpoint,
    }),
  },
  'endpoints.login': {
    set: (v) => ({ endpoints: { login: v } }),
    valid: loginEndpoint,
  },
  timeoutMs: { set: (v) => ({ timeoutMs: v }), valid: whole(1, 2_147_483_647) },
  graceMs: { set: (v) => ({ graceMs: v }), valid: whole(0) },
  refreshAfterMs: { set: (v) => ({ refreshAfterMs: v }), valid: whole(1) },
  maxBodyBytes: { set: (v) => ({ maxBodyBytes: v }), valid: whole(1) },
  maxAnswerBytes: { set: (v) => ({ maxAnswerBytes: v }), valid: whole(1) },
  maxFileBytes: { set: (v) => ({ maxFileBytes: v }), valid: whole(1) },
  secrets: {
    set: (v) => ({ secrets: v }),
    valid: (v) =>
      Array.isArray(v) &&
      v.length > 0 &&
      v.every((s) => isRecord(s) && typeof s.secret === 'string' && s.secret.length >= 32) &&
      v.every((s) => typeof s.id === 'string' && /^\w{1,32}$/.test(s.id)) &&
      new Set(v.map((s) => s.id)).size === v.length,
  },
};

/** The outcome of createPamServer with `options` over `api`: 'created', or the error's class and message. */
function outcome(api: HostileAPI, options: Record<string, unknown>): string {
  try {
    createPamServer({ apiBaseURL: api.url, secrets: SECRETS, ...options } as PamServerOptions);
    return 'created';
  } catch (error) {
    return error instanceof ConfigurationError ? `refused: ${error.message}` : `other: ${String(error)}`;
  }
}

/** Values of every type, and values near each option's form. */
const HOSTILE = fc.oneof(
  fc.anything(),
  fc.constantFrom(42, 'true', 'false', 0, 1, null, '', [], {}, Number.NaN, '/pam', 'https://app.example'),
  fc.constantFrom(
    'https://app.example/',
    'https://app.example/x',
    'ftp://app.example',
    'app.example',
    'http://a:b@c',
  ),
  fc.constantFrom('https://api.example?x=1', 'https://api.example#top', 'pam', '/pam/', '/p a', '__Host-'),
  fc.func(fc.anything()),
  fc.array(fc.constantFrom('https://app.example', 'http://localhost:3000', 42, 'https://x.example/')),
  fc.record({ get: fc.func(fc.constant(null)), set: fc.func(fc.constant(null)) }),
  fc.record(
    { get: fc.func(fc.constant(null)), set: fc.func(fc.constant(null)), claim: fc.anything() },
    { requiredKeys: ['get', 'set'] },
  ),
  fc.record({ name: fc.anything(), secure: fc.anything() }, { requiredKeys: [] }),
  fc.record(
    {
      method: fc.constantFrom('GET', 'POST', 'post', 1),
      path: fc.constantFrom('/v2/login', 'v2', '/auth/logout'),
    },
    { requiredKeys: [] },
  ),
  fc.record({ login: fc.constant({ path: '/v2/login' }), logn: fc.constant({}) }, { requiredKeys: [] }),
  fc.array(
    fc.record({
      id: fc.constantFrom('k1', 'k-1', 'k2', 7),
      secret: fc.constantFrom('s'.repeat(32), 'short', 3),
    }),
  ),
);

describe('every option of the server session is checked at creation, whatever its kind (REVIEW-S)', () => {
  it('the review case: origin 42 is a ConfigurationError naming origin; nothing sent', async () => {
    const api = await hostile.api();
    expect(outcome(api, { origin: 42 })).toBe(
      'refused: pam-client/server: origin is an origin such as https://app.example (scheme and host, no path), or a non-empty list of them',
    );
    expect(api.requests).toEqual([]);
  });

  it.each([
    ['origin', { origin: 'https://app.example/' }, 'a path: no Origin header is written so'],
    ['origin', { origin: [] }, 'no call could pass'],
    ['origin', { origin: ['https://app.example', 42] }, 'one that is no origin'],
    ['forwardClient', { forwardClient: 'true' }, 'read as false before'],
    ['cookie.secure', { cookie: { secure: 'false' } }, 'read as true before'],
    ['cookie.name', { cookie: { name: 42 } }, 'a TypeError before'],
    ['prefix', { prefix: 42 }, 'a TypeError before'],
    [
      'apiBaseURL',
      { apiBaseURL: new URL('https://api.example') },
      'a URL object: a TypeError at the first call',
    ],
    ['fetch', { fetch: 'fetch' }, 'failed at the first call'],
    ['now', { now: 1 }, 'failed at the first call'],
    ['store', { store: { get: () => null } }, 'failed at the first refresh'],
    ['origins', { origins: ['https://app.example'] }, 'misspelt: ignored before'],
    ['cookie.maxAge', { cookie: { maxAge: 60 } }, 'not an option: ignored before'],
    ['endpoints.login', { endpoints: { login: { path: '/auth/logout' } } }, "the logout's path: shadowed"],
    ['endpoints.loginn', { endpoints: { loginn: { path: '/v2/login' } } }, 'misspelt: ignored before'],
    ['endpoints.login.method', { endpoints: { login: { method: 'post' } } }, 'no method of the table'],
    ['timeoutMs', { timeoutMs: null }, 'null read as the default before'],
  ] as [string, Record<string, unknown>, string][])(
    '%s (%j, %s): ConfigurationError naming it; nothing sent',
    async (name, options) => {
      const api = await hostile.api();
      expect(outcome(api, options)).toMatch(
        new RegExp(`^refused: pam-client/server: ${name.replace('.', '\\.')} `),
      );
      expect(api.requests).toEqual([]);
    },
  );

  it('property: each option is accepted exactly when its value has the documented type and form; a refusal names it and sends nothing', async () => {
    const api = await hostile.api();
    const names = Object.keys(OPTIONS);
    fc.assert(
      fc.property(fc.constantFrom(...names), HOSTILE, (name, value) => {
        fc.pre(value !== undefined);
        const { set, valid } = OPTIONS[name]!;
        const seen = outcome(api, set(value));
        if (valid(value)) expect(seen).toBe('created');
        else expect(seen.startsWith(`refused: pam-client/server: ${name.split('.')[0]}`)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
    expect(api.requests).toEqual([]);
  });

  it('a server made of valid options of every kind signs in over real sockets (the checks refuse no valid value)', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) => json(res, 200, loginOk());
    const pam = createPamServer({
      apiBaseURL: `${api.url}/`,
      secrets: SECRETS,
      origin: ['https://app.example', 'http://localhost:3000'],
      prefix: '/pam/',
      forwardClient: true,
      cookie: { secure: false, name: 'pam-s' },
      endpoints: { login: { method: 'POST', path: '/v2/login' } },
      store: unstorageSessionStore(createStorage()),
      now: () => Date.now(),
      fetch: (input, init) => fetch(input, init),
    });
    const answer = (await pam.handle(
      new Request('https://app.example/pam/v2/login', {
        method: 'POST',
        headers: { origin: 'https://app.example', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
      }),
    ))!;
    await answer.text();
    expect([answer.status, answer.headers.getSetCookie()[0]?.split('=')[0]]).toEqual([200, 'pam-s']);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v2/login']);
  });

  it("unstorageSessionStore's options are checked the same way", () => {
    const storage = createStorage();
    const refused = (f: () => unknown) => {
      try {
        f();
        return 'created';
      } catch (error) {
        return error instanceof ConfigurationError ? error.message : `other: ${String(error)}`;
      }
    };
    expect(refused(() => unstorageSessionStore(storage, { claimSettleMs: -1 }))).toMatch(/claimSettleMs/);
    expect(refused(() => unstorageSessionStore(storage, { prefix: 1 as never }))).toMatch(/prefix/);
    expect(refused(() => unstorageSessionStore(storage, { now: 'x' as never }))).toMatch(/now/);
    expect(refused(() => unstorageSessionStore({} as never))).toMatch(/storage/);
    expect(refused(() => unstorageSessionStore(storage, { prefx: 'a' } as never))).toMatch(/options\.prefx/);
    expect(refused(() => unstorageSessionStore(storage, { prefix: 'p:', claimSettleMs: 0 }))).toBe('created');
  });
});
