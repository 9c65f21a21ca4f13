import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { USER_CALLS } from '../support/user-calls';
import { browserProfile, runningClock, usePam } from './support';

// in server-session mode (the user flow is shared): signed out, every call of
// `client.user` is refused `unauthorized` and nothing reaches the proxy; signed in, an accepted
// 2FA change is read back into the view.

const clock = runningClock();
const { ref, fx } = usePam(clock);
useMemoryLocalStorage();
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

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
  return { c: c as typeof c & { user: UserModule }, profile };
}

describe('server-session client.user (R-9, R-6)', () => {
  it('signed out: every call refused unauthorized, nothing sent', async () => {
    const { c, profile } = await signedIn();
    const args = new Map<string, unknown[]>();
    for (const [name, make] of Object.entries(USER_CALLS))
      args.set(name, await make(c.user, ref.server.seed.plain.id));
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    for (const [name, a] of args) {
      const before = profile.seen.length;
      await expect(u[name]!(...a), name).rejects.toMatchObject({ code: 'unauthorized' });
      expect(profile.seen.slice(before).map((s) => `${name} ${s.url}`)).toEqual([]);
    }
  });

  it('toggleTwoFactor accepted: view.userInfo.two_factor_enabled turns true', async () => {
    const { c } = await signedIn();
    expect(c.view.userInfo?.two_factor_enabled).toBeFalsy();
    await c.user.toggleTwoFactor({ type: 'sms', enabled: true });
    await until(() => c.view.userInfo?.two_factor_enabled === true, 'the view shows 2FA on');
  });
});
