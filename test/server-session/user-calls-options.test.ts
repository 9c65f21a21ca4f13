import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { CALL_ROWS, USER_CALLS } from '../support/user-calls';
import { browserProfile, runningClock, usePam } from './support';

// R-1 in server-session mode (`createServerSessionClient({ flows: [userModule()] })`, the SvelteKit /
// Nuxt / Next set-up): changePassword was refused `invalid_request` there too (the flow is shared).
// Every call of `client.user`, with no options, `{}` and a live signal, goes through the proxy to
// the reference server and succeeds, over real sockets.

const clock = runningClock();
const { ref, fx } = usePam(clock);
useMemoryLocalStorage();
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedIn() {
  const c = createServerSessionClient({
    fetch: browserProfile(fx.served.url).fetch,
    flows: [userModule()],
    environment: { channel: null },
  });
  clients.push(c);
  const { email, password } = ref.server.seed.plain;
  await c.ready;
  c.login({ login: email, password });
  await until(() => c.view.status === 'signedIn', 'signed in');
  return c as typeof c & { user: UserModule };
}

describe('server-session client.user: every call takes its options where its signature has them (R-1)', () => {
  it('the table has a row for every call of client.user', async () => {
    expect(Object.keys(USER_CALLS).sort()).toEqual(Object.keys((await signedIn()).user).sort());
  });

  it.each(CALL_ROWS)('%s with %s is sent and succeeds', async (name, _, options) => {
    const c = await signedIn();
    const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const later = () => {
      clock.now += 3_001; // the reference server's report is made in 2 steps of 1.5 s
    };
    const args = [...(await USER_CALLS[name](c.user, ref.server.seed.plain.id, later)), ...options()];
    const before = ref.server.requests.length;
    await expect(u[name]!(...args)).resolves.not.toBeInstanceOf(Error);
    expect(ref.server.requests.length).toBeGreaterThan(before);
    for (const r of ref.server.requests.slice(before))
      expect(JSON.stringify(r.body ?? null)).not.toMatch(/signal|onStepUp/);
  });
});
