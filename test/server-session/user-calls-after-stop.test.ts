import { AbortedError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { USER_CALLS } from '../support/user-calls';
import { browserProfile, runningClock, usePam } from './support';

// The rule of createPamClient's user calls without a running session, in server-session mode (the
// user flow is shared): after `client.stop()` every call of `client.user` rejects `aborted`, signed
// in or out when it stopped, and a call whose signal is already aborted too; nothing reaches the
// proxy, nothing is kept (no step-up attempt, no accepted restriction).

const clock = runningClock();
const { ref, fx } = usePam(clock);
const storage = useMemoryLocalStorage();
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const kept = () => Object.fromEntries(storage.keys().map((k) => [k, globalThis.localStorage.getItem(k)]));

async function signedIn() {
  const profile = browserProfile(fx.served.url);
  const c = createServerSessionClient({
    fetch: profile.fetch,
    flows: [userModule()],
    environment: { channel: null },
  });
  clients.push(c);
  const { email, password } = ref.server.seed.plain;
  await c.ready;
  c.login({ login: email, password });
  await until(() => c.view.status === 'signedIn', 'signed in');
  const args = new Map<string, unknown[]>();
  for (const [name, make] of Object.entries(USER_CALLS))
    args.set(name, await make(c.user as UserModule, ref.server.seed.plain.id));
  const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return { c, profile, args, u };
}

describe('server-session client.user without a running session, or with its signal aborted', () => {
  for (const signedOut of [false, true])
    it(`stopped signed ${signedOut ? 'out' : 'in'}: every call rejects aborted, nothing sent or kept`, async () => {
      const { c, profile, args, u } = await signedIn();
      if (signedOut) {
        c.logout();
        await until(() => c.view.status === 'signedOut', 'signed out');
      }
      c.stop();
      const before = profile.seen.length;
      const stored = kept();
      for (const [name, a] of args) await expect(u[name]!(...a), name).rejects.toBeInstanceOf(AbortedError);
      expect(profile.seen.slice(before).map((s) => s.url)).toEqual([]);
      expect(kept()).toEqual(stored);
    });

  it('a signal aborted before the call: aborted, three times each, nothing sent or kept', async () => {
    const { profile, args, u } = await signedIn();
    const before = profile.seen.length;
    const stored = kept();
    for (let i = 0; i < 3; i++)
      for (const [name, a] of args)
        await expect(u[name]!(...a, { signal: AbortSignal.abort() }), name).rejects.toBeInstanceOf(
          AbortedError,
        );
    expect(profile.seen.slice(before).map((s) => s.url)).toEqual([]);
    expect(kept()).toEqual(stored);
  });
});

describe('the inert (server-render) server-session client, stopped', () => {
  it('every user call rejects aborted after stop(), as the running client (was: unauthorized)', async () => {
    // No page here: the client is inert (its actor never starts), signed out.
    const c = createServerSessionClient({ flows: [userModule()] });
    expect(c.view.status).toBe('signedOut');
    c.stop();
    const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    for (const name of Object.keys(USER_CALLS))
      await expect(u[name]!(), name).rejects.toBeInstanceOf(AbortedError);
  });
});
