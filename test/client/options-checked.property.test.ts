import fc from 'fast-check';
import { ConfigurationError, createMemoryTokenStore } from 'pam-client';
import { createClock } from 'pam-client/devtools';
import {
  createLocalStoragePlayClock,
  createPamClient,
  debugLog,
  inspector,
  playTime,
  profile,
  registration,
  tabs,
  userModule,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { until } from '../support/event-loop';
import { PLAIN_USER_INFO } from '../support/login-answer';

// REVIEW-O 6, over generated option objects: each option given is either one that can work or one
// that cannot (which name it has is known to the generator). An object with a bad option is refused
// at creation with a `ConfigurationError` naming one of its bad options, nothing sent; one without
// is taken and works at first use: a login (sent where `endpoints.login` says), the profile read,
// a logout, no throw.

type Option = { value: Record<string, unknown>; bad: string[] };
const ok = (value: Record<string, unknown>): Option => ({ value, bad: [] });
const bad = (name: string, value: Record<string, unknown>): Option => ({ value, bad: [name] });
/** An option left out, or given right or wrong (`make(i)`: the value and its bad names). */
const option = (good: fc.Arbitrary<Option>, wrong: fc.Arbitrary<Option>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(ok({})) }, { weight: 3, arbitrary: good }, wrong);

const STATEFUL = [tabs, profile, playTime, userModule, registration];
const ONCE = ['tabs', 'profile', 'playTime', 'user', 'registration'];
const goodFlows = fc
  .tuple(fc.subarray(STATEFUL), fc.array(fc.boolean(), { maxLength: 3 }))
  .chain(([stateful, observers]) =>
    fc.shuffledSubarray(
      [...stateful.map((f) => f()), ...observers.map((o) => (o ? debugLog(() => {}) : inspector(() => {})))],
      { minLength: stateful.length + observers.length },
    ),
  );
const JUNK: unknown[] = [42, 'tabs', null, { name: 'tab' }, { name: 5 }, tabs, 'twice'];
const flows = option(
  goodFlows.map((list) => ok({ flows: list })),
  fc.oneof(
    fc.constantFrom('tabs', 5, null, {}).map((v) => bad('flows', { flows: v })),
    fc.tuple(goodFlows, fc.constantFrom(...JUNK), fc.nat()).map(([list, junk, at]) => {
      // 'twice': a stateful flow of the list listed again, at the end (refused: it would run twice).
      const again = list.find((f) => ONCE.includes(f.name));
      if (junk === 'twice' && again) return bad(`flows[${list.length}]`, { flows: [...list, again] });
      const i = at % (list.length + 1);
      return bad(`flows[${i}]`, {
        flows: [...list.slice(0, i), junk === 'twice' ? 42 : junk, ...list.slice(i)],
      });
    }),
  ),
);

const noop = () => () => {};
const GOOD_PARTS: Record<string, unknown[]> = {
  clock: [createClock(), null],
  now: [() => 1_800_000_000_000],
  serverNow: [() => 1_800_000_000_000],
  random: [() => 0.5],
  timers: [{ setTimeout: () => 0, clearTimeout: () => {} }, null],
  visibility: [{ isHidden: () => false, onChange: noop }],
  focus: [{ onFocus: noop }],
  online: [{ isOnline: () => true, onChange: noop }],
  channel: [null, { postMessage() {}, addEventListener() {}, removeEventListener() {}, close() {} }],
  lifecycle: [{ onLeave: noop }],
  tabId: ['tab-1'],
};
const BAD_PARTS: Record<string, unknown[]> = {
  clock: [{}, () => 0, 'utc'],
  now: [5, {}],
  serverNow: ['x'],
  random: [0.5],
  timers: [{}, { setTimeout }],
  visibility: [{ isHidden: () => false }, true],
  focus: [{}],
  online: [{ isOnline: true, onChange: noop }],
  channel: ['pam', {}],
  lifecycle: [5],
  tabId: [7, {}],
  chanel: [null, {}],
  timer: [{ setTimeout, clearTimeout }],
};
const goodEnvironment = fc
  .dictionary(fc.constantFrom(...Object.keys(GOOD_PARTS)), fc.nat(), { maxKeys: 6 })
  .map((picks) =>
    Object.fromEntries(Object.entries(picks).map(([k, n]) => [k, GOOD_PARTS[k]![n % GOOD_PARTS[k]!.length]])),
  );
const environment = option(
  goodEnvironment.map((env) => ok({ environment: env })),
  fc.oneof(
    fc.constantFrom('prod', null, 5).map((v) => bad('environment', { environment: v })),
    fc
      .tuple(goodEnvironment, fc.constantFrom(...Object.keys(BAD_PARTS)), fc.nat())
      .map(([env, k, n]) =>
        bad(`environment.${k}`, { environment: { ...env, [k]: BAD_PARTS[k]![n % BAD_PARTS[k]!.length] } }),
      ),
  ),
);

const onStepUp = option(
  fc.constant(ok({ onStepUp: async () => null })),
  fc.constantFrom('x', null, {}, 5).map((v) => bad('onStepUp', { onStepUp: v })),
);
const storage = option(
  fc.constant(null).map(() => ok({ storage: createMemoryTokenStore() })),
  fc.constantFrom(5, {}, { get: () => null, set() {} }, null).map((v) => bad('storage', { storage: v })),
);
const playClock = option(
  fc.constant(ok({ playClock: () => createLocalStoragePlayClock('k', undefined) })),
  fc.constantFrom({}, 'local', null).map((v) => bad('playClock', { playClock: v })),
);

// `inspect` and `debug` of the wrong type were taken and then ignored: refused like the rest.
const inspect = option(
  fc.constantFrom(() => {}, { next() {} }).map((v) => ok({ inspect: v })),
  fc.constantFrom('x', 5, null, true).map((v) => bad('inspect', { inspect: v })),
);
const debug = option(
  fc.constantFrom(false, () => {}).map((v) => ok({ debug: v })),
  fc.constantFrom('yes', 1, null, {}).map((v) => bad('debug', { debug: v })),
);

const NAMES = [
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'forgotPassword',
  'registerSimplified',
  'validateDocument',
];
const segment = fc.stringMatching(/^[\w.~-]{1,8}$/).filter((s) => !/^\.+$/.test(s));
const goodPath = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 3 }),
    fc.option(fc.stringMatching(/^[\w.~%=&-]{0,10}$/)),
  )
  .map(([segments, query]) => `/${segments.join('/')}${query === null ? '' : `?${query}`}`);
const goodEntry = (name: string) =>
  fc.record(
    {
      method: fc.constantFrom(...(name === 'getUserProfile' ? ['GET', 'POST'] : ['POST'])),
      path: goodPath,
    },
    { requiredKeys: [] },
  );
const goodEndpoints = fc
  .uniqueArray(fc.constantFrom(...NAMES), { maxLength: 4 })
  .chain((names) => fc.tuple(...names.map((n) => goodEntry(n).map((e) => [n, e] as const))))
  .map((entries) => Object.fromEntries(entries) as Record<string, { method?: string; path?: string }>);
const BAD_PATHS = [
  '',
  5,
  'auth/login',
  'https://evil.test/x',
  '//evil.test/x',
  '/a/../../x',
  '/a/..',
  '/./a',
  '/a b',
  '/a\tb',
  '/a\n',
  '/a//b',
  '/a/%2e%2e/x',
  '/a\\b',
  '/a#b',
  '/a?b c',
];
const endpoints = option(
  goodEndpoints.map((e) => ok({ endpoints: e })),
  fc.oneof(
    fc.constantFrom(5, null, 'login').map((v) => bad('endpoints', { endpoints: v })),
    fc
      .tuple(
        goodEndpoints,
        fc.constantFrom(...NAMES),
        fc.constantFrom(5, null, '/x', { path: '/x', extra: 1 }),
      )
      .map(([e, n, v]) => bad(`endpoints.${n}`, { endpoints: { ...e, [n]: v } })),
    fc
      .tuple(goodEndpoints, fc.constantFrom(...NAMES), fc.constantFrom('GET', 'DELETE', 'post', 5, null))
      .filter(([, n, m]) => !(n === 'getUserProfile' && m === 'GET'))
      .map(([e, n, m]) => bad(`endpoints.${n}.method`, { endpoints: { ...e, [n]: { method: m } } })),
    fc
      .tuple(goodEndpoints, fc.constantFrom(...NAMES), fc.constantFrom(...BAD_PATHS))
      .map(([e, n, p]) => bad(`endpoints.${n}.path`, { endpoints: { ...e, [n]: { path: p } } })),
  ),
);

const options = fc
  .tuple(flows, environment, onStepUp, storage, playClock, endpoints, inspect, debug)
  .map((parts) => ({
    value: Object.assign({}, ...parts.map((p) => p.value)) as Record<string, unknown>,
    bad: parts.flatMap((p) => p.bad),
  }));

const BASE = 'http://127.0.0.1:9/api';

/** A fake API: a login answer to a POST with a password, the profile to a GET, an empty 200 else. */
function api(sent: { method: string; url: string }[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    sent.push({ method, url });
    const body = typeof init?.body === 'string' ? init.body : '';
    const user = { id: 7, email: 'ana@example.com' };
    const answer = body.includes('password')
      ? { access_token: 'tok-abc', expires_in: 28_800, token_type: 'Bearer', user, userInfo: PLAIN_USER_INFO }
      : method === 'GET'
        ? { user, userInfo: answeredUserInfo() }
        : {};
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

describe('createPamClient over generated options', () => {
  it('refuses exactly the objects with a bad option (naming one of them, nothing sent); the rest work at first use', async () => {
    let refused = 0;
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(options, async ({ value, bad: wrong }) => {
        const sent: { method: string; url: string }[] = [];
        let client: ReturnType<typeof createPamClient> | undefined;
        let thrown: unknown;
        try {
          client = createPamClient({ baseURL: BASE, fetch: api(sent), ...value } as never);
        } catch (e) {
          thrown = e;
        }
        if (wrong.length) {
          refused += 1;
          expect(thrown).toBeInstanceOf(ConfigurationError);
          const named = wrong.filter((n) =>
            (thrown as Error).message.startsWith(`${n} cannot work as given`),
          );
          expect(named, `${(thrown as Error).message} names one of ${wrong.join(', ')}`).toHaveLength(1);
          expect(sent).toEqual([]);
          return;
        }
        taken += 1;
        expect(thrown).toBeUndefined();
        const c = client!;
        try {
          await until(() => !['restoring', 'starting'].includes(c.view.status as string), 'settled');
          c.login({ login: 'ana@example.com', password: 'pw-secret' });
          await until(
            () => c.view.status === 'signedIn',
            () => `signed in (${c.view.status})`,
          );
          const loginPath = (value.endpoints as Record<string, { path?: string }> | undefined)?.login?.path;
          expect(sent[0]).toEqual({ method: 'POST', url: `${BASE}${loginPath ?? '/auth/login'}` });
          c.logout();
          await until(
            () => c.view.status === 'signedOut',
            () => `signed out (${c.view.status})`,
          );
        } finally {
          c.stop();
        }
      }),
      { numRuns: 150 },
    );
    // Neither side empty.
    expect(refused).toBeGreaterThan(20);
    expect(taken).toBeGreaterThan(20);
  });
});
