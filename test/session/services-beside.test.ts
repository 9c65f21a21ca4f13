// Issue 32.3: the session's services (auth, token store, channel, vault, clocks, timers, page
// signals) are resolved once from its input and kept beside the actor; its context names them by a
// key and holds none, so a snapshot is data. A context whose key names no services fails closed.
import { createAuthModule, createMemoryTokenStore, createOfetchAdapter } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { servicesOf } from '../../machines/session/context';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

function input(tokens = createMemoryTokenStore()) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  return { auth: createAuthModule(http), tokens };
}

/** The paths in `value` that hold a function (a service, a module, a clock). */
function functionsIn(value: unknown, path = 'context', seen = new Set<unknown>()): string[] {
  if (typeof value === 'function') return [path];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, v]) => functionsIn(v, `${path}.${key}`, seen));
}

describe("the session's services are kept beside the actor, never in its context (issue 32.3)", () => {
  it('a signed-in context is data: no function in it, its JSON gives it back, its services are found by its key', async () => {
    const session = createActor(sessionMachine, { input: input() }).start();
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    const { email, password } = ctx.server.seed.plain;
    session.send({ type: 'LOGIN', login: email, password });
    await waitFor(session, (s) => s.matches('signedIn') && s.context.restrictions?.status === 'current', {
      timeout: 10_000,
    });
    const { context } = session.getSnapshot();
    expect(functionsIn(context)).toEqual([]);
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    expect(typeof context.servicesKey).toBe('string');
    // The services behind the key are this session's: its store holds the token the login wrote.
    expect((await servicesOf(context).tokens.get())?.accessToken).toEqual(expect.any(String));
    session.stop();
  });

  it('each actor has its own services; a key that names none fails closed', async () => {
    const a = createActor(sessionMachine, { input: input() });
    const b = createActor(sessionMachine, { input: input() });
    const ca = a.getSnapshot().context;
    const cb = b.getSnapshot().context;
    expect(ca.servicesKey).not.toBe(cb.servicesKey);
    expect(servicesOf(ca).vault).not.toBe(servicesOf(cb).vault);
    expect(() => servicesOf({ servicesKey: 'session:0:stored-elsewhere' })).toThrow(TypeError);
  });
});
