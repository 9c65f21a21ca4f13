import { sessionActorOf } from 'pam-client/devtools';
import { createCustomPamClient, createServerSessionClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';

// REVIEW-O 7: `client.login()` with no argument (or null, a number, a Proxy whose reads throw) threw a
// raw TypeError ("Cannot destructure…") or the Proxy's own error, message kept, while `register()`
// failed as invalid input. Now every such login ends `failed` with `invalid_request`, nothing sent.
// `subscribe(null)` was accepted and threw an uncaught TypeError at every later view change; `on`
// with a listener that is no function threw xstate's "handler.bind". Both are refused at once with
// a TypeError naming the call, in both clients.

const sent: string[] = [];
const counting = (async (input: RequestInfo | URL) => {
  sent.push(String(input));
  throw new TypeError('no network in this test');
}) as typeof fetch;
const clients: { stop(): void }[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  sent.length = 0;
});
const trap = new Proxy(
  {},
  {
    get() {
      throw new Error('trap hunter2');
    },
  },
);

const makers = {
  createCustomPamClient: () =>
    createCustomPamClient({
      baseURL: 'http://127.0.0.1:9/api',
      fetch: counting,
      environment: { channel: null },
      flows: [],
    }),
  createServerSessionClient: () =>
    createServerSessionClient({ fetch: counting, environment: { channel: null } } as never),
};

describe('createCustomPamClient: login with bad arguments', () => {
  it('login() with no object, or one that cannot be read, fails as invalid input, nothing sent', async () => {
    for (const bad of [undefined, null, 5, 'x', trap]) {
      const c = makers.createCustomPamClient();
      clients.push(c);
      await until(() => !['restoring', 'starting'].includes(c.view.status as string), 'settled');
      const before = sent.length;
      expect(() => c.login(bad as never)).not.toThrow();
      await until(() => c.view.status === 'failed', `failed after login(${typeof bad})`);
      expect(c.view.error).toMatchObject({ code: 'invalid_request' });
      expect(JSON.stringify(c.view)).not.toContain('hunter2');
      expect(sent.length).toBe(before);
      expect(sessionActorOf(c).getSnapshot().status).toBe('active');
    }
  });
});

// (The server-session client sends a login to its own proxy, which checks it with the core's schemas:
// its bad logins reach the proxy; the next pass decides whether it checks them itself.)
describe.each(Object.entries(makers))('%s: bad listeners', (_, make) => {
  it('login() with no object, or one that cannot be read, never throws', () => {
    for (const bad of [undefined, null, 5, 'x', trap]) {
      const c = make();
      clients.push(c);
      expect(() => c.login(bad as never)).not.toThrow();
    }
  });

  it('subscribe and on refuse a listener that is no function at once', () => {
    const c = make();
    clients.push(c);
    for (const bad of [null, undefined, 5, {}]) {
      expect(() => c.subscribe(bad as never)).toThrow(TypeError);
      expect(() => c.on('signedIn' as never, bad as never)).toThrow(TypeError);
      expect(() => c.state.subscribe(bad as never)).toThrow(TypeError);
    }
  });
});
