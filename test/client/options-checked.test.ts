import {
  ConfigurationError,
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  createRegistrationModule,
} from 'pam-client';
import {
  createCustomPamClient,
  createPamClient,
  debugLog,
  inspector,
  operatorPreset,
  profile,
  tabs,
  userModule,
} from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';

// REVIEW-O 6 (remainder): the client's own options (`flows`, `environment`, `onStepUp`, `storage`,
// `playClock`) and the auth `endpoints` were taken as given: `flows: 'tabs'` ran no flow, `[42]` or
// an unknown name was dropped, `environment: null` threw a raw TypeError, `onStepUp: 'x'` failed at
// the first step-up, an endpoint `{ method: 'GET' }` sent the login without its body, and a path with
// `..` went above the API. Each is now a `ConfigurationError` at creation naming the option, nothing sent.

const sent: string[] = [];
const fetchCounting = (async (input: RequestInfo | URL) => {
  sent.push(String(input));
  throw new TypeError('no network in this test');
}) as typeof fetch;
const clients: { stop(): void }[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  sent.length = 0;
});
const base = { baseURL: 'http://127.0.0.1:9/api', fetch: fetchCounting };

/** Creates with `extra`, returns what was thrown (undefined: created). */
function thrownBy(make: () => { stop(): void }): unknown {
  try {
    clients.push(make());
  } catch (e) {
    return e;
  }
  return undefined;
}

const good = { method: 'POST', path: '/v2/login' };
/** [option name in the error, the options]: each refused. */
const REFUSED: [string, Record<string, unknown>][] = [
  ['flows', { flows: 'tabs' }],
  ['flows', { flows: 5 }],
  ['flows', { flows: null }],
  ['flows[0]', { flows: [42] }],
  ['flows[0]', { flows: [null] }],
  ['flows[0]', { flows: [{ name: 'tab' }] }],
  ['flows[0]', { flows: [tabs] }],
  ['flows[1]', { flows: [tabs(), { name: 5 }] }],
  ['flows[2]', { flows: [tabs(), profile(), tabs()] }],
  ['flows[5]', { flows: [...operatorPreset(), userModule()] }],
  ['environment', { environment: 'prod' }],
  ['environment', { environment: null }],
  ['environment', { environment: 5 }],
  ['environment.timers', { environment: { timers: {} } }],
  ['environment.timers', { environment: { timers: { setTimeout } } }],
  ['environment.random', { environment: { random: 0.5 } }],
  ['environment.now', { environment: { now: 5 } }],
  ['environment.clock', { environment: { clock: () => 0 } }],
  ['environment.channel', { environment: { channel: 'pam' } }],
  ['environment.visibility', { environment: { visibility: { isHidden: () => false } } }],
  ['environment.tabId', { environment: { tabId: 7 } }],
  ['environment.chanel', { environment: { chanel: null } }],
  ['environment.constructor', { environment: { constructor: () => {} } }],
  ['environment.toString', { environment: { toString: null } }],
  ['onStepUp', { onStepUp: 'x' }],
  ['onStepUp', { onStepUp: null }],
  ['storage', { storage: 5 }],
  ['storage', { storage: { get: () => null } }],
  ['playClock', { playClock: {} }],
  ['endpoints', { endpoints: 5 }],
  ['endpoints', { endpoints: null }],
  ['endpoints.login', { endpoints: { login: 5 } }],
  ['endpoints.login', { endpoints: { login: null } }],
  ['endpoints.login', { endpoints: { login: '/v2/login' } }],
  ['endpoints.login', { endpoints: { login: { ...good, response: null } } }],
  ['endpoints.login.method', { endpoints: { login: { method: 'GET', path: '/auth/login' } } }],
  ['endpoints.login.method', { endpoints: { login: { method: 'DELETE', path: '/auth/login' } } }],
  ['endpoints.login.method', { endpoints: { login: { method: 'post', path: '/auth/login' } } }],
  ['endpoints.logout.method', { endpoints: { logout: { method: 'GET' } } }],
  ['endpoints.login.path', { endpoints: { login: { method: 'POST', path: 5 } } }],
  ['endpoints.login.path', { endpoints: { login: { method: 'POST', path: '' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: 'auth/login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: 'https://evil.test/login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: 'http://127.0.0.1:9/api/login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '//evil.test/login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/../../x' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/..' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/./login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/ login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/login\n' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth//login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/%2e%2e/x' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth\\login' } } }],
  ['endpoints.login.path', { endpoints: { login: { path: '/auth/login#x' } } }],
  ['endpoints.registerSimplified.path', { endpoints: { registerSimplified: { path: '/../x' } } }],
  ['endpoints.validateDocument.method', { endpoints: { validateDocument: { method: 'GET' } } }],
];

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function expectRefused(thrown: unknown, name: string) {
  expect(thrown).toBeInstanceOf(ConfigurationError);
  expect((thrown as ConfigurationError).code).toBe('configuration');
  // Names the option first: `environment.timers`, not just `environment`.
  expect((thrown as Error).message).toMatch(new RegExp(`^${literal(name)} `));
}

describe('createPamClient refuses options that cannot work, at creation, naming them', () => {
  it.each(REFUSED)('%s (case %#)', (name, extra) => {
    expectRefused(
      thrownBy(() => createPamClient({ ...base, ...extra } as never)),
      name,
    );
    expect(sent).toEqual([]);
  });

  it('createCustomPamClient too (flows required), and with a relative baseURL on a server (inert)', () => {
    expectRefused(
      thrownBy(() => createCustomPamClient({ ...base } as never)),
      'flows',
    );
    for (const [name, extra] of REFUSED) {
      const flows = 'flows' in extra ? extra.flows : [];
      expectRefused(
        thrownBy(() => createCustomPamClient({ ...base, ...extra, flows } as never)),
        name,
      );
      expectRefused(
        thrownBy(() => createPamClient({ ...extra, baseURL: '/api' } as never)),
        name,
      );
    }
    expect(sent).toEqual([]);
  });

  it('createAuthModule and createRegistrationModule check their endpoints the same way', () => {
    const http = createOfetchAdapter({ baseURL: base.baseURL, fetch: fetchCounting });
    for (const [name, extra] of REFUSED.filter(([n]) => n.startsWith('endpoints'))) {
      const make = /registerSimplified|validateDocument/.test(name)
        ? createRegistrationModule
        : createAuthModule;
      let thrown: unknown;
      try {
        make(http, extra as never);
      } catch (e) {
        thrown = e;
      }
      expectRefused(thrown, name);
    }
  });
});

describe('options that can work are taken', () => {
  it.each<[string, Record<string, unknown>]>([
    ['an observer flow repeated', { flows: [...operatorPreset(), debugLog(() => {}), debugLog(() => {})] }],
    ['inspector() with inspect', { flows: [inspector(() => {})], inspect: () => {} }],
    [
      'null environment parts (the defaults; channel: none)',
      { environment: { channel: null, timers: null } },
    ],
    ['a whole environment part by part', { environment: { random: () => 0.5, tabId: 't', now: () => 1 } }],
    ['a memory store', { storage: createMemoryTokenStore() }],
    [
      'endpoints: a GET profile read, a fixed query, dots inside a segment, registration rows',
      {
        endpoints: {
          login: good,
          getUserProfile: { method: 'GET', path: '/v1.2/me?check_spa_again=1&x=a%20b' },
          logout: { path: '/v2/logout' },
          registerSimplified: { method: 'POST' },
          validateDocument: undefined,
        },
      },
    ],
    ['no endpoint', { endpoints: {} }],
  ])('%s', (_, extra) => {
    expect(
      thrownBy(() => createPamClient({ ...base, environment: { channel: null }, ...extra } as never)),
    ).toBe(undefined);
  });
});
